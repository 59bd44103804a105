import type { ApiRequest } from '@board/shared/api/api-client';
import { savedJobsSearch } from '@board/shared/api/board-search';
import { type JobSearch, jobSearchQuery, maxIds } from '@board/shared/api/job-search';

/**
 * Jobs and companies per page of a paged call: 24 fills whole rows of the 1, 2 and 3 column grids.
 * A page's first HTML holds one page.
 */
export const pageSize = 24;
/** The saved page asks for its ids in one call 1, up to the API's largest page. */
export const savedIdsPerCall = maxIds;

/**
 * The request behind each call (SPEC section 7): the queries send them, and the shell's server
 * preloads the first ones of a page. Kept apart from the queries so the shell's route table can
 * name them without bundling the parsing.
 */
/** Call 1, one page of a search (`cursor` null: the first). */
const jobPage = (workspaceSlug: string | null, search: JobSearch, cursor: string | null = null): ApiRequest => ({
  path: '/public-job-posting',
  query: {
    workspace_slug: workspaceSlug ?? undefined,
    visibility: 'job_board_only',
    ...jobSearchQuery(search, { limit: pageSize, cursor }),
  },
});

/** The most pages a board's address may ask the server for at once ('Show more jobs' as a link: ?page=N). */
export const maxLeadingPages = 10;

/** The pages an address asks for (?page=N: the first N), 1 when it names none or a number out of range. */
export function leadingPages(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? Math.min(page, maxLeadingPages) : 1;
}

/** Call 5, one page of a company's jobs. */
const organizationJobPage = (id: string, cursor: string | null = null): ApiRequest => ({
  path: `/public-job-posting/organization/${encodeURIComponent(id)}`,
  query: { visibility: 'job_board_only', limit: String(pageSize), cursor: cursor ?? undefined },
});

/** Whether a call loads several pages of a list at once: one API answer is not the whole of its data. */
export const loadsSeveralPages = (name: string) => name === 'jobPages' || name === 'organizationJobPages';

export const boardRequests = {
  jobs: (workspaceSlug: string | null): ApiRequest => ({
    path: '/public-job-posting',
    query: { workspace_slug: workspaceSlug ?? undefined, visibility: 'job_board_only' },
  }),
  jobPage,
  /**
   * Call 1, the first `pages` pages of a search, one after the other (a 'Show more jobs' link's
   * address). The request named is the first page's: the one a page preloads.
   */
  jobPages: (workspaceSlug: string | null, search: JobSearch, _pages: number): ApiRequest =>
    jobPage(workspaceSlug, search),
  /** Call 1 for the saved page: only the saved jobs (at most `savedIdsPerCall` ids). */
  savedJobs: (ids: string[]): ApiRequest => ({
    path: '/public-job-posting',
    query: { visibility: 'job_board_only', ...jobSearchQuery(savedJobsSearch(ids), { limit: savedIdsPerCall }) },
  }),
  workspace: (slug: string): ApiRequest => ({ path: `/public-job-posting/workspace/${encodeURIComponent(slug)}` }),
  organizations: (workspaceSlug: string | null): ApiRequest => ({
    path: '/public-job-posting/job-board/list-organizations',
    query: { workspace_slug: workspaceSlug ?? undefined },
  }),
  /** Call 3, one page of the companies whose name contains `name`. */
  organizationPage: (workspaceSlug: string | null, name: string, cursor: string | null = null): ApiRequest => ({
    path: '/public-job-posting/job-board/list-organizations',
    query: {
      workspace_slug: workspaceSlug ?? undefined,
      name: name.trim() || undefined,
      limit: String(pageSize),
      cursor: cursor ?? undefined,
    },
  }),
  job: (id: string): ApiRequest => ({
    path: `/public-job-posting/${encodeURIComponent(id)}`,
    query: { visibility: 'linkedin_or_job_board' },
  }),
  organizationJobs: (id: string): ApiRequest => ({
    path: `/public-job-posting/organization/${encodeURIComponent(id)}`,
    query: { visibility: 'job_board_only' },
  }),
  /** Call 5, one page of a company's jobs. */
  organizationJobPage,
  /** Call 5, the first `pages` pages of a company's jobs (the request named is the first page's). */
  organizationJobPages: (id: string, _pages: number): ApiRequest => organizationJobPage(id),
};

type BoardRequests = typeof boardRequests;

/**
 * One API call of a page by name and arguments, e.g. `['job', '42']`: the shell's route table
 * names a page's first calls this way, so its server can both preload them (`callRequest`) and
 * run them as the page's queries (`callQuery` in queries.ts) without the table bundling either.
 */
export type BoardCall = {
  [Name in keyof BoardRequests]: [Name, ...Parameters<BoardRequests[Name]>];
}[keyof BoardRequests];

export function callRequest([name, ...args]: BoardCall): ApiRequest {
  return (boardRequests[name] as (...values: typeof args) => ApiRequest)(...args);
}
