/**
 * The job board's tables: workspaces, the hiring organizations and their job postings, with the
 * columns the board's search reads. Part of the database schema, the single source of truth for the
 * API's data (migrations in api/drizzle are generated from it with `pnpm --filter @board/api db:generate`).
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
     * index (docs/decisions/013-search-in-the-database.md; the search itself reads them from memory:
     * 021-search-index-in-memory.md).
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
     * What the board's search reads, as the cards show it (shared/src/api/job-display.ts), computed by the
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
