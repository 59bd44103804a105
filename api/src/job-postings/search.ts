import type {
  CrawlJobsBody,
  CrawlOrganizationsBody,
  FacetCount,
  JobFacets,
  JobSearch,
  PostedWithin,
} from '@board/shared/api/job-search';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database';
import { jobPostings, organizations } from '../db/schema';
import { httpError } from '../lib/http-error';
import type { DataVersion } from './data-version';
import { listColumns, placements, selectRows, type Visibility } from './queries';
import type { ListJobRow, OrganizationRow } from './serialize';

/**
 * Every query of the board's search, pages and crawler listings (docs/search.md): the SPEC's
 * filter rules (section 5) and the sort as SQL over the generated columns of migration 0002, each
 * page read by a keyset on an index, never by OFFSET.
 */

/** Which jobs a board shows: a visibility, and one workspace or all of them. */
export interface Scope {
  visibility: Visibility;
  workspaceSlug?: string;
}

/**
 * Published and shown with this visibility, in the workspace. The status and placements are
 * written as literals, not parameters: the partial indexes (`where status = 'published'`) must be
 * provably usable by a prepared statement's generic plan too.
 */
function inScope(scope: Scope): SQL {
  const shownOn = placements(scope.visibility)
    .map((placement) => `'${placement}'`)
    .join(', ');
  const visible = sql`${jobPostings.status} = 'published' and ${jobPostings.shownOn} in (${sql.raw(shownOn)})`;
  if (scope.workspaceSlug === undefined) return visible;
  return sql`${visible} and ${jobPostings.organizationId} in (select ${organizations.id} from ${organizations} where ${organizations.workspaceSlug} = ${scope.workspaceSlug})`;
}

/** A LIKE pattern that matches `text` anywhere, its wildcards taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

const hour = 3_600_000;
const periods: Record<PostedWithin, number> = { '24h': 24 * hour, '7d': 7 * 24 * hour, '30d': 30 * 24 * hour };

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The column holds one of the scope's values that equal a wanted one, case-insensitively. */
function oneOf(column: AnyPgColumn, values: FacetCount[], wanted: string[]): SQL {
  const matching = values.map(({ value }) => value).filter((value) => wanted.some((want) => same(value, want)));
  if (matching.length === 0) return sql`false`;
  return sql`${column} in (${sql.join(
    matching.map((value) => sql`${value}`),
    sql`, `,
  )})`;
}

/** The search's filters (everything but the scope and the page), or null when none is on. */
function filters(search: JobSearch, now: number, facets: JobFacets): SQL | null {
  const conditions: SQL[] = [];
  // Title and location: 'contains', case-insensitive (the search is trimmed when parsed).
  // Both sides in lower case and a LIKE: the same as ILIKE, several times cheaper per row.
  if (search.title !== '') conditions.push(sql`${jobPostings.titleLower} like lower(${containsPattern(search.title)})`);
  if (search.location !== '')
    conditions.push(sql`${jobPostings.locationLower} like lower(${containsPattern(search.location)})`);
  if (search.investor !== '')
    conditions.push(
      sql`${jobPostings.organizationId} in (select ${organizations.id} from ${organizations} where ${organizations.investorNames} @> array[${search.investor}::text])`,
    );
  // A job whose salary text has no number is never excluded.
  if (search.salaryMinK !== undefined)
    conditions.push(
      sql`(${jobPostings.salaryFirstK} is null or ${jobPostings.salaryFirstK} >= ${String(search.salaryMinK)}::float8)`,
    );
  if (search.salaryMaxK !== undefined)
    conditions.push(
      sql`(${jobPostings.salaryFirstK} is null or ${jobPostings.salaryFirstK} <= ${String(search.salaryMaxK)}::float8)`,
    );
  // Case-insensitive equality, written as equality with the scope's values that match (from its
  // facets, counted at the same data version): the planner knows how common each value is, and
  // no row is lowered.
  if (search.workplaces.length > 0)
    conditions.push(oneOf(jobPostings.workplaceShown, facets.workplace_types, search.workplaces));
  if (search.jobType !== '') conditions.push(oneOf(jobPostings.jobTypeShown, facets.job_types, [search.jobType]));
  if (search.level !== '') conditions.push(oneOf(jobPostings.levelShown, facets.levels, [search.level]));
  // Undated jobs hold the lowest posted_us: never within a period. A future date counts as just posted.
  if (search.postedWithin !== '')
    conditions.push(
      sql`${jobPostings.postedUs} >= ${String(BigInt(now - periods[search.postedWithin]) * 1000n)}::bigint`,
    );
  if (search.ids !== undefined)
    conditions.push(
      sql`${jobPostings.id} in (${sql.join(
        search.ids.map((id) => sql`${id}::integer`),
        sql`, `,
      )})`,
    );
  return conditions.length === 0 ? null : sql.join(conditions, sql` and `);
}

