import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { emptyJobSearch } from '@board/shared/api/job-search';
import { serve } from '@hono/node-server';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlertTokens } from '../alerts/tokens';
import { runApplicationsCommand } from '../cli/applications';
import { runPrivacyPurge } from '../cli/privacy-purge';
import { alerts, type OutboxMessage, outbox } from '../db/alert-tables';
import { applicationResumes, applications, applicationWithdrawals } from '../db/application-tables';
import { jobPostings, organizations } from '../db/job-board-tables';
import { applicationForm, candidate, publishedJobId, submitApplication } from '../test/application-form';
import { createTestApi, pdfBytes, type TestApi } from '../test/test-api';
import { createCandidateTokens } from './candidate-links';
import { addMonths } from './retention';

/** What the mail relay accepted; `failing` makes it refuse (a relay down), as nodemailer throws. */
const relay = {
  sent: [] as OutboxMessage[],
  failing: false,
  async send(message: OutboxMessage) {
    if (relay.failing) throw Object.assign(new Error(`relay down for ${message.to}`), { code: 'ECONNREFUSED' });
    relay.sent.push(message);
  },
};

/** What the outbox's sender logs (a failed send). */
const senderLogs: Record<string, unknown>[] = [];
let api: TestApi;
let jobId: number;
let job: { title: string; company: string };
beforeAll(async () => {
  api = await createTestApi({
    mailTransport: relay,
    sender: { backoffMs: () => 60_000, log: (entry) => senderLogs.push(entry) },
  });
  jobId = await publishedJobId(api);
  const [row] = await api.db
    .select({ title: jobPostings.title, company: organizations.name })
    .from(jobPostings)
    .innerJoin(organizations, eq(organizations.id, jobPostings.organizationId))
    .where(eq(jobPostings.id, jobId));
  job = row ?? { title: '', company: '' };
});
afterAll(async () => {
  await api?.close();
});

/** Applies with the candidate's values (and `overrides`), lets the outbox send; the application's id. */
async function apply(overrides: Record<string, string | null> = {}, file = { bytes: pdfBytes(), name: 'ada-cv.pdf' }) {
  const response = await submitApplication(api, await applicationForm(api, jobId, overrides, file));
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: string };
  await api.alerts.drain();
  return id;
}

const receiptsTo = (address: string) => relay.sent.filter((message) => message.to === address);
const linkIn = (message: OutboxMessage) =>
  /(http:\/\/localhost\/public\/my-application\?token=\S+)/.exec(message.text)?.[1] ?? '';
const pathOf = (link: string) => link.replace('http://localhost', '');
const get = (link: string) => api.app.request(pathOf(link));
const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';
const withdraw = (token: string) =>
  api.app.request('/public/my-application/withdraw', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }).toString(),
  });

