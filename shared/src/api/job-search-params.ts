import { type JobSearch, workplaceTypes } from '@board/shared/api/job-search';

/**
 * Call 1's search parameters as a page sends them: their names, their limits and a search's query.
 * Every page asks with them, so they are apart from their reading (job-search-query.ts, the API's
 * and a saved search's), whose schema a page need not carry.
 */

/** Page sizes: call 1, call 3 and call 5 take 1 to 100; the crawler listings 1 to 10,000. */
export const maxPageSize = 100;
export const maxCrawlPageSize = 10_000;
export const maxIds = 100;
/** The longest text a filter takes (a longer one is a 400, not a slow query). */
export const maxFilterLength = 200;

/** The search parameters of call 1 (besides `workspace_slug`, `visibility`, `limit` and `cursor`). */
export const jobSearchParams = [
  'title',
  'investor',
  'salary_min_k',
  'salary_max_k',
  'location',
  'workplace',
  'job_type',
  'level',
  'posted_within',
  'from',
  'visa',
  'sort',
  'ids',
] as const;

/**
 * Call 1's query parameters for a search and a page: only what differs from the default is set,
 * so equal searches make equal URLs (and cache keys). A search's text is trimmed where it was
 * read (the board's URL codec, `parseJobSearch`), not again here.
 */
export function jobSearchQuery(
  search: JobSearch,
  page: { limit: number; cursor?: string | null },
): Record<string, string | undefined> {
  const query: Record<string, string | undefined> = {};
  const set = (name: string, value: string | undefined) => {
    if (value !== undefined && value !== '') query[name] = value;
  };
  set('title', search.title);
  set('investor', search.investor);
  set('salary_min_k', search.salaryMinK === undefined ? undefined : String(search.salaryMinK));
  set('salary_max_k', search.salaryMaxK === undefined ? undefined : String(search.salaryMaxK));
  set('location', search.location);
  set('workplace', workplaceTypes.filter((type) => search.workplaces.includes(type)).join(','));
  set('job_type', search.jobType);
  set('level', search.level);
  set('posted_within', search.postedWithin);
  set('from', search.from);
  set('visa', search.visa ? '1' : undefined);
  set('sort', search.sort === 'newest' ? undefined : search.sort);
  set('ids', search.ids?.join(','));
  set('limit', String(page.limit));
  set('cursor', page.cursor ?? undefined);
  return query;
}
