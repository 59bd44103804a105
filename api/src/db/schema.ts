/**
 * The database schema: the single source of truth for the API's data (migrations in
 * api/drizzle are generated from it with `pnpm --filter @board/api db:generate`).
 */
import { sql } from 'drizzle-orm';
import { bigint, customType, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Binary data (PostgreSQL `bytea`): a Buffer for postgres.js, a Uint8Array for PGlite; read back as a Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => new Uint8Array(value),
});

export interface Funding {
  total_funding_amount?: string | null;
  last_round_amount?: string | null;
  last_round_type?: string | null;
  last_round_date?: string | null;
}

export interface Investors {
  all: string[];
  last_round: string[];
}

export interface Equity {
  type?: string | null;
  percentage?: string | null;
  cliff_period?: string | null;
  vesting_period?: string | null;
  additional_details?: string | null;
}

export const workspaces = pgTable('workspaces', {
  slug: text('slug').primaryKey(),
  name: text('name').notNull(),
});

export const organizations = pgTable(
  'organizations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    jobBoardSlug: text('job_board_slug').notNull().unique(),
    workspaceSlug: text('workspace_slug')
      .notNull()
      .references(() => workspaces.slug),
    /** Path of the logo (served by this API) or an absolute URL; null = none. */
    logo: text('logo'),
    overview: text('overview'),
    funding: jsonb('funding').$type<Funding>(),
    investors: jsonb('investors').$type<Investors>(),
    /**
     * Team as imported from the platform: "name, title, bio" strings (sometimes malformed, kept
     * as they came) or {name, title, bio, avatar} objects.
     */
    teamMembers: jsonb('team_members').$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
  },
  (table) => [index('organizations_workspace_idx').on(table.workspaceSlug)],
);

export const jobStatuses = ['published', 'draft', 'closed'] as const;
/** Where a job is shown: the public job board, LinkedIn, or both. */
export const jobPlacements = ['job_board', 'linkedin', 'both'] as const;

export const jobPostings = pgTable(
  'job_postings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    title: text('title').notNull(),
    location: text('location'),
    salaryMin: integer('salary_min'),
    salaryMax: integer('salary_max'),
    salaryCurrency: text('salary_currency'),
    shortDescription: text('short_description'),
    description: text('description'),
    jobType: text('job_type'),
    workplaceType: text('workplace_type'),
    level: text('level'),
    requirements: jsonb('requirements').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    skills: jsonb('skills').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    benefits: jsonb('benefits').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    initialProjects: jsonb('initial_projects').$type<string[]>(),
    applicationUrl: text('application_url'),
    equity: jsonb('equity').$type<Equity>(),
    shownOn: text('shown_on', { enum: jobPlacements }).notNull().default('job_board'),
    status: text('status', { enum: jobStatuses }).notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('job_postings_organization_idx').on(table.organizationId),
    index('job_postings_listing_idx').on(table.status, table.shownOn, table.publishedAt),
  ],
);

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
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('applications_job_idx').on(table.jobPostingId)],
);

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

/** Validated submissions per client, for the rate limit (shared by every API instance). */
export const submissionAttempts = pgTable(
  'submission_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clientHash: text('client_hash').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('submission_attempts_client_idx').on(table.clientHash, table.at)],
);

/** Local-captcha tokens already used: each token is good for one submission. */
export const captchaRedemptions = pgTable('captcha_redemptions', {
  tokenId: text('token_id').primaryKey(),
  redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull().defaultNow(),
});