describe('the receipt', () => {
  it('is one email to the address given: the job, when, what was sent (the resume by name and size), what next, the link', async () => {
    const email = 'receipt-one@example.com';
    const id = await apply({
      candidate_email: email,
      candidate_github_url: 'https://github.com/ada',
      candidate_motivation: 'Engines that weave\nalgebraic patterns.',
    });
    const [receipt, ...more] = receiptsTo(email);
    expect(more).toEqual([]);
    expect(receipt?.subject).toBe(`Your application to ${job.title} at ${job.company}`);
    const [row] = await api.db.select().from(applications).where(eq(applications.id, id));
    const text = receipt?.text ?? '';
    expect(text).toContain(`We received your application to ${job.title} at ${job.company} on `);
    expect(text).toContain(
      `${new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(row?.receivedAt)}`,
    );
    expect(text).toContain(`  Name: ${candidate.candidate_name}\n`);
    expect(text).toContain(`  E-mail: ${email}\n`);
    expect(text).toContain(`  LinkedIn URL: ${candidate.candidate_linkedin_url}\n`);
    expect(text).toContain(`  Resume: ada-cv.pdf (PDF, ${pdfBytes().byteLength} bytes)\n`);
    expect(text).toContain(`  Salary expectations: ${candidate.candidate_salary_expectations}\n`);
    expect(text).toContain(`  Phone: ${candidate.candidate_phone}\n`);
    expect(text).toContain('  GitHub URL: https://github.com/ada\n');
    expect(text).toContain('  Why this role is interesting for you:\n    Engines that weave\n    algebraic patterns.');
    expect(text).not.toContain('Portfolio URL');
    expect(text).not.toContain('%PDF');
    expect(text).toContain(`What happens next: the hiring team at ${job.company} reviews`);
    expect(text).not.toContain('talent partner');
    const link = linkIn(receipt as OutboxMessage);
    expect(
      createCandidateTokens('alerts-test-secret-of-enough-length').verify(tokenOf(link), 'application'),
    ).toMatchObject({
      subject: id,
    });
    expect(receipt?.html).toContain(`href="${link.replaceAll('&', '&#38;')}"`);
    // Sent once: the outbox holds one row for it, and another run sends nothing more.
    await api.alerts.drain();
    expect(receiptsTo(email)).toHaveLength(1);
    expect(
      await api.db
        .select()
        .from(outbox)
        .where(eq(outbox.dedupeKey, `receipt:${id}`)),
    ).toHaveLength(1);
  });

  it('from a talent partner goes to the candidate and says a talent partner submitted it', async () => {
    const email = 'partner-candidate@example.com';
    await apply({ candidate_email: email, talent_partner_user_id: 'partner-42' });
    const [receipt, ...more] = receiptsTo(email);
    expect(more).toEqual([]);
    expect(receipt?.text).toContain('A talent partner submitted this application on your behalf');
    expect(receipt?.text).toContain('  Talent partner ID: partner-42\n');
    expect(receipt?.html).toContain('A talent partner submitted this application on your behalf');
  });

  it('shows what was typed as values only: HTML escaped, never in the subject', async () => {
    const email = 'escape@example.com';
    await apply({ candidate_email: email, candidate_name: '<img src=x onerror=alert(1)>' });
    const [receipt] = receiptsTo(email);
    expect(receipt?.html).toContain('&#60;img src=x onerror=alert(1)&#62;');
    expect(receipt?.html).not.toContain('<img');
    expect(receipt?.subject).not.toContain('img');
  });

  it('when the relay is down, the application still counts and the receipt is retried until it is sent, once', async () => {
    const email = 'relay-down@example.com';
    relay.failing = true;
    try {
      const id = await apply({ candidate_email: email });
      expect(await api.db.select().from(applications).where(eq(applications.id, id))).toHaveLength(1);
      const [row] = await api.db
        .select()
        .from(outbox)
        .where(eq(outbox.dedupeKey, `receipt:${id}`));
      expect(row).toMatchObject({ sentAt: null, kind: 'receipt' });
      expect(row?.attempts).toBeGreaterThanOrEqual(1);
      expect(receiptsTo(email)).toEqual([]);
    } finally {
      relay.failing = false;
    }
    // The retry is due a minute later; the relay is back by then.
    await api.alerts.drain();
    expect(receiptsTo(email)).toEqual([]);
    await api.db.update(outbox).set({ nextAttemptAt: sql`now()` }).where(eq(outbox.kind, 'receipt'));
    await api.alerts.drain();
    expect(receiptsTo(email)).toHaveLength(1);
    await api.alerts.drain();
    expect(receiptsTo(email)).toHaveLength(1);
  });
});

