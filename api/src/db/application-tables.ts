/**
 * The applications' tables: each application, its resume, its withdrawal, and the used captcha tokens.
 * Part of the database schema (migrations in api/drizzle are generated from it).
 */
import { bigint, customType, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { jobPostings } from './job-board-tables';

/** Binary data (PostgreSQL `bytea`): a Buffer for postgres.js, a Uint8Array for PGlite; read back as a Uint8Array. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => new Uint8Array(value),
});

export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobPostingId: integer('job_posting_id')
      .notNull()
      .references(() => jobPostings.id),
    applicationSource: text('application_source').notNull(),
    talentPartnerUserId: text('talent_partner_user_id'),
    candidateName: text('candidate_name').notNull(),
    candidateEmail: text('candidate_email').notNull(),
    candidateLinkedinUrl: text('candidate_linkedin_url').notNull(),
    candidateSalaryExpectations: text('candidate_salary_expectations').notNull(),
    candidateMotivation: text('candidate_motivation').notNull().default(''),
    candidatePhone: text('candidate_phone'),
    candidateGithubUrl: text('candidate_github_url'),
    candidatePortfolioUrl: text('candidate_portfolio_url'),
    candidateAdditionalInfo: text('candidate_additional_info'),
    resumeName: text('resume_name').notNull(),
    resumeSize: bigint('resume_size', { mode: 'number' }).notNull(),
    resumeType: text('resume_type').notNull(),
    resumeSha256: text('resume_sha256').notNull(),
    /**
     * The file name the candidate's browser gave the resume, cleaned to one printable line: shown
     * to the candidate only (the receipt, their page), never used to name a file (`resume_name` is).
     */
    resumeGivenName: text('resume_given_name'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('applications_job_idx').on(table.jobPostingId),
    // The daily purge finds what is past retention by it.
    index('applications_received_idx').on(table.receivedAt),
  ],
);

/**
 * Applications their candidate withdrew: the id and the time only (nothing of the candidate), so
 * that the candidate's link says the application was deleted rather than that it never existed.
 * Kept as long as such a link works, then purged.
 */
export const applicationWithdrawals = pgTable('application_withdrawals', {
  applicationId: uuid('application_id').primaryKey(),
  withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The resume of each application, stored in the same transaction as its row: every API instance
 * reads every resume, and an application is never stored without its resume (or the reverse).
 * A table of its own so that listing applications never loads the files.
 */
export const applicationResumes = pgTable('application_resumes', {
  applicationId: uuid('application_id')
    .primaryKey()
    .references(() => applications.id, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
});

/** Local-captcha tokens already used: each token is good for one submission. */
export const captchaRedemptions = pgTable('captcha_redemptions', {
  tokenId: text('token_id').primaryKey(),
  redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull().defaultNow(),
});