/** The keys of the last row of a page: where the next page starts. */
type JobCursor =
  | { sort: 'newest'; postedUs: string; id: number }
  | { sort: 'salary'; top: number; postedUs: string; id: number };

function encodeCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function decodeCursor(cursor: string): unknown {
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}

const badCursor = () =>
  httpError(400, 'cursor is not one this API gave', 'Pass the next_cursor of the previous page unchanged');
const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= 2_147_483_647;
const isBigintText = (value: unknown): value is string =>
  typeof value === 'string' && /^-?\d{1,19}$/.test(value) && BigInt(value) >= -(2n ** 63n) && BigInt(value) < 2n ** 63n;

function readJobCursor(cursor: string, sort: JobSearch['sort']): JobCursor {
  const value = decodeCursor(cursor);
  if (!Array.isArray(value)) throw badCursor();
  if (sort === 'newest' && value.length === 3 && value[0] === 'n' && isBigintText(value[1]) && isId(value[2]))
    return { sort, postedUs: value[1], id: value[2] };
  if (
    sort === 'salary' &&
    value.length === 4 &&
    value[0] === 's' &&
    isId(value[1]) &&
    isBigintText(value[2]) &&
    isId(value[3])
  )
    return { sort, top: value[1], postedUs: value[2], id: value[3] };
  throw badCursor();
}

function jobCursorText(cursor: JobCursor): string {
  return encodeCursor(
    cursor.sort === 'newest' ? ['n', cursor.postedUs, cursor.id] : ['s', cursor.top, cursor.postedUs, cursor.id],
  );
}

/** A page by id (crawler listings, call 3): the last id. */
function readIdCursor(cursor: string | null): number {
  if (cursor === null) return 0;
  const value = decodeCursor(cursor);
  if (!Array.isArray(value) || value.length !== 2 || value[0] !== 'i' || !isId(value[1])) throw badCursor();
  return value[1];
}

export interface JobPage {
  rows: { job: ListJobRow; organization: OrganizationRow }[];
  total: number;
  nextCursor: string | null;
}

/** One page of jobs, newest first (undated last) or by the top of the salary range, with the total. */
async function jobPage(
  db: Database,
  where: SQL,
  sort: JobSearch['sort'],
  page: { limit: number; cursor: string | null },
  total: () => Promise<number>,
  /** Call 5 sends each job's long description; call 1 never does. */
  withDescription = false,
): Promise<JobPage> {
  const after = page.cursor === null ? null : readJobCursor(page.cursor, sort);
  const keyset =
    after === null
      ? null
      : after.sort === 'newest'
        ? sql`(${jobPostings.postedUs}, ${jobPostings.id}) < (${after.postedUs}::bigint, ${after.id}::integer)`
        : sql`(${jobPostings.salaryTop}, ${jobPostings.postedUs}, ${jobPostings.id}) < (${after.top}::integer, ${after.postedUs}::bigint, ${after.id}::integer)`;
  const order =
    sort === 'newest'
      ? sql`${jobPostings.postedUs} desc, ${jobPostings.id} desc`
      : sql`${jobPostings.salaryTop} desc, ${jobPostings.postedUs} desc, ${jobPostings.id} desc`;
  const [rows, count] = await Promise.all([
    db
      .select({
        job: withDescription ? { ...listColumns(), description: jobPostings.description } : listColumns(),
        organization: organizations,
        postedUs: sql<string>`${jobPostings.postedUs}::text`,
        salaryTop: jobPostings.salaryTop,
      })
      .from(jobPostings)
      .innerJoin(organizations, eq(jobPostings.organizationId, organizations.id))
      .where(keyset ? and(where, keyset) : where)
      .orderBy(order)
      .limit(page.limit + 1),
    total(),
  ]);
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  const nextCursor =
    rows.length > page.limit && last
      ? jobCursorText(
          sort === 'newest'
            ? { sort, postedUs: String(last.postedUs), id: last.job.id }
            : { sort, top: Number(last.salaryTop), postedUs: String(last.postedUs), id: last.job.id },
        )
      : null;
  return {
    rows: shown.map(({ job, organization }) => ({ job: job as ListJobRow, organization })),
    total: count,
    nextCursor,
  };
}