describe("the candidate's page", () => {
  let link: string;
  let id: string;
  const email = 'page@example.com';
  beforeAll(async () => {
    id = await apply({
      candidate_email: email,
      candidate_additional_info: 'Available from <b>January</b>.',
      talent_partner_user_id: 'tp-7',
    });
    link = linkIn(receiptsTo(email)[0] as OutboxMessage);
  });

  it('shows what was sent, escaped, with the alert pages’ headers', async () => {
    const response = await get(link);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await response.text();
    expect(html).toContain('<h1>Your application</h1>');
    expect(html).toContain(`<strong>${job.title.replaceAll('&', '&#38;')}</strong>`);
    for (const value of [candidate.candidate_name, email, candidate.candidate_linkedin_url, candidate.candidate_phone])
      expect(html).toContain(`<dd>${value}</dd>`);
    expect(html).toContain('Available from &#60;b&#62;January&#60;/b&#62;.');
    expect(html).toContain('talent partner ID: tp-7');
    expect(html).toContain('ada-cv.pdf (PDF,');
    expect(html).not.toContain('<script');
  });

  it('downloads the resume as stored, and the data as JSON holding everything of the application', async () => {
    const resume = await api.app.request(`/public/my-application/resume?token=${encodeURIComponent(tokenOf(link))}`);
    expect(resume.status).toBe(200);
    expect(resume.headers.get('content-type')).toBe('application/pdf');
    expect(resume.headers.get('content-disposition')).toBe(`attachment; filename="${id}.pdf"`);
    expect(Buffer.from(await resume.arrayBuffer()).equals(Buffer.from(pdfBytes()))).toBe(true);

    const data = await api.app.request(`/public/my-application/data?token=${encodeURIComponent(tokenOf(link))}`);
    expect(data.status).toBe(200);
    expect(data.headers.get('content-disposition')).toBe(`attachment; filename="application-${id}.json"`);
    const body = (await data.json()) as { application: Record<string, unknown> & { resume: Record<string, unknown> } };
    expect(body.application).toMatchObject({
      id,
      job: { id: jobId, title: job.title, company: job.company },
      talent_partner_user_id: 'tp-7',
      candidate_name: candidate.candidate_name,
      candidate_email: email,
      candidate_linkedin_url: candidate.candidate_linkedin_url,
      candidate_salary_expectations: candidate.candidate_salary_expectations,
      candidate_phone: candidate.candidate_phone,
      candidate_motivation: candidate.candidate_motivation,
      candidate_additional_info: 'Available from <b>January</b>.',
    });
    expect(body.application.resume).toMatchObject({ name_as_sent: 'ada-cv.pdf', size: pdfBytes().byteLength });
    expect(Buffer.from(String(body.application.resume.content_base64), 'base64').equals(Buffer.from(pdfBytes()))).toBe(
      true,
    );
    expect(body).toMatchObject({ receipt: { sent_at: expect.any(String) } });
  });

  it('asks once before withdrawing; the POST deletes the application, its resume and its receipt, and the link says so', async () => {
    const asked = await api.app.request(`/public/my-application/withdraw?token=${encodeURIComponent(tokenOf(link))}`);
    expect(asked.status).toBe(200);
    const page = await asked.text();
    expect(page).toContain('<form method="post" action="/public/my-application/withdraw">');
    expect(page).toContain('Withdraw and delete</button>');
    // Opening the question (a mail scanner following links) deleted nothing.
    expect(await api.db.select().from(applications).where(eq(applications.id, id))).toHaveLength(1);

    const done = await withdraw(tokenOf(link));
    expect(done.status).toBe(303);
    // To a page without the token, and the answer is neither kept nor passed on.
    expect(done.headers.get('location')).toBe('/public/my-application/withdrawn');
    expect(done.headers.get('cache-control')).toBe('no-store');
    expect(done.headers.get('referrer-policy')).toBe('no-referrer');
    const landed = await api.app.request('/public/my-application/withdrawn');
    expect(landed.status).toBe(200);
    expect(landed.headers.get('cache-control')).toBe('no-store');
    expect(await landed.text()).toContain('<h1>Application withdrawn and deleted</h1>');
    expect(await api.db.select().from(applications).where(eq(applications.id, id))).toEqual([]);
    expect(await api.db.select().from(applicationResumes).where(eq(applicationResumes.applicationId, id))).toEqual([]);
    expect(
      await api.db
        .select()
        .from(outbox)
        .where(eq(outbox.dedupeKey, `receipt:${id}`)),
    ).toEqual([]);

    const after = await get(link);
    expect(after.status).toBe(410);
    const text = await after.text();
    expect(text).toContain('Application withdrawn and deleted');
    expect(text).not.toContain(candidate.candidate_name);
    for (const part of ['resume', 'data'])
      expect(
        (await api.app.request(`/public/my-application/${part}?token=${encodeURIComponent(tokenOf(link))}`)).status,
      ).toBe(404);
    // Again: nothing more to do, the same answer.
    const again = await withdraw(tokenOf(link));
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe('/public/my-application/withdrawn');
  });
});

