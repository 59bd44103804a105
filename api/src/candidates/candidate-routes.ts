import { eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { outbox } from '../db/alert-tables';
import { applicationResumes, applications, applicationWithdrawals } from '../db/application-tables';
import type { Database } from '../db/database';
import { jobPostings, organizations } from '../db/job-board-tables';
import { alertPage, escapeHtml, htmlPage, paragraph } from '../lib/html-pages';
import { dateText, receivedText, resumeDescription, sentFields } from './application-summary';
import { type CandidateTokens, candidatePath } from './candidate-links';
import { deleteReceipts, receiptKey } from './receipt';
import { applicationKeptUntil } from './retention';

/**
 * The candidate's own pages, at the signed link of their receipt, with no account: what was sent,
 * the resume and "Download my data" (a JSON file of everything the board holds about the
 * application), and "Withdraw and delete" (a page that asks once, then a POST that deletes the
 * application, its resume and its receipt). Small HTML that works without JavaScript, with the
 * alert pages' headers (no-store, no referrer, nothing runs, never framed).
 *
 * A link that does not verify (forged, altered, expired, an alert's) and a link to an application
 * that is gone (purged) get the same plain 404, which says nothing of why. A link to an
 * application its candidate withdrew says it was deleted (410): only the id and the time of the
 * withdrawal are kept for that.
 */
export function candidateRoutes(deps: { db: Database; tokens: CandidateTokens }) {
  const { db, tokens } = deps;
  const app = new Hono();

  /** The application a token names, or why there is none to show. */
  async function lookUp(token: unknown) {
    const claims = tokens.verify(typeof token === 'string' ? token : undefined, 'application');
    if (!claims) return { state: 'unknown' as const };
    const id = claims.subject;
    const [found] = await db
      .select({ application: applications, jobTitle: jobPostings.title, company: organizations.name })
      .from(applications)
      .leftJoin(jobPostings, eq(jobPostings.id, applications.jobPostingId))
      .leftJoin(organizations, eq(organizations.id, jobPostings.organizationId))
      .where(eq(applications.id, id));
    if (found) {
      const job = {
        id: found.application.jobPostingId,
        title: found.jobTitle ?? 'Role not specified',
        company: found.company ?? 'Unknown Company',
      };
      return { state: 'found' as const, application: found.application, job };
    }
    const [withdrawn] = await db
      .select({ at: applicationWithdrawals.withdrawnAt })
      .from(applicationWithdrawals)
      .where(eq(applicationWithdrawals.applicationId, id));
    return withdrawn ? { state: 'withdrawn' as const, at: withdrawn.at } : { state: 'unknown' as const };
  }

  const notFound = (c: Context) =>
    alertPage(c, htmlPage('Not found', paragraph('There is nothing at this address.')), 404);
  const withdrawnPage = (c: Context, at: Date) =>
    alertPage(
      c,
      htmlPage(
        'Application withdrawn and deleted',
        `${paragraph(`This application was withdrawn on ${receivedText(at)}. It and its resume were deleted from the board then, with the copy of its receipt.`)}${paragraph('Nothing of it is kept but the date of the withdrawal, so that this link can say so.')}`,
      ),
      410,
    );
  const tokenQuery = (token: string) => `token=${encodeURIComponent(token)}`;

  app.get('/', async (c) => {
    const token = c.req.query('token') ?? '';
    const found = await lookUp(token);
    if (found.state === 'withdrawn') return withdrawnPage(c, found.at);
    if (found.state !== 'found') return notFound(c);
    const { application, job } = found;
    const items = sentFields(application)
      .map((field) => `<dt>${escapeHtml(field.label)}</dt><dd>${escapeHtml(field.value)}</dd>`)
      .join('');
    const partner = application.talentPartnerUserId
      ? `<p>A talent partner submitted this application on your behalf (talent partner ID: ${escapeHtml(application.talentPartnerUserId)}).</p>`
      : '';
    const keptUntil = applicationKeptUntil(application.receivedAt);
    const body = `<p>To <strong>${escapeHtml(job.title)}</strong> at ${escapeHtml(job.company)}, made on <time datetime="${application.receivedAt.toISOString()}">${escapeHtml(receivedText(application.receivedAt))}</time>.</p>${partner}
<section aria-labelledby="sent"><h2 id="sent">What you sent</h2><dl>${items}</dl></section>
<section aria-labelledby="data"><h2 id="data">Your data</h2><ul class="downloads">
<li><a href="${candidatePath}/resume?${escapeHtml(tokenQuery(token))}" download>Download my resume</a> <span class="note">(${escapeHtml(resumeDescription(application))})</span></li>
<li><a href="${candidatePath}/data?${escapeHtml(tokenQuery(token))}" download>Download my data</a> <span class="note">(JSON: everything the board holds about this application, the resume included)</span></li>
</ul><p class="note">The board keeps this application until ${escapeHtml(dateText(keptUntil))} at the latest (36 months after it was made), then deletes it and its resume.</p></section>
<section aria-labelledby="withdraw"><h2 id="withdraw">Withdraw</h2><p>Withdrawing deletes this application and its resume from the board at once. It cannot be undone.</p>
<form method="get" action="${candidatePath}/withdraw"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit" class="danger">Withdraw and delete</button></form></section>`;
    return alertPage(c, htmlPage('Your application', body, pageStyle));
  });

  // Asks once: the button of the page opens this; only its POST deletes (mail scanners follow links).
  app.get('/withdraw', async (c) => {
    const token = c.req.query('token') ?? '';
    const found = await lookUp(token);
    if (found.state === 'withdrawn') return withdrawnPage(c, found.at);
    if (found.state !== 'found') return notFound(c);
    const { job } = found;
    const body = `<p>Withdraw your application to <strong>${escapeHtml(job.title)}</strong> at ${escapeHtml(job.company)}? The application and its resume are deleted from the board at once, and this cannot be undone.</p>
<form method="post" action="${candidatePath}/withdraw"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit" class="danger">Withdraw and delete</button> <a href="${candidatePath}?${escapeHtml(tokenQuery(token))}">Keep my application</a></form>`;
    return alertPage(c, htmlPage('Withdraw and delete your application?', body, pageStyle));
  });

  app.post('/withdraw', async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const token = typeof form.token === 'string' ? form.token : '';
    const claims = tokens.verify(token, 'application');
    if (!claims) return notFound(c);
    const id = claims.subject;
    const done = await db.transaction(async (tx) => {
      const deleted = await tx.delete(applications).where(eq(applications.id, id)).returning({ id: applications.id });
      if (deleted.length === 0) return false;
      // The resume goes with its row (foreign key, on delete cascade); the receipt's copy in the outbox here.
      await deleteReceipts(tx, [id]);
      await tx.insert(applicationWithdrawals).values({ applicationId: id }).onConflictDoNothing();
      return true;
    });
    if (!done) {
      const found = await lookUp(token);
      if (found.state !== 'withdrawn') return notFound(c);
    }
    // To a page that needs no token: the link stays out of the history and of any log of this
    // answer, and no one keeps the answer or passes it on.
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    return c.redirect(`${candidatePath}/withdrawn`, 303);
  });

  // Where a withdrawal lands: the same for every application (the receipt's link still says when).
  app.get('/withdrawn', (c) =>
    alertPage(
      c,
      htmlPage(
        'Application withdrawn and deleted',
        `${paragraph('Your application and its resume were deleted from the board, with the copy of its receipt.')}${paragraph('Nothing of it is kept but the date of the withdrawal, so that the link in your receipt can say so.')}`,
      ),
    ),
  );

  app.get('/resume', async (c) => {
    const found = await lookUp(c.req.query('token'));
    if (found.state !== 'found') return notFound(c);
    const [resume] = await db
      .select({ content: applicationResumes.content })
      .from(applicationResumes)
      .where(eq(applicationResumes.applicationId, found.application.id));
    if (!resume) return notFound(c);
    return download(c, resume.content, 'application/pdf', found.application.resumeName);
  });

  app.get('/data', async (c) => {
    const found = await lookUp(c.req.query('token'));
    if (found.state !== 'found') return notFound(c);
    const { application, job } = found;
    const [[resume], [receipt]] = await Promise.all([
      db
        .select({ content: applicationResumes.content })
        .from(applicationResumes)
        .where(eq(applicationResumes.applicationId, application.id)),
      db
        .select({ createdAt: outbox.createdAt, sentAt: outbox.sentAt, attempts: outbox.attempts })
        .from(outbox)
        .where(eq(outbox.dedupeKey, receiptKey(application.id))),
    ]);
    const data = {
      exported_at: new Date().toISOString(),
      application: {
        id: application.id,
        received_at: application.receivedAt.toISOString(),
        job: { id: job.id, title: job.title, company: job.company },
        application_source: application.applicationSource,
        talent_partner_user_id: application.talentPartnerUserId,
        candidate_name: application.candidateName,
        candidate_email: application.candidateEmail,
        candidate_linkedin_url: application.candidateLinkedinUrl,
        candidate_salary_expectations: application.candidateSalaryExpectations,
        candidate_phone: application.candidatePhone,
        candidate_github_url: application.candidateGithubUrl,
        candidate_portfolio_url: application.candidatePortfolioUrl,
        candidate_additional_info: application.candidateAdditionalInfo,
        candidate_motivation: application.candidateMotivation,
        resume: {
          name: application.resumeName,
          name_as_sent: application.resumeGivenName,
          type: application.resumeType,
          size: application.resumeSize,
          sha256: application.resumeSha256,
          content_base64: resume ? Buffer.from(resume.content).toString('base64') : null,
        },
      },
      // The receipt's copy, while the outbox holds it (a day after it was sent).
      receipt: receipt
        ? {
            queued_at: receipt.createdAt.toISOString(),
            sent_at: receipt.sentAt?.toISOString() ?? null,
            attempts: receipt.attempts,
          }
        : null,
      retention: { deleted_by: applicationKeptUntil(application.receivedAt).toISOString() },
    };
    return download(
      c,
      new TextEncoder().encode(JSON.stringify(data, null, 2)),
      'application/json; charset=utf-8',
      `application-${application.id}.json`,
    );
  });

  return app;
}

/** A file to save, never to show inline or keep in a cache. The name is the API's (an id), never one a client gave. */
function download(c: Context, bytes: Uint8Array, type: string, name: string) {
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': type,
    'Content-Disposition': `attachment; filename="${name}"`,
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
  });
}

const pageStyle =
  'h2{font-size:1.15rem;margin-top:32px}dl{margin:0}dt{font-weight:600;margin-top:12px}dd{margin:2px 0 0;white-space:pre-wrap;overflow-wrap:anywhere}.downloads{padding-left:18px}.note{color:#444;font-size:.9rem}a{color:#1d4ed8}.danger{background:#b91c1c;color:#fff;border:1px solid #7f1d1d;border-radius:6px;cursor:pointer}.danger:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}form a{margin-left:8px}';
