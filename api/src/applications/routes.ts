import { createHash, randomUUID } from 'node:crypto';
import type { ApplicationReceivedBody, ErrorBody } from '@board/shared/api/application-bodies';
import {
  applicationFieldNames,
  applicationMessages,
  applicationTextSchema,
  optionalApplicationFields,
  resumeMaxBytes,
  resumeType,
} from '@board/shared/forms/application-schema';
import { closedJobMessage } from '@board/shared/forms/closed-job';
import { brand } from '@board/shared/lib/brand';
import type { Limit } from '@board/shared/lib/limits';
import { isOneLineText } from '@board/shared/lib/typeable';
import { and, eq, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { givenResumeName } from '../candidates/application-summary';
import type { CandidateLinkMaker } from '../candidates/candidate-links';
import { enqueueReceipt } from '../candidates/receipt';
import type { CaptchaVerifier } from '../captcha/captcha';
import { applicationResumes, applications, captchaRedemptions } from '../db/application-tables';
import type { Database } from '../db/database';
import { jobPostings, organizations } from '../db/job-board-tables';
import { httpError } from '../lib/http-error';
import { applicationDoc } from './application-doc';
import { isPdf, resumeFileName } from './pdf';

export interface ApplicationDeps {
  db: Database;
  captcha: CaptchaVerifier;
  /** Valid submissions per client (RATE_LIMIT_*), where the API's limits count. */
  submissions: Limit;
  /** The client's rate-limit key (address or IPv6 /64), and its address for the captcha provider. */
  clientKey: (request: Request, env: unknown) => string;
  clientAddress: (request: Request, env: unknown) => string | undefined;
  /**
   * Receipts: each accepted application queues one email to its address (in the outbox, in the
   * application's transaction) with the candidate's signed link; whoever sends the outbox hears of
   * it at the commit.
   */
  receipts: { links: CandidateLinkMaker };
}

/** Room for the text fields and the multipart framing on top of the largest accepted resume. */
const formOverheadBytes = 256 * 1024;
const tooLarge = 'File size too large. Please upload a smaller resume.';
const captchaFailed = () => httpError(400, 'The security verification failed or expired. Please complete it again.');

const oneLineText = (max: number, tooLong: string) =>
  v.optional(
    v.pipe(v.string(), v.check(isOneLineText, applicationMessages.invalidInput), v.trim(), v.maxLength(max, tooLong)),
    '',
  );
const metaSchema = v.object({
  application_source: oneLineText(100, 'application_source is too long'),
  talent_partner_user_id: oneLineText(200, 'talent_partner_user_id is too long'),
});

/** Call 6: POST /public/job-application/ (multipart). 201 only once the application and its resume are committed. */
export function applicationRoutes(deps: ApplicationDeps) {
  const { db, captcha } = deps;
  const app = new Hono();

  app.post(
    '/',
    applicationDoc,
    async (c, next) => {
      if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
        throw httpError(400, 'Malformed request', 'The application must be sent as multipart/form-data');
      }
      await next();
    },
    // Never reads more than the limit into memory: a larger body is cut off and refused.
    bodyLimit({
      maxSize: resumeMaxBytes + formOverheadBytes,
      onError: (c) =>
        c.json(
          { message: tooLarge, detail: `The resume may be at most ${resumeMaxBytes} bytes` } satisfies ErrorBody,
          413,
        ),
    }),
    async (c) => {
      let body: Record<string, string | File>;
      try {
        body = (await c.req.parseBody()) as Record<string, string | File>;
      } catch {
        throw httpError(400, 'Malformed request', 'The multipart body could not be read');
      }
      const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : undefined);

      const jobIdText = text('job_posting_id') ?? '';
      if (!/^\d{1,9}$/.test(jobIdText)) {
        const message = 'job_posting_id must be a job id';
        throw httpError(400, message, { job_posting_id: message });
      }
      const jobId = Number(jobIdText);
      const [job] = await db
        .select({
          id: jobPostings.id,
          status: jobPostings.status,
          title: jobPostings.title,
          company: organizations.name,
        })
        .from(jobPostings)
        .innerJoin(organizations, eq(organizations.id, jobPostings.organizationId))
        .where(and(eq(jobPostings.id, jobId), inArray(jobPostings.status, ['published', 'closed'])))
        .limit(1);
      if (!job) throw httpError(404, 'Job posting not found');
      // A job that closed (its company's ATS no longer lists it) takes no application: it says so.
      if (job.status === 'closed') throw httpError(410, closedJobMessage);

      const errors: Record<string, string> = {};
      const meta = v.safeParse(metaSchema, {
        application_source: text('application_source'),
        talent_partner_user_id: text('talent_partner_user_id'),
      });
      if (!meta.success)
        Object.assign(
          errors,
          fieldMessages(meta.issues, (key) => key),
        );
      const fields = v.safeParse(
        applicationTextSchema,
        Object.fromEntries(
          Object.entries(applicationFieldNames).map(([field, name]) => [
            field,
            text(name) ?? (isOptional(field) ? '' : undefined),
          ]),
        ),
      );
      if (!fields.success) {
        Object.assign(
          errors,
          fieldMessages(
            fields.issues,
            (key) => applicationFieldNames[key as keyof typeof applicationFieldNames] ?? key,
          ),
        );
      }
      const resume = body.candidate_resume;
      let bytes: Uint8Array | null = null;
      if (!(resume instanceof File) || resume.size === 0) {
        errors.candidate_resume = applicationMessages.resumeRequired;
      } else if (resume.size > resumeMaxBytes) {
        throw httpError(413, tooLarge, `The resume may be at most ${resumeMaxBytes} bytes`);
      } else {
        // Its bytes decide, never the name or type the client gave (neither is kept).
        bytes = new Uint8Array(await resume.arrayBuffer());
        if (!isPdf(bytes)) errors.candidate_resume = applicationMessages.resumeNotPdf;
      }
      const token = text('recaptcha_token')?.trim() ?? '';
      if (!token) errors.recaptcha_token = applicationMessages.captchaRequired;
      if (Object.keys(errors).length > 0 || !meta.success || !fields.success || !bytes) {
        throw httpError(422, 'The form data are not correct. Please check your inputs.', errors);
      }

      // A valid submission is an attempt: it counts towards the client's limit from here on.
      const clientHash = createHash('sha256').update(deps.clientKey(c.req.raw, c.env)).digest('base64url');
      const admission = await deps.submissions.hit(clientHash);
      if (!admission.allowed) {
        throw httpError(429, 'Too many applications from this address. Please try again later.', undefined, {
          'Retry-After': String(admission.retryAfterSeconds),
        });
      }

      const tokenId = await captcha.verify(token, deps.clientAddress(c.req.raw, c.env));
      if (!tokenId) throw captchaFailed();

      // The resume is kept as what its bytes are, under a name of the API's: the client's file
      // name and type (`cv.html`, `text/html`) never reach a listing, a disk or a browser.
      const id = randomUUID();
      // One transaction: the token's redemption, the application and its resume are stored together or not at all.
      const saved = await db.transaction(async (tx) => {
        const redeemed = await tx
          .insert(captchaRedemptions)
          .values({ tokenId })
          .onConflictDoNothing()
          .returning({ tokenId: captchaRedemptions.tokenId });
        if (redeemed.length !== 1) throw captchaFailed();
        const [row] = await tx
          .insert(applications)
          .values({
            id,
            jobPostingId: jobId,
            applicationSource: meta.output.application_source || brand.applicationSource,
            talentPartnerUserId: meta.output.talent_partner_user_id || null,
            candidateName: fields.output.name,
            candidateEmail: fields.output.email,
            candidateLinkedinUrl: fields.output.linkedin,
            candidateSalaryExpectations: fields.output.salaryExpectations,
            candidateMotivation: fields.output.motivation,
            candidatePhone: fields.output.phone || null,
            candidateGithubUrl: fields.output.github || null,
            candidatePortfolioUrl: fields.output.portfolio || null,
            candidateAdditionalInfo: fields.output.additionalInfo || null,
            resumeName: resumeFileName(id),
            resumeSize: bytes.byteLength,
            resumeType: resumeType,
            resumeSha256: createHash('sha256').update(bytes).digest('hex'),
            resumeGivenName: givenResumeName(resume instanceof File ? resume.name : undefined),
          })
          .returning();
        if (!row) throw new Error('insert returned no row');
        await tx.insert(applicationResumes).values({ applicationId: row.id, content: bytes });
        // The receipt is committed with the application: it is sent (and retried) once the
        // application counts, and never for one that was not stored.
        await enqueueReceipt(tx, row, job, deps.receipts.links);
        return row;
      });
      return c.json(
        { id: saved.id, received_at: saved.receivedAt.toISOString() } satisfies ApplicationReceivedBody,
        201,
      );
    },
  );

  return app;
}

function isOptional(field: string): boolean {
  return (optionalApplicationFields as readonly string[]).includes(field);
}

function fieldMessages(issues: v.BaseIssue<unknown>[], rename: (key: string) => string): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of issues) {
    const key = rename(v.getDotPath(issue) ?? 'form');
    messages[key] ??= issue.message;
  }
  return messages;
}