async function countJobs(db: Database, where: SQL): Promise<number> {
  const [row] = await selectRows<{ n: number | string }>(
    db,
    sql`select count(*)::integer as n from ${jobPostings} where ${where}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Call 1's search. Facets are counted over the scope, once per scope and change of the data
 * (`DataVersion`); the total of an unfiltered search is the scope's, from the same count.
 */
export function jobSearch(
  db: Database,
  versions: DataVersion,
  options: { now?: () => number; totalTtlMs?: number } = {},
) {
  const now = options.now ?? Date.now;
  const totalTtlMs = options.totalTtlMs ?? 10_000;
  const facetCache = new Map<string, { version: number; facets: Promise<ScopeFacets> }>();
  // The total of a filtered search, kept a few seconds per data version: counting tens of
  // thousands of matches is the search's one cost that grows with the board (docs/search.md), and
  // "Show more" asks the same search again with a cursor.
  const totals = new Map<string, { version: number; expires: number; total: Promise<number> }>();
  async function totalOf(scope: Scope, search: JobSearch, where: SQL, request?: Request): Promise<number> {
    const version = await versions.current(request);
    const { sort, ...filtersOnly } = search;
    const key = JSON.stringify([scope.visibility, scope.workspaceSlug ?? null, filtersOnly]);
    const cached = totals.get(key);
    if (cached && cached.version === version && cached.expires > now()) return cached.total;
    const entry = { version, expires: now() + totalTtlMs, total: countJobs(db, where) };
    totals.delete(key);
    totals.set(key, entry);
    while (totals.size > 500) totals.delete(totals.keys().next().value ?? '');
    entry.total.catch(() => {
      if (totals.get(key) === entry) totals.delete(key);
    });
    return entry.total;
  }

  async function facetsOf(scope: Scope, request?: Request): Promise<ScopeFacets> {
    const version = await versions.current(request);
    const key = JSON.stringify([scope.visibility, scope.workspaceSlug ?? null]);
    const cached = facetCache.get(key);
    if (cached?.version === version) return cached.facets;
    const entry = { version, facets: scopeFacets(db, scope) };
    facetCache.delete(key);
    facetCache.set(key, entry);
    // A few scopes at most are asked for; made-up workspaces never reach here (404 first).
    while (facetCache.size > 32) facetCache.delete(facetCache.keys().next().value ?? '');
    entry.facets.catch(() => {
      if (facetCache.get(key) === entry) facetCache.delete(key);
    });
    return entry.facets;
  }

  return {
    facets: facetsOf,
    async search(
      scope: Scope,
      search: JobSearch,
      page: { limit: number; cursor: string | null },
      request?: Request,
    ): Promise<JobPage & { facets: JobFacets }> {
      const facets = await facetsOf(scope, request);
      const filter = filters(search, now(), facets.facets);
      const where = filter ? sql`${inScope(scope)} and ${filter}` : inScope(scope);
      const result = await jobPage(db, where, search.sort, page, async () =>
        filter ? totalOf(scope, search, where, request) : facets.total,
      );
      return { ...result, facets: facets.facets };
    },
  };
}

interface ScopeFacets {
  total: number;
  facets: JobFacets;
}

/** The filter panel's options over the whole scope (never the filtered jobs). */
async function scopeFacets(db: Database, scope: Scope): Promise<ScopeFacets> {
  const where = inScope(scope);
  const countBy = (column: SQL, extra: SQL = sql``) =>
    selectRows<{ value: string; count: number | string }>(
      db,
      sql`select ${column} as value, count(*)::integer as count from ${jobPostings} where ${where} ${extra} group by 1 order by 2 desc, 1`,
    );
  const [totals, jobTypes, levels, workplaces, locations, investors] = await Promise.all([
    selectRows<{ total: number | string; min: number | null; max: number | null }>(
      db,
      sql`select count(*)::integer as total, min(${jobPostings.salaryFirstK}) as min, max(${jobPostings.salaryFirstK}) as max from ${jobPostings} where ${where}`,
    ),
    countBy(sql`${jobPostings.jobTypeShown}`),
    countBy(sql`${jobPostings.levelShown}`, sql`and ${jobPostings.levelShown} <> ''`),
    countBy(sql`${jobPostings.workplaceShown}`, sql`and ${jobPostings.workplaceShown} <> ''`),
    selectRows<{ value: string; count: number | string }>(
      db,
      sql`select ${jobPostings.locationShown} as value, count(*)::integer as count from ${jobPostings} where ${where} group by 1 order by 2 desc, 1 limit 200`,
    ),
    selectRows<{ name: string; count: number | string }>(
      db,
      sql`select investor.name, sum(jobs)::integer as count from (select ${jobPostings.organizationId} as id, count(*) as jobs from ${jobPostings} where ${where} group by 1) as hiring join ${organizations} on ${organizations.id} = hiring.id cross join unnest(${organizations.investorNames}) as investor(name) group by investor.name`,
    ),
  ]);
  const [total] = totals;
  const counts = (rows: { value: string; count: number | string }[]): FacetCount[] =>
    rows.map((row) => ({ value: row.value, count: Number(row.count) }));
  return {
    total: Number(total?.total ?? 0),
    facets: {
      investors: investors
        .map((row) => ({ name: row.name, count: Number(row.count) }))
        .sort((a, b) => a.name.localeCompare(b.name)),
      salary_k:
        total?.min === null || total?.min === undefined || total.max === null
          ? null
          : { min: Number(total.min), max: Number(total.max) },
      job_types: counts(jobTypes),
      levels: counts(levels),
      workplace_types: counts(workplaces),
      locations: counts(locations),
    },
  };
}

/** Call 5 with a page: the company's jobs, newest first (undated last). */
export function organizationJobPage(
  db: Database,
  organizationId: number,
  visibility: Visibility,
  page: { limit: number; cursor: string | null },
): Promise<JobPage> {
  const where = sql`${inScope({ visibility })} and ${jobPostings.organizationId} = ${organizationId}`;
  return jobPage(db, where, 'newest', page, () => countJobs(db, where), true);
}

/** Companies with at least one job on the board (call 3, the crawler listing). */
function hiring(): SQL {
  return sql`exists (select 1 from ${jobPostings} where ${jobPostings.organizationId} = ${organizations.id} and ${inScope({ visibility: 'job_board_only' })})`;
}

/** Call 3 with a page: hiring companies whose name contains `name`, by name then id. */
export async function organizationPage(
  db: Database,
  options: { workspaceSlug?: string; name: string; limit: number; cursor: string | null },
) {
  const conditions: SQL[] = [hiring()];
  if (options.workspaceSlug !== undefined) conditions.push(eq(organizations.workspaceSlug, options.workspaceSlug));
  if (options.name !== '') conditions.push(sql`${organizations.name} ilike ${containsPattern(options.name)}`);
  const where = sql.join(conditions, sql` and `);
  let keyset: SQL | null = null;
  if (options.cursor !== null) {
    const value = decodeCursor(options.cursor);
    if (
      !Array.isArray(value) ||
      value.length !== 3 ||
      value[0] !== 'o' ||
      typeof value[1] !== 'string' ||
      !isId(value[2])
    )
      throw badCursor();
    keyset = sql`(${organizations.name}, ${organizations.id}) > (${value[1]}::text, ${value[2]}::integer)`;
  }
  const [rows, totals] = await Promise.all([
    db
      .select({ id: organizations.id, name: organizations.name, jobBoardSlug: organizations.jobBoardSlug })
      .from(organizations)
      .where(keyset ? sql`${where} and ${keyset}` : where)
      .orderBy(organizations.name, organizations.id)
      .limit(options.limit + 1),
    selectRows<{ n: number | string }>(db, sql`select count(*)::integer as n from ${organizations} where ${where}`),
  ]);
  const shown = rows.slice(0, options.limit);
  const last = shown.at(-1);
  return {
    rows: shown,
    total: Number(totals[0]?.n ?? 0),
    nextCursor: rows.length > options.limit && last ? encodeCursor(['o', last.name, last.id]) : null,
  };
}

function postedDate(postedUs: string): string | null {
  const micros = BigInt(postedUs);
  if (micros === -(2n ** 63n)) return null;
  const date = new Date(Number(micros / 1000n));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Every job on the board (all workspaces), by id: the sitemap's and feeds' reading, one page at a time. */
export async function crawlJobs(db: Database, page: { limit: number; cursor: string | null }): Promise<CrawlJobsBody> {
  const after = readIdCursor(page.cursor);
  const rows = await selectRows<{ id: number; organization_id: number; posted_us: string }>(
    db,
    sql`select ${jobPostings.id} as id, ${jobPostings.organizationId} as organization_id, ${jobPostings.postedUs}::text as posted_us from ${jobPostings} where ${inScope({ visibility: 'job_board_only' })} and ${jobPostings.id} > ${after}::integer order by ${jobPostings.id} limit ${page.limit + 1}`,
  );
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    items: shown.map((row) => ({
      id: Number(row.id),
      organization_id: Number(row.organization_id),
      posted_date: postedDate(String(row.posted_us)),
    })),
    next_cursor: rows.length > page.limit && last ? encodeCursor(['i', Number(last.id)]) : null,
  };
}

/** Every hiring company (of a workspace, or all), by id, with its newest job's date. */
export async function crawlOrganizations(
  db: Database,
  options: { workspaceSlug?: string; limit: number; cursor: string | null },
): Promise<CrawlOrganizationsBody> {
  const after = readIdCursor(options.cursor);
  const workspace =
    options.workspaceSlug === undefined ? sql`` : sql`and ${organizations.workspaceSlug} = ${options.workspaceSlug}`;
  const rows = await selectRows<{ id: number; posted_us: string }>(
    db,
    sql`select ${organizations.id} as id, newest.posted_us from ${organizations} cross join lateral (select ${jobPostings.postedUs}::text as posted_us from ${jobPostings} where ${jobPostings.organizationId} = ${organizations.id} and ${inScope({ visibility: 'job_board_only' })} order by ${jobPostings.postedUs} desc limit 1) as newest where ${organizations.id} > ${after}::integer ${workspace} order by ${organizations.id} limit ${options.limit + 1}`,
  );
  const shown = rows.slice(0, options.limit);
  const last = shown.at(-1);
  return {
    items: shown.map((row) => ({ organization_id: Number(row.id), last_posted: postedDate(String(row.posted_us)) })),
    next_cursor: rows.length > options.limit && last ? encodeCursor(['i', Number(last.id)]) : null,
  };
}

/** Microseconds since 1970, as `posted_us` holds them. */
const microseconds = (date: Date) => String(BigInt(date.getTime()) * 1000n);

/**
 * The facets of each scope, counted once and kept by the caller (a digest run): what call 1's
 * filters compare job type, level and workplace with. Counted through the connection given (a
 * transaction's, on PGlite's one connection).
 */
export type ScopeFacetsOf = (db: Database, scope: Scope) => Promise<JobFacets>;

export function scopeFacetsCache(): ScopeFacetsOf {
  const cache = new Map<string, Promise<JobFacets>>();
  return (db, scope) => {
    const key = JSON.stringify([scope.visibility, scope.workspaceSlug ?? null]);
    let facets = cache.get(key);
    if (!facets) {
      facets = scopeFacets(db, scope).then((counted) => counted.facets);
      cache.set(key, facets);
      facets.catch(() => cache.delete(key));
    }
    return facets;
  };
}

/** A saved search and where it looks (a job alert). */
export interface SavedSearch {
  scope: Scope;
  search: JobSearch;
}

export interface WindowMatches {
  rows: { job: ListJobRow; organization: OrganizationRow }[];
  /** More than `limit` jobs matched. */
  more: boolean;
}

/** How many saved searches one statement runs (each reads the window once per statement). */
const searchesPerStatement = 100;

/**
 * Saved searches' jobs published in a window (job alerts' digests): for each search, call 1's
 * scope and filters over the jobs published after `after`, up to and including `until`, newest
 * first, at most `limit`, and whether more match. The window's jobs are read once per statement
 * (through the newest-first index) into a CTE that stands for `job_postings` in that statement,
 * and every search's conditions (`inScope`, `filters`: the very ones of call 1) run over it: a
 * digest run costs one read of the window plus a scan of it per distinct search, whatever the
 * board's size.
 */
export async function jobsPublishedBetween(
  db: Database,
  searches: SavedSearch[],
  window: { after: Date; until: Date },
  limit: number,
  /** The scope's facets, as call 1 reads them (a run keeps them: see `scopeFacetsCache`). */
  facetsOf: ScopeFacetsOf,
): Promise<WindowMatches[]> {
  const results: WindowMatches[] = searches.map(() => ({ rows: [], more: false }));
  const matched: { index: number; id: number }[] = [];
  const facets: JobFacets[] = [];
  for (const { scope } of searches) facets.push(await facetsOf(db, scope));
  for (let start = 0; start < searches.length; start += searchesPerStatement) {
    const chunk = searches.slice(start, start + searchesPerStatement);
    const parts = chunk.map(({ scope, search }, offset) => {
      const filter = filters(search, window.until.getTime(), facets[start + offset] as JobFacets);
      const where = filter ? sql`${inScope(scope)} and ${filter}` : inScope(scope);
      return sql`(select ${start + offset}::integer as k, ${jobPostings.id} as id from ${jobPostings} where ${where} order by ${jobPostings.postedUs} desc, ${jobPostings.id} desc limit ${limit + 1})`;
    });
    // Every column inScope and filters read (a column missing here fails the statement, loudly).
    const rows = await selectRows<{ k: number; id: number }>(
      db,
      sql`with job_postings as materialized (
        select id, organization_id, title, title_lower, status, shown_on, posted_us, salary_first_k,
          location_shown, location_lower, workplace_shown, job_type_shown, level_shown
        from ${jobPostings}
        where ${jobPostings.status} = 'published'
          and ${jobPostings.postedUs} > ${microseconds(window.after)}::bigint
          and ${jobPostings.postedUs} <= ${microseconds(window.until)}::bigint
      ) ${sql.join(parts, sql` union all `)}`,
    );
    for (const row of rows) matched.push({ index: Number(row.k), id: Number(row.id) });
  }
  const ids = [...new Set(matched.map((match) => match.id))];
  const jobs = new Map<number, { job: ListJobRow; organization: OrganizationRow; postedUs: string }>();
  for (let start = 0; start < ids.length; start += 1000) {
    const page = await db
      .select({ job: listColumns(), organization: organizations, postedUs: sql<string>`${jobPostings.postedUs}::text` })
      .from(jobPostings)
      .innerJoin(organizations, eq(jobPostings.organizationId, organizations.id))
      .where(inArray(jobPostings.id, ids.slice(start, start + 1000)));
    for (const row of page)
      jobs.set(row.job.id, { job: row.job as ListJobRow, organization: row.organization, postedUs: row.postedUs });
  }
  const byIndex = new Map<number, number[]>();
  for (const match of matched) byIndex.set(match.index, [...(byIndex.get(match.index) ?? []), match.id]);
  for (const [index, matchIds] of byIndex) {
    const found = matchIds
      .map((id) => jobs.get(id))
      .filter((row) => row !== undefined)
      .sort((a, b) => {
        const posted = BigInt(b.postedUs) - BigInt(a.postedUs);
        return posted === 0n ? b.job.id - a.job.id : posted > 0n ? 1 : -1;
      });
    results[index] = {
      rows: found.slice(0, limit).map(({ job, organization }) => ({ job, organization })),
      more: found.length > limit,
    };
  }
  return results;
}
