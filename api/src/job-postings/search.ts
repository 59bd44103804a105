import type { JobSearch, JobSort } from '@board/shared/api/job-search';
import type { JobFacets } from '@board/shared/api/page-bodies';
import { inArray, sql } from 'drizzle-orm';
import type { DataVersion } from '../board-changes/data-version';
import type { ChangedJob } from '../board-changes/live-index';
import type { JobWithOrganization } from '../db/board-rows';
import type { Database } from '../db/database';
import { jobPostings } from '../db/job-board-tables';
import { selectRows } from '../db/select-rows';
import type { CacheLookup } from '../lib/api-metrics';
import { facetsUnmoved, indexFacets } from '../search/index-facets';
import type { SearchIndex } from '../search/search-index';
import { entryMatches, type SearchRules, searchRules } from '../search/search-index-page';
import { searchMatches } from '../search/search-matches';
import { searchPage } from '../search/search-page';
import { inScope, type Scope } from '../search/visible';
import type { JobPage, PageRead, PageRequest } from './pages';
import { readListJobs } from './queries';
import { listRowCache } from './row-cache';

/** Totals are exact up to this many matches, and a lower bound past it (docs/search.md). */
export const exactTotalLimit = 10_000;

export interface SearchOptions {
  now?: () => number;
  /**
   * Totals are exact up to this many matches (`exactTotalLimit` unless a test says otherwise);
   * null counts every match (the search bench's comparison).
   */
  exactTotalLimit?: number | null;
  /** False: every page's rows read afresh (the search bench's cold figures); else kept (row-cache.ts). */
  rowCache?: boolean;
  /** Told of each lookup in the route's caches (the job list, the facets): the metrics. */
  cacheLookup?: CacheLookup;
}

export interface JobSearchPage extends JobPage {
  facets: JobFacets;
}

/**
 * Call 1's search (docs/search.md). The search index (search-index.ts, kept at the data version
 * by live-index.ts) finds the page's jobs and counts the matches, exactly up to `exactTotalLimit`;
 * the page's rows are then read by id. Facets are counted over the index's scope once per index
 * and scope (index-facets.ts); the total of an unfiltered search is the scope's, from the same
 * count (exact).
 */
export function jobSearch(db: Database, versions: DataVersion, options: SearchOptions = {}) {
  const now = options.now ?? Date.now;
  const countUpTo = options.exactTotalLimit === undefined ? exactTotalLimit : options.exactTotalLimit;
  const rowCache = options.rowCache === false ? null : listRowCache(versions);

  return {
    async search(
      scope: Scope,
      search: JobSearch,
      page: PageRequest,
      request?: Request,
    ): Promise<PageRead<JobSearchPage>> {
      const { index, version } = await versions.searchIndex(request);
      const scoped = indexFacets(index, scope, (hit) => options.cacheLookup?.('index-facets', hit));
      const rules = searchRules(scope, search, await lowerCase(db, search), now());
      const { filtered } = rules;
      const found = searchPage(index, searchMatches(index, rules), search.sort, page, filtered ? countUpTo : undefined);
      if (!found) return { ok: false, error: 'bad-cursor' };
      const total = !filtered
        ? { count: scoped.total, isLowerBound: false }
        : countUpTo !== null && found.counted > countUpTo
          ? { count: countUpTo, isLowerBound: true }
          : { count: found.counted, isLowerBound: false };
      // Kept across the changes of jobs that cannot alter it (the response cache).
      if (request) versions.answerReads(request, touchesAnswer(scope, rules, scoped.facets, search.sort, found.ids));
      return {
        ok: true,
        page: {
          rows: await jobsById(db, index, scope, found.ids, rowCache && { cache: rowCache, version }),
          total,
          nextCursor: found.nextCursor,
          facets: scoped.facets,
        },
      };
    },
  };
}

/**
 * Whether a change of one job can alter a search's answer (its page, count, order, cursor and
 * its scope's facets), given the answer's page (`pageIds`, in `sort`). It cannot when the job
 * matches the search neither before nor after (it is on no page and in no count), or matches both
 * times, off the page, at the same place in the sort (the same matches in the same order: the
 * page, the count and the cursor stay; the page's rows are read by id), and leaves the scope's
 * facets as they were.
 */
export function touchesAnswer(
  scope: Scope,
  rules: SearchRules,
  facets: JobFacets,
  sort: JobSort,
  pageIds: readonly number[],
): (job: ChangedJob) => boolean {
  const onPage = new Set(pageIds);
  return ({ id, before, after }) => {
    if (!facetsUnmoved(scope, facets.salary_k, before, after)) return true;
    const matched = before !== null && entryMatches(rules, before);
    const matches = after !== null && entryMatches(rules, after);
    if (!matched && !matches) return false;
    return !(
      matched &&
      matches &&
      !onPage.has(id) &&
      before.postedExact === after.postedExact &&
      (rules.workFrom === null || rules.workFrom(before.workFrom) === rules.workFrom(after.workFrom)) &&
      (sort !== 'salary' || before.salaryTop === after.salaryTop)
    );
  };
}

/**
 * The searched title and location in the database's lower case (the job's side is `title_lower`,
 * `location_lower`). JavaScript's `toLowerCase` agrees on ASCII, so only other text asks.
 */
async function lowerCase(db: Database, search: JobSearch): Promise<{ title: string; location: string }> {
  const ascii = /^[\x20-\x7e]*$/;
  if (ascii.test(search.title) && ascii.test(search.location))
    return { title: search.title.toLowerCase(), location: search.location.toLowerCase() };
  const [row] = await selectRows<{ title: string; location: string }>(
    db,
    sql`select lower(${search.title}) as title, lower(${search.location}) as location`,
  );
  return { title: row?.title ?? '', location: row?.location ?? '' };
}

/**
 * The listed jobs with these ids, in this order, with their companies as the index holds them: a
 * row shown before and untouched since, as it was (row-cache.ts); any other as it is now, left out
 * if it has left the scope (hidden, or its company moved to another workspace or is not in the
 * index yet): the next index holds the change.
 */
async function jobsById(
  db: Database,
  index: SearchIndex,
  scope: Scope,
  ids: number[],
  cached: { cache: ReturnType<typeof listRowCache>; version: number } | null,
): Promise<JobWithOrganization[]> {
  if (ids.length === 0) return [];
  const read = (wanted: number[]) => readListJobs(db, sql`${inArray(jobPostings.id, wanted)} and ${inScope(scope)}`);
  const byId = cached
    ? await cached.cache.rows(ids, cached.version, read)
    : new Map((await read(ids)).map((job) => [job.id, job]));
  return ids.flatMap((id) => {
    const job = byId.get(id);
    const organization = job && index.companyById.get(job.organizationId);
    return job && organization ? [{ job, organization }] : [];
  });
}
