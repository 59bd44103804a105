import { createHash } from 'node:crypto';
import {
  applicationFieldNames,
  applicationMessages,
  applicationTextSchema,
  resumeMaxBytes,
} from '@board/shared/forms/application-schema';
import { brand } from '@board/shared/lib/brand';
import { and, count, eq, gt } from 'drizzle-orm';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import type { CaptchaVerifier } from '../captcha/captcha';
import type { Database } from '../db/database';
import { applications, captchaRedemptions, jobPostings, submissionAttempts } from '../db/schema';
import { httpError } from '../lib/http-error';
import type { ResumeStorage } from '../storage/resume-storage';
import { looksLikePdf } from './pdf';

export interface ApplicationDeps {
  db: Database;
  storage: ResumeStorage;
  captcha: CaptchaVerifier;
  rateLimit: { max: number; windowSeconds: number };
  clientAddress: (request: Request, env: unknown) => string | undefined;
}

/** Room for the text fields and the multipart framing on top of the largest accepted resume. */
const formOverheadBytes = 256 * 1024;
const tooLarge = 'File size too large. Please upload a smaller resume.';

const metaSchema = v.object({
  job_posting_id: v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'job_posting_id must be a job id')),
  application_source: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'application_source is too long')), ''),
  talent_partner_user_id: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(200, 'talent_partner_user_id is too long')),
    '',
  ),
});

/** Call 6: POST /public/job-application/ (multipart). 201 only once the application is durable. */
export function applicationRoutes(deps: ApplicationDeps) {
  const { db, storage, captcha } = deps;
  const app = new Hono();

  app.post(
    '/',
    async (c, next) => {
      if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
        throw httpError(400, 'Malformed request', 'The application must be sent as multipart/form-data');
      }
      await next();
    },
    // Never reads more than the limit into memory: a larger body is cut off and refused.
    bodyLimit({
      maxSize: resumeMaxBytes + formOverheadBytes,
      onError: (c) => c.json({ message: tooLarge, detail: `The resume may be at most ${resumeMaxBytes} bytes` }, 413),
    }),
    async (c) => {
      const clientHash = createHash('sha256')
        .update(deps.clientAddress(c.req.raw, c.env) ?? 'unknown')
        .digest('base64url');
      await enforceRateLimit(db, clientHash, deps.rateLimit);

      let body: Record<string, string | File>;
      try {
        body = (await c.req.parseBody()) as Record<string, string | File>;
      } catch {
        throw httpError(400, 'Malformed request', 'The multipart body could not be read');
      }
      const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : undefined);

      const meta = v.safeParse(metaSchema, {
        job_posting_id: text('job_posting_id') ?? '',
        application_source: text('application_source'),
        talent_partner_user_id: text('talent_partner_user_id'),
      });
      if (!meta.success) {
        throw httpError(
          400,
          meta.issues[0]?.message ?? 'Malformed request',
          fieldMessages(meta.issues, (key) => key),
        );
      }
      const jobId = Number(meta.output.job_posting_id);
      const [job] = await db
        .select({ id: jobPostings.id })
        .from(jobPostings)
        .where(and(eq(jobPostings.id, jobId), eq(jobPostings.status, 'published')))
        .limit(1);
      if (!job) throw httpError(404, 'Job posting not found');

      const errors: Record<string, string> = {};
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
        bytes = new Uint8Array(await resume.arrayBuffer());
        if (!looksLikePdf(bytes)) errors.candidate_resume = applicationMessages.resumeNotPdf;
      }
      const token = text('recaptcha_token')?.trim() ?? '';
      if (!token) errors.recaptcha_token = applicationMessages.captchaRequired;
      if (Object.keys(errors).length > 0 || !fields.success || !bytes || !(resume instanceof File)) {
        throw httpError(422, 'The form data are not correct. Please check your inputs.', errors);
      }

      const tokenId = await captcha.verify(token, deps.clientAddress(c.req.raw, c.env));
      if (!tokenId || !(await redeem(db, tokenId))) {
        throw httpError(400, 'The security verification failed or expired. Please complete it again.');
      }

      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const storageKey = await storage.put(bytes, '.pdf');
      try {
        const [saved] = await db
          .insert(applications)
          .values({
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
            resumeName: resume.name.slice(0, 255) || 'resume.pdf',
            resumeSize: bytes.byteLength,
            resumeType: resume.type || 'application/pdf',
            resumeSha256: sha256,
            resumeStorageKey: storageKey,
          })
          .returning({ id: applications.id, receivedAt: applications.receivedAt });
        if (!saved) throw new Error('insert returned no row');
        return c.json({ id: saved.id, received_at: saved.receivedAt.toISOString() }, 201);
      } catch (error) {
        await storage.remove(storageKey).catch(() => {});
        throw error;
      }
    },
  );

  return app;
}

function isOptional(field: string): boolean {
  return ['phone', 'github', 'portfolio', 'additionalInfo', 'motivation'].includes(field);
}

function fieldMessages(issues: v.BaseIssue<unknown>[], rename: (key: string) => string): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of issues) {
    const key = rename(v.getDotPath(issue) ?? 'form');
    messages[key] ??= issue.message;
  }
  return messages;
}

async function enforceRateLimit(db: Database, clientHash: string, limit: { max: number; windowSeconds: number }) {
  const since = new Date(Date.now() - limit.windowSeconds * 1000);
  const [row] = await db
    .select({ attempts: count() })
    .from(submissionAttempts)
    .where(and(eq(submissionAttempts.clientHash, clientHash), gt(submissionAttempts.at, since)));
  if ((row?.attempts ?? 0) >= limit.max) {
    throw httpError(429, 'Too many applications from this address. Please try again later.');
  }
  await db.insert(submissionAttempts).values({ clientHash });
}

/** A captcha token is good for one application. */
async function redeem(db: Database, tokenId: string): Promise<boolean> {
  const inserted = await db
    .insert(captchaRedemptions)
    .values({ tokenId })
    .onConflictDoNothing()
    .returning({ tokenId: captchaRedemptions.tokenId });
  return inserted.length === 1;
}
