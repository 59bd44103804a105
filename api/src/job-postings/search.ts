import type { JobSearch } from '@board/shared/api/job-search';
import type { JobFacets } from '@board/shared/api/page-bodies';
import type { Database } from '../db/database';
import { facetsCache, totalsCache } from './caches';
import type { DataVersion } from './data-version';
import type { ScopeFacets } from './facets';
import { searchWhere } from './filters';
import { countJobs, exactTotalLimit, type JobPage, jobPage, type PageRead, type PageRequest } from './pages';
import { type Scope, scopeKey } from './visible';

export interface SearchOptions {
  now?: () => number;
  /** How long a filtered search's total is kept (ms; 0: not kept). */
  totalTtlMs?: number;
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
 * Call 1's search (docs/search.md). Facets are counted over the scope once per scope and change
 * of the data; the total of an unfiltered search is the scope's, from the same count (exact); a
 * filtered search counts its matches up to `exactTotalLimit`.
 */
export function jobSearch(db: Database, versions: DataVersion, options: SearchOptions = {}) {
  const now = options.now ?? Date.now;
  const countUpTo = options.exactTotalLimit === undefined ? exactTotalLimit : (options.exactTotalLimit ?? undefined);
  const facetsOf = facetsCache(db, versions);
  const totals = totalsCache(versions, now, options.totalTtlMs ?? 10_000);

  return {
    facets: facetsOf,
    async search(
      scope: Scope,
      search: JobSearch,
      page: PageRequest,
      request?: Request,
    ): Promise<PageRead<JobSearchPage>> {
      const scoped: ScopeFacets = await facetsOf(scope, request);
      const { where, filtered } = searchWhere(scope, search, now(), scoped.facets);
      const { sort, ...filtersOnly } = search;
      const result = await jobPage(db, where, sort, page, async () =>
        filtered
          ? totals(JSON.stringify([scopeKey(scope), filtersOnly]), () => countJobs(db, where, countUpTo), request)
          : { count: scoped.total, isLowerBound: false },
      );
      return result.ok ? { ok: true, page: { ...result.page, facets: scoped.facets } } : result;
    },
  };
}
