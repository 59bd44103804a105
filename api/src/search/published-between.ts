import type { JobSearch } from '@board/shared/api/job-search';
import type { JobFacets } from '@board/shared/api/page-bodies';
import { eq, inArray, sql } from 'drizzle-orm';
import type { JobWithOrganization } from '../db/board-rows';
import { listColumns } from '../db/board-rows';
import type { Database } from '../db/database';
import { jobPostings, organizations } from '../db/job-board-tables';
import { selectRows } from '../db/select-rows';
import type { ScopeFacetsOf } from './caches';
import { searchWhere } from './filters';
import type { Scope } from './visible';

/** A saved search and where it looks (a job alert). */
export interface SavedSearch {
  scope: Scope;
  search: JobSearch;
}

export interface WindowMatches {
  rows: JobWithOrganization[];
  /** More than `limit` jobs matched. */
  more: boolean;
}

/** How many saved searches one statement runs (each reads the window once per statement). */
const searchesPerStatement = 100;

/** Microseconds since 1970, as `seen_us` holds them. */
const microseconds = (date: Date) => String(BigInt(date.getTime()) * 1000n);

/** A span of first sightings: after `after`, up to and including `until`. */
export interface SeenWindow {
  after: Date;
  until: Date;
}

/**
 * Saved searches' jobs new in a window, or in several (job alerts' digests): for each search,
 * call 1's scope and filters over the jobs the board first showed after `after`, up to and
 * including `until` (an imported job when it was first seen, whatever date its ATS gives it; any
 * other job when it was published: `seen_us`), newest first, at most `limit`, and whether more
 * match. The window's jobs are read once per statement
 * (through job_postings_seen_idx) into a CTE that stands for `job_postings` in that statement,
 * and every search's conditions (`searchWhere`: the very ones of call 1) run over it: a digest
 * run costs one read of the window plus a scan of it per distinct search, whatever the board's size.
 */
export async function jobsPublishedBetween(
  db: Database,
  searches: SavedSearch[],
  window: SeenWindow | readonly SeenWindow[],
  limit: number,
  /** The scope's facets, as call 1 reads them (a run keeps them: see `scopeFacetsCache`). */
  facetsOf: ScopeFacetsOf,
): Promise<WindowMatches[]> {
  const results: WindowMatches[] = searches.map(() => ({ rows: [], more: false }));
  const windows = 'after' in window ? [window] : window;
  if (windows.length === 0) return results;
  // The filters' clock ("posted within"): the end of the last window.
  const until = Math.max(...windows.map((span) => span.until.getTime()));
  const seen = sql.join(
    windows.map(
      (span) =>
        sql`(${jobPostings.seenUs} > ${microseconds(span.after)}::bigint and ${jobPostings.seenUs} <= ${microseconds(span.until)}::bigint)`,
    ),
    sql` or `,
  );
  const matched: { index: number; id: number }[] = [];
  const facets: JobFacets[] = [];
  for (const { scope } of searches) facets.push(await facetsOf(db, scope));
  for (let start = 0; start < searches.length; start += searchesPerStatement) {
    const chunk = searches.slice(start, start + searchesPerStatement);
    const parts = chunk.map(({ scope, search }, offset) => {
      const { where } = searchWhere(scope, search, until, facets[start + offset] as JobFacets);
      return sql`(select ${start + offset}::integer as k, ${jobPostings.id} as id from ${jobPostings} where ${where} order by ${jobPostings.postedUs} desc, ${jobPostings.id} desc limit ${limit + 1})`;
    });
    // Every column the scope and the filters read (a column missing here fails the statement, loudly).
    const rows = await selectRows<{ k: number; id: number }>(
      db,
      sql`with job_postings as materialized (
        select id, organization_id, title, title_lower, status, shown_on, posted_us, salary_first_k,
          location_shown, location_lower, workplace_shown, job_type_shown, level_shown,
          work_from, visa_sponsorship
        from ${jobPostings}
        where ${jobPostings.status} = 'published' and (${seen})
      ) ${sql.join(parts, sql` union all `)}`,
    );
    for (const row of rows) matched.push({ index: Number(row.k), id: Number(row.id) });
  }
  const ids = [...new Set(matched.map((match) => match.id))];
  const jobs = new Map<number, JobWithOrganization & { postedUs: string }>();
  for (let start = 0; start < ids.length; start += 1000) {
    const page = await db
      .select({ job: listColumns, organization: organizations, postedUs: sql<string>`${jobPostings.postedUs}::text` })
      .from(jobPostings)
      .innerJoin(organizations, eq(jobPostings.organizationId, organizations.id))
      .where(inArray(jobPostings.id, ids.slice(start, start + 1000)));
    for (const row of page) jobs.set(row.job.id, row);
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
