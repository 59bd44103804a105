/**
 * The database schema: the single source of truth for the API's data (migrations in
 * api/drizzle are generated from it with `pnpm --filter @board/api db:generate`).
 */
import type { JobSearch } from '@board/shared/api/job-search';
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
    /**
     * Every name in investors.all and investors.last_round as the board shows them (trimmed, blank
     * and non-string entries dropped): what call 1's investor filter and facet read, through a GIN
     * index (docs/decisions/010-search-in-the-database.md).
     */
    investorNames: text('investor_names').array().notNull().generatedAlwaysAs(sql`board_investor_names(investors)`),
  },
  (table) => [
    index('organizations_workspace_idx').on(table.workspaceSlug),
    index('organizations_investor_names_idx').using('gin', table.investorNames),
    index('organizations_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
    index('organizations_name_idx').on(table.name, table.id),
  ],
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
    /*
     * What the board's search reads, as the cards show it (shared/src/api/job.ts), computed by the
     * database so that each rule is one expression with an index (docs/search.md).
     */
    /** published_at in microseconds since 1970; undated jobs get the lowest bigint (listed last). */
    postedUs: bigint('posted_us', { mode: 'bigint' })
      .notNull()
      .generatedAlwaysAs(
        sql`coalesce((extract(epoch from (published_at - timestamptz '1970-01-01 00:00:00+00')) * 1000000)::bigint, -9223372036854775808)`,
      ),
    /** The first number of the salary text in thousands (salaryText); null when none is shown. */
    salaryFirstK: integer('salary_first_k').generatedAlwaysAs(
      sql`case when salary_min >= 500 then round(salary_min / 1000.0)::integer when salary_max >= 500 then round(salary_max / 1000.0)::integer end`,
    ),
    /** The top of the salary range (the salary order); 0 when not disclosed. */
    salaryTop: integer('salary_top')
      .notNull()
      .generatedAlwaysAs(sql`greatest(coalesce(salary_min, 0), coalesce(salary_max, 0), 0)`),
    /** The title in lower case: 'contains' is a LIKE on it, several times cheaper per row than ILIKE. */
    titleLower: text('title_lower').notNull().generatedAlwaysAs(sql`lower(title)`),
    /** The location shown, in lower case. */
    locationLower: text('location_lower')
      .notNull()
      .generatedAlwaysAs(sql`lower(coalesce(nullif(board_trim(location), ''), 'Remote'))`),
    /** The location shown: 'Remote' when blank. */
    locationShown: text('location_shown')
      .notNull()
      .generatedAlwaysAs(sql`coalesce(nullif(board_trim(location), ''), 'Remote')`),
    /** The job type shown: 'Full-time' when blank. */
    jobTypeShown: text('job_type_shown')
      .notNull()
      .generatedAlwaysAs(sql`coalesce(nullif(board_trim(job_type), ''), 'Full-time')`),
    levelShown: text('level_shown').notNull().generatedAlwaysAs(sql`coalesce(board_trim(level), '')`),
    workplaceShown: text('workplace_shown').notNull().generatedAlwaysAs(sql`coalesce(board_trim(workplace_type), '')`),
  },
  (table) => [
    index('job_postings_organization_idx').on(table.organizationId),
    index('job_postings_listing_idx').on(table.status, table.shownOn, table.publishedAt),
    // The search's orders (keyset pages) and "contains" filters, over published jobs only. The
    // newest order's index, job_postings_search_idx, is written in migrations 0002 and 0003 themselves: it
    // includes every filtered column (Drizzle cannot say INCLUDE), so counting a search's matches
    // is an index-only scan of a narrow index rather than a read of the wide rows.
    index('job_postings_salary_idx').on(table.salaryTop, table.postedUs, table.id).where(sql`status = 'published'`),
    index('job_postings_organization_newest_idx')
      .on(table.organizationId, table.postedUs, table.id)
      .where(sql`status = 'published'`),
    index('job_postings_salary_first_idx').on(table.salaryFirstK).where(sql`status = 'published'`),
    index('job_postings_title_trgm_idx')
      .using('gin', sql`${table.titleLower} gin_trgm_ops`)
      .where(sql`status = 'published'`),
    index('job_postings_location_trgm_idx')
      .using('gin', sql`${table.locationLower} gin_trgm_ops`)
      .where(sql`status = 'published'`),
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

export const alertFrequencies = ['daily', 'weekly'] as const;
export type AlertFrequency = (typeof alertFrequencies)[number];
export const alertStatuses = ['pending', 'active', 'paused'] as const;

/**
 * A job alert: an address, a saved search of the board (call 1's filters, `JobSearch`) over one
 * workspace or all jobs, and a schedule. The address is stored for the alert only: the row is
 * deleted on unsubscribe, and a `pending` row (never confirmed) is deleted after 7 days.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    /** The keyed hash of the lower-cased address (alerts/address-keys.ts): what manage links refer to. */
    emailHash: text('email_hash').notNull(),
    /** null = all jobs. */
    workspaceSlug: text('workspace_slug'),
    search: jsonb('search').$type<JobSearch>().notNull(),
    frequency: text('frequency', { enum: alertFrequencies }).notNull(),
    status: text('status', { enum: alertStatuses }).notNull().default('pending'),
    /** The confirmation link's one-time value; null once confirmed (a reused link is refused). */
    confirmNonce: text('confirm_nonce'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The end of the window the last digest covered: the next digest holds jobs published after it. */
    lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
    nextDigestAt: timestamp('next_digest_at', { withTimezone: true }),
  },
  (table) => [
    index('alerts_email_hash_idx').on(table.emailHash),
    index('alerts_due_idx').on(table.nextDigestAt).where(sql`status = 'active'`),
    index('alerts_pending_idx').on(table.createdAt).where(sql`status = 'pending'`),
  ],
);

/** Confirmation emails per mailbox (its keyed hash), for the limit of 3 a day; pruned after a day. */
export const alertConfirmationSends = pgTable(
  'alert_confirmation_sends',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    emailHash: text('email_hash').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('alert_confirmation_sends_email_idx').on(table.emailHash, table.at)],
);

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/**
 * Emails to send, written in the same transaction as the event that causes them (a subscription,
 * a digest's window moving on). Senders on any instance claim rows with FOR UPDATE SKIP LOCKED and
 * a lease (`locked_until`); a failure sets `next_attempt_at` with a backoff. A row goes with its
 * alert (unsubscribing deletes the address everywhere), and a sent row is pruned after a day.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    alertId: uuid('alert_id').references(() => alerts.id, { onDelete: 'cascade' }),
    /** One email per event: a second enqueue of the same key is a no-op. */
    dedupeKey: text('dedupe_key').notNull().unique(),
    message: jsonb('message').$type<OutboxMessage>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [index('outbox_due_idx').on(table.nextAttemptAt, table.id).where(sql`sent_at is null`)],
);
