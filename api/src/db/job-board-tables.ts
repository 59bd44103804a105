/**
 * The job board's tables: workspaces, the hiring organizations and their job postings, with the
 * columns the board's search reads. Part of the database schema, the single source of truth for the
 * API's data (migrations in api/drizzle are generated from it with `pnpm --filter @board/api db:generate`).
 */

import type { DescriptionBlock } from '@board/shared/api/description-blocks';
import type { NamedPlace, RemoteEligibility, TimeZoneBand } from '@board/shared/places/types';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Equity, Funding, Investors } from './company-profile-columns';

export type { Equity, Funding, Investors } from './company-profile-columns';

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
    /**
     * The workspace whose board lists the company too; null: the general board only (a company
     * imported from an ATS without --workspace).
     */
    workspaceSlug: text('workspace_slug').references(() => workspaces.slug),
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
    /*
     * The profile a portfolio file and the company's own site give (src/portfolio/, decisions 039
     * and 040): shown on the company page, and on jobs that state no equity or benefits of their own.
     */
    website: text('website'),
    headquarters: text('headquarters'),
    headcount: integer('headcount'),
    founded: integer('founded'),
    equity: jsonb('equity').$type<Equity>(),
    benefits: jsonb('benefits').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** The logo as the file or the site named it, the hash of those bytes, and the stored PNG (logos). */
    logoSource: text('logo_source'),
    logoSourceDigest: text('logo_source_digest'),
    logoHash: text('logo_hash'),
    /** The profile fields the company's site filled, not the file (`from_site` on export). */
    fromSite: text('from_site').array().notNull().default(sql`'{}'::text[]`),
    /** When enrichment last read the company's site (the weekly round reads the oldest first). */
    siteReadAt: timestamp('site_read_at', { withTimezone: true }),
  },
  (table) => [
    index('organizations_workspace_idx').on(table.workspaceSlug),
    index('organizations_investor_names_idx').using('gin', table.investorNames),
    index('organizations_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
    index('organizations_name_idx').on(table.name, table.id),
  ],
);

export const sourceKinds = ['greenhouse', 'lever', 'ashby'] as const;
export type SourceKind = (typeof sourceKinds)[number];

/**
 * A company's job board on its ATS, whose jobs the board imports (src/sources/): one organization
 * per source. A removed source is kept (removed_at), so adding it again brings its jobs back under
 * their old ids rather than as duplicates.
 */
export const jobSources = pgTable(
  'job_sources',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: sourceKinds }).notNull(),
    /** The board's name on the ATS (Greenhouse board token, Lever site, Ashby job board name). */
    board: text('board').notNull(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /** A sync under way holds the source until then (one sync of a source at a time, across instances). */
    syncClaimedUntil: timestamp('sync_claimed_until', { withTimezone: true }),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    lastSyncOk: boolean('last_sync_ok'),
    /** The last sync's line, as `pnpm sources sync` printed it. */
    lastSyncLine: text('last_sync_line'),
  },
  (table) => [uniqueIndex('job_sources_kind_board_idx').on(table.kind, sql`lower(${table.board})`)],
);

const visaSponsorships = ['yes', 'no', 'not-stated'] as const;

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
    /**
     * When what the job page shows last changed (the sitemap's lastmod): written by an import,
     * and by a trigger on any other update of a shown column (migration 0006).
     */
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the job closed (its ATS stopped listing it, or its source was removed); null while open. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The last day to apply, where the ATS gives one (JobPosting's validThrough). */
    validThrough: timestamp('valid_through', { withTimezone: true }),
    /** The imported description as safe blocks (src/sources/description-blocks.ts); null: `description` only. */
    descriptionBlocks: jsonb('description_blocks').$type<DescriptionBlock[]>(),
    /** The ATS board the job is imported from, and the job's id there: one board id per (source, ATS id). */
    sourceId: integer('source_id').references(() => jobSources.id),
    sourceJobId: text('source_job_id'),
    /** A hash of what the import last wrote: an unchanged job is not written again. */
    sourceHash: text('source_hash'),
    /** The ATS's own last-update stamp, where it has one (Greenhouse: its pay is read again when it moves). */
    sourceUpdatedAt: text('source_updated_at'),
    /** When the board first listed an imported job: alerts mail it then, whatever date its ATS gives. */
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }),
    /*
     * Where the job is and where it can be done from, read from its location, its ATS's fields and
     * its description when it is written (src/places/job-places.ts; docs/decisions/043-job-places.md).
     */
    /** The places the job names, with their regions' names (empty: none was read; the text is shown). */
    places: jsonb('places').$type<NamedPlace[]>().notNull().default(sql`'[]'::jsonb`),
    /** Where a remote job may be done from; null: not remote. */
    remoteEligibility: jsonb('remote_eligibility').$type<RemoteEligibility>(),
    timeZones: jsonb('time_zones').$type<TimeZoneBand>(),
    visaSponsorship: text('visa_sponsorship', { enum: visaSponsorships }).notNull().default('not-stated'),
    /**
     * What "I can work from" reads: the countries of its places and of its eligibility, its world
     * regions ('EU', 'APAC'…), '*' for anywhere and '?' for a remote job that does not say. Null:
     * not read (a job written before migration 0012, or by the platform's own SQL): the search
     * index and the answers read its location as they meet it (src/places/job-places.ts).
     */
    workFrom: text('work_from').array(),
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
    /**
     * When the board first showed the job, in microseconds since 1970: an imported job's first
     * sighting, any other job's publication. Alert digests hold the jobs first shown in their window.
     */
    seenUs: bigint('seen_us', { mode: 'bigint' })
      .notNull()
      .generatedAlwaysAs(
        sql`coalesce((extract(epoch from (coalesce(first_seen_at, published_at) - timestamptz '1970-01-01 00:00:00+00')) * 1000000)::bigint, -9223372036854775808)`,
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
    uniqueIndex('job_postings_source_job_idx').on(table.sourceId, table.sourceJobId).where(sql`source_id is not null`),
    index('job_postings_seen_idx').on(table.seenUs, table.id).where(sql`status = 'published'`),
    index('job_postings_salary_first_idx').on(table.salaryFirstK).where(sql`status = 'published'`),
    index('job_postings_title_trgm_idx')
      .using('gin', sql`${table.titleLower} gin_trgm_ops`)
      .where(sql`status = 'published'`),
    index('job_postings_location_trgm_idx')
      .using('gin', sql`${table.locationLower} gin_trgm_ops`)
      .where(sql`status = 'published'`),
  ],
);
