import type { Job } from '@board/shared/api/job';
import type { JobPage } from '@board/shared/api/job-page';
import type { JobSearch } from '@board/shared/api/job-search';
import { SearchNeedsServer } from '@board/shared/api/search-executor';
import { facetsOf, searchJobs } from '@board/shared/api/search-rules';

/**
 * The board's search run over a whole list (search-executor.ts: `local`), with the same rules as
 * the API's (search-rules.ts). Only an API that answers call 1 as the SPEC states it needs them,
 * so a page loads this module when such an answer comes (queries.ts), not on every first load:
 * the rules carry the world regions' countries (regions.ts).
 */

/**
 * A search that asks where a job can be done from, or whether it sponsors a visa, needs each job's
 * reading of its location and description. Our API sends it with every job; another platform's
 * list has none, and only a server reads one (the gazetteer of cities is a 32 MB file): the shell's
 * server reads that list as it renders a page. So in the browser such a search over an unread list
 * is not run (it would find nothing) but answered by the server: the board loads the address.
 */
const needsReadings = (search: Pick<JobSearch, 'from' | 'visa'>): boolean => search.from !== '' || search.visa;

/** A local page's cursor is the offset of its first job in the search's results (never sent to a paging API). */
const localCursor = (offset: number) => `local-${offset}`;

export function localOffset(cursor: string | null): number {
  const offset = Number(/^local-(\d{1,9})$/.exec(cursor ?? '')?.[1] ?? 0);
  return Number.isSafeInteger(offset) ? offset : 0;
}

/**
 * One page of a search run over the whole list: `size` jobs from the cursor's offset, the number of
 * jobs that match, the next page's cursor and the facets of the whole list (the board's scope).
 */
export function localJobPage(
  jobs: Job[],
  search: JobSearch,
  page: { cursor: string | null; size: number; now: number },
): JobPage {
  if (needsReadings(search) && jobs.some((job) => job.where === null)) throw new SearchNeedsServer();
  const results = searchJobs(jobs, search, page.now);
  const start = localOffset(page.cursor);
  const end = start + page.size;
  return {
    items: results.slice(start, end),
    total: results.length,
    nextCursor: end < results.length ? localCursor(end) : null,
    facets: facetsOf(jobs),
    local: true,
  };
}
