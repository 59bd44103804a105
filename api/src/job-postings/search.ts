import type { JobSearch } from '@board/shared/api/job-search';
import type { JobFacets } from '@board/shared/api/page-bodies';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { jobPostings } from '../db/job-board-tables';
import { facetsCache, searchIndexCache } from './caches';
import type { DataVersion } from './data-version';
import { exactTotalLimit, type JobPage, type JobRowWithOrganization, type PageRead, type PageRequest } from './pages';
import { readListJobs } from './queries';
import type { SearchIndex } from './search-index';
import { searchPage, searchTest } from './search-index-page';
import { type Scope, visibleJobs } from './visible';

export interface SearchOptions {
  now?: () => number;
  /**
   * Totals are exact up to this many matches (`exactTotalLimit` unless a test says otherwise);
   * null counts every match (the search bench's comparison).
   */
  exactTotalLimit?: number | null;
}

export interface JobSearchPage extends JobPage {
  facets: JobFacets;
}

/**
 * Call 1's search (docs/search.md). The search index (search-index.ts, read once per change of
 * the data) finds the page's jobs and counts the matches, exactly up to `exactTotalLimit`; the
 * page's rows are then read by id. Facets are counted over the scope once per scope and change of
 * the data; the total of an unfiltered search is the scope's, from the same count (exact).
 */
export function jobSearch(db: Database, versions: DataVersion, options: SearchOptions = {}) {
  const now = options.now ?? Date.now;
  const countUpTo = options.exactTotalLimit === undefined ? exactTotalLimit : options.exactTotalLimit;
  const facetsOf = facetsCache(db, versions);
  const indexOf = searchIndexCache(db, versions);

  return {
    async search(
      scope: Scope,
      search: JobSearch,
      page: PageRequest,
      request?: Request,
    ): Promise<PageRead<JobSearchPage>> {
      const [scoped, index] = await Promise.all([facetsOf(scope, request), indexOf(request)]);
      const { test, filtered } = searchTest(index, scope, search, now());
      const found = searchPage(index, test, search.sort, page, filtered ? countUpTo : undefined);
      if (!found) return { ok: false, error: 'bad-cursor' };
      const total = !filtered
        ? { count: scoped.total, isLowerBound: false }
        : countUpTo !== null && found.counted > countUpTo
          ? { count: countUpTo, isLowerBound: true }
          : { count: found.counted, isLowerBound: false };
      return {
        ok: true,
        page: {
          rows: await jobsById(db, index, scope, found.ids),
          total,
          nextCursor: found.nextCursor,
          facets: scoped.facets,
        },
      };
    },
  };
}

/**
 * The listed jobs with these ids, in this order, with their companies as the index read them (a
 * job hidden since the index was read is left out).
 */
async function jobsById(
  db: Database,
  index: SearchIndex,
  scope: Scope,
  ids: number[],
): Promise<JobRowWithOrganization[]> {
  if (ids.length === 0) return [];
  const jobs = await readListJobs(db, sql`${inArray(jobPostings.id, ids)} and ${visibleJobs(scope.visibility)}`);
  const byId = new Map(jobs.map((job) => [job.id, job]));
  return ids.flatMap((id) => {
    const job = byId.get(id);
    const organization = job && index.companyById.get(job.organizationId);
    return job && organization ? [{ job, organization }] : [];
  });
}