describe('a link that is not a live one', () => {
  it('gets the same plain not found, whatever is wrong with it, and changes nothing', async () => {
    const email = 'tamper@example.com';
    const id = await apply({ candidate_email: email });
    const token = tokenOf(linkIn(receiptsTo(email)[0] as OutboxMessage));
    const [payload, signature] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const otherPayload = Buffer.from(JSON.stringify({ ...claims, s: crypto.randomUUID() })).toString('base64url');
    const purged = createCandidateTokens('alerts-test-secret-of-enough-length').sign(
      'application',
      crypto.randomUUID(),
    );
    const alertToken = createAlertTokens('alerts-test-secret-of-enough-length').sign('manage', id);
    const forged = createCandidateTokens('another-secret-of-enough-length').sign('application', id);
    const flipped = `${payload}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const bad = ['', 'nonsense', `${otherPayload}.${signature}`, flipped, forged, alertToken, purged, `${token}x`];
    const answers = new Set<string>();
    for (const value of bad)
      for (const part of ['', '/resume', '/data', '/withdraw']) {
        const response = await api.app.request(`/public/my-application${part}?token=${encodeURIComponent(value)}`);
        expect(response.status, `${part} ${value}`).toBe(404);
        answers.add(await response.text());
      }
    for (const value of bad) expect((await withdraw(value)).status).toBe(404);
    expect([...answers]).toHaveLength(1);
    expect([...answers][0]).toContain('There is nothing at this address.');
    // The real application is untouched.
    expect(await api.db.select().from(applications).where(eq(applications.id, id))).toHaveLength(1);
  });
});

describe('privacy:purge', () => {
  it('deletes only what is past retention, and --dry-run only counts', async () => {
    const purgeAt = new Date();
    // Everything below is dated back from the purge's day (a purge as of a later day only counts).
    const then = addMonths(purgeAt, -37);
    // A clean slate of what the purge counts, then one of each: past retention, and just within it.
    await api.db.delete(applications);
    await api.db.delete(applicationWithdrawals);
    await api.db.delete(alerts);
    const old = await apply({ candidate_email: 'old@example.com' });
    const recent = await apply({ candidate_email: 'recent@example.com' });
    // Made 37 months before the purge's day: deleted; 35 months before: kept.
    await api.db.update(applications).set({ receivedAt: then }).where(eq(applications.id, old));
    await api.db
      .update(applications)
      .set({ receivedAt: addMonths(then, 2) })
      .where(eq(applications.id, recent));
    await api.db.insert(applicationWithdrawals).values([
      { applicationId: crypto.randomUUID(), withdrawnAt: then },
      { applicationId: crypto.randomUUID(), withdrawnAt: addMonths(then, 30) },
    ]);
    const alertRow = (email: string, status: 'pending' | 'active', createdAt: Date) => ({
      email,
      emailHash: api.alertTokens.addresses.address(email),
      search: emptyJobSearch,
      frequency: 'daily' as const,
      status,
      createdAt,
    });
    await api.db
      .insert(alerts)
      .values([
        alertRow('unconfirmed-old@example.com', 'pending', then),
        alertRow('unconfirmed-new@example.com', 'pending', new Date(purgeAt.getTime() - 3 * 86_400_000)),
        alertRow('confirmed@example.com', 'active', then),
      ]);

    const server = serve({ fetch: api.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const run = async (args: string[]) => {
      const lines: string[] = [];
      const code = await runPrivacyPurge(args, { ALERTS_API_URL: apiUrl }, (line) => lines.push(line));
      return { code, out: lines.join('\n') };
    };
    try {
      const counted = await run(['--now', purgeAt.toISOString(), '--dry-run']);
      expect(counted).toEqual({
        code: 0,
        out: `Would delete as of ${purgeAt.toISOString()}: 1 application(s) with 1 resume(s) and 1 receipt(s) in the outbox, 1 withdrawal record(s), 1 unconfirmed job alert(s).`,
      });
      expect(await api.db.select().from(applications)).toHaveLength(2);

      const purged = await run(['--now', purgeAt.toISOString()]);
      expect(purged.out).toBe(
        `Deleted as of ${purgeAt.toISOString()}: 1 application(s) with 1 resume(s) and 1 receipt(s) in the outbox, 1 withdrawal record(s), 1 unconfirmed job alert(s).`,
      );
      expect((await api.db.select().from(applications)).map((row) => row.id)).toEqual([recent]);
      expect(await api.db.select().from(applicationResumes)).toHaveLength(1);
      expect(
        await api.db
          .select()
          .from(outbox)
          .where(eq(outbox.dedupeKey, `receipt:${old}`)),
      ).toEqual([]);
      expect((await api.db.select().from(alerts)).map((row) => row.email).sort()).toEqual([
        'confirmed@example.com',
        'unconfirmed-new@example.com',
      ]);
      expect(await api.db.select().from(applicationWithdrawals)).toHaveLength(1);
      // Today, nothing of that is due.
      expect((await run([])).out).toMatch(
        /: 0 application\(s\) with 0 resume\(s\) and 0 receipt\(s\) in the outbox, 0 withdrawal record\(s\), 0 unconfirmed/,
      );

      expect(await run(['--now', 'next tuesday'])).toMatchObject({ code: 2 });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it.skipIf(!process.env.DATABASE_URL)('works on PostgreSQL directly', async () => {
    const id = await apply({ candidate_email: 'direct@example.com' });
    await api.db
      .update(applications)
      .set({ receivedAt: sql`now() - interval '37 months'` })
      .where(eq(applications.id, id));
    const lines: string[] = [];
    const code = await runPrivacyPurge([], { DATABASE_URL: api.databaseUrl }, (line) => lines.push(line));
    expect(code).toBe(0);
    expect(lines.join('\n')).toMatch(/^Deleted as of .*: 1 application\(s\) with 1 resume\(s\)/);
    expect(await api.db.select().from(applications).where(eq(applications.id, id))).toEqual([]);
  });
});

describe('logs', () => {
  it('hold no personal data: every line of this file’s requests, sends, failures and purges', async () => {
    const lines = [...api.logs, ...senderLogs].map((entry) => JSON.stringify(entry));
    expect(lines.length).toBeGreaterThan(20);
    expect(lines.some((line) => line.includes('not sent'))).toBe(true);
    const personal = [
      ...Object.values(candidate),
      'receipt-one@example.com',
      'relay-down@example.com',
      'partner-candidate@example.com',
      'page@example.com',
      'ada-cv.pdf',
      'token=',
    ];
    for (const line of lines) for (const value of personal) expect(line).not.toContain(value);
  });
});

describe('the applications command after a withdrawal', () => {
  it('no longer lists the withdrawn application', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'board-candidates-'));
    const own = await createTestApi({ pgliteDataDir: path.join(dir, 'db'), seedDemo: true });
    const ownJob = await publishedJobId(own);
    const submit = async (email: string) => {
      const response = await submitApplication(own, await applicationForm(own, ownJob, { candidate_email: email }));
      return ((await response.json()) as { id: string }).id;
    };
    const kept = await submit('kept@example.com');
    const gone = await submit('gone@example.com');
    const token = own.candidateLinks.tokens.sign('application', gone);
    const answer = await own.app.request('/public/my-application/withdraw', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }).toString(),
    });
    expect(answer.status).toBe(303);
    const lines: string[] = [];
    const print = (line: string) => lines.push(line);
    if (own.databaseUrl) {
      await runApplicationsCommand([], { DATABASE_URL: own.databaseUrl }, print);
      await own.close();
    } else {
      await own.close();
      await runApplicationsCommand([], { PGLITE_DATA_DIR: path.join(dir, 'db') }, print);
    }
    const listing = lines.join('\n');
    expect(listing).toContain(kept);
    expect(listing).toContain('kept@example.com');
    expect(listing).not.toContain(gone);
    expect(listing).not.toContain('gone@example.com');
  });
});
