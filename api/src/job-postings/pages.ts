import { eq, type SQL, sql } from 'drizzle-orm';
import type { JobWithOrganization } from '../db/board-rows';
import { type ListJobRow, listColumns } from '../db/board-rows';
import type { Database } from '../db/database';
import { jobPostings, organizations } from '../db/job-board-tables';
import { selectRows } from '../db/select-rows';
import { jobCursorText, organizationCursorText, readJobCursor, readOrganizationCursor } from '../search/cursor';
import { containsPattern } from '../search/filters';
import { inScope, type Visibility, visibleJobs } from '../search/visible';

/**
 * The paged reads in SQL (call 3 and call 5 with `limit`; call 1's search pages its index,
 * search-index.ts): each page by a keyset on an index, never by OFFSET. A cursor that is not one this API gave is a `bad-cursor` result, for the
 * route to answer with a 400; nothing here knows HTTP.
 */

/** A read of a page, or the reason there is none. */
export type PageRead<T> = { ok: true; page: T } | { ok: false; error: 'bad-cursor' };

export interface PageRequest {
  limit: number;
  cursor: string | null;
}

/**
 * How many jobs match: exact, or (call 1's search, search.ts) exactly up to `exactTotalLimit`
 * and past it a lower bound, as Elasticsearch's `track_total_hits` does.
 */
interface JobTotal {
  count: number;
  isLowerBound: boolean;
}

/** Every match of `where`, counted (a company's jobs: a few dozen). */
async function countJobs(db: Database, where: SQL): Promise<JobTotal> {
  const [row] = await selectRows<{ n: number | string }>(
    db,
    sql`select count(*)::integer as n from ${jobPostings} where ${where}`,
  );
  return { count: Number(row?.n ?? 0), isLowerBound: false };
}

export interface JobPage<Row extends JobWithOrganization = JobWithOrganization> {
  rows: Row[];
  total: JobTotal;
  nextCursor: string | null;
}

/**
 * Call 5 with a page: the company's jobs with their long descriptions, newest first (undated
 * last), counted exactly (a company's few).
 */
export async function organizationJobPage(
  db: Database,
  organizationId: number,
  visibility: Visibility,
  page: PageRequest,
): Promise<PageRead<JobPage<JobWithOrganization<ListJobRow & { description: string | null }>>>> {
  const where = sql`${visibleJobs(visibility)} and ${jobPostings.organizationId} = ${organizationId}`;
  const after = page.cursor === null ? null : readJobCursor(page.cursor, 'newest');
  if (after === null && page.cursor !== null) return { ok: false, error: 'bad-cursor' };
  const keyset =
    after?.sort === 'newest'
      ? sql`(${jobPostings.postedUs}, ${jobPostings.id}) < (${after.postedUs}::bigint, ${after.id}::integer)`
      : null;
  const [rows, total] = await Promise.all([
    db
      .select({
        job: listColumns,
        description: jobPostings.description,
        organization: organizations,
        postedUs: sql<string>`${jobPostings.postedUs}::text`,
      })
      .from(jobPostings)
      .innerJoin(organizations, eq(jobPostings.organizationId, organizations.id))
      .where(keyset ? sql`${where} and ${keyset}` : where)
      .orderBy(sql`${jobPostings.postedUs} desc, ${jobPostings.id} desc`)
      .limit(page.limit + 1),
    countJobs(db, where),
  ]);
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    ok: true,
    page: {
      rows: shown.map(({ job, description, organization }) => ({ job: { ...job, description }, organization })),
      total,
      nextCursor:
        rows.length > page.limit && last
          ? jobCursorText({ sort: 'newest', postedUs: last.postedUs, id: last.job.id })
          : null,
    },
  };
}

/** Companies with at least one job on the board (call 3). */
function hiring(): SQL {
  return sql`exists (select 1 from ${jobPostings} where ${jobPostings.organizationId} = ${organizations.id} and ${inScope({ visibility: 'job_board_only' })})`;
}

export interface OrganizationPage {
  rows: { id: number; name: string; jobBoardSlug: string }[];
  total: number;
  nextCursor: string | null;
}

/** Call 3 with a page: hiring companies whose name contains `name`, by name then id. */
export async function organizationPage(
  db: Database,
  options: { workspaceSlug?: string; name: string } & PageRequest,
): Promise<PageRead<OrganizationPage>> {
  const conditions: SQL[] = [hiring()];
  if (options.workspaceSlug !== undefined) conditions.push(eq(organizations.workspaceSlug, options.workspaceSlug));
  if (options.name !== '') conditions.push(sql`${organizations.name} ilike ${containsPattern(options.name)}`);
  const where = sql.join(conditions, sql` and `);
  const after = options.cursor === null ? null : readOrganizationCursor(options.cursor);
  if (after === null && options.cursor !== null) return { ok: false, error: 'bad-cursor' };
  const keyset =
    after && sql`(${organizations.name}, ${organizations.id}) > (${after.name}::text, ${after.id}::integer)`;
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
    ok: true,
    page: {
      rows: shown,
      total: Number(totals[0]?.n ?? 0),
      nextCursor: rows.length > options.limit && last ? organizationCursorText({ name: last.name, id: last.id }) : null,
    },
  };
}
