import { ApiError, type ApiRequest } from '@board/shared/api/api-client';
import { isBoardId, isWorkspaceSlug } from '@board/shared/api/board-id';
import { savedJobsSearch } from '@board/shared/api/board-search';
import type { JobSearch } from '@board/shared/api/job-search';
import { jobSearchQuery, maxIds } from '@board/shared/api/job-search-params';

/**
 * Jobs and companies per page of a paged call: 24 fills whole rows of the 1, 2 and 3 column grids.
 * A page's first HTML holds one page.
 */
export const pageSize = 24;
/** The saved page asks for its ids in one call 1, up to the API's largest page. */
export const savedIdsPerCall = maxIds;

/**
 * A path segment of a call, from a checked value only: an id or a slug that cannot be one segment
 * (board-id.ts) is a 404 before any request is made, so no address of the board reaches another
 * call (`..`, `%2e%2e`). The queries treat it as the API's 404.
 */
function segment(value: string, valid: (value: string) => boolean): string {
  if (!valid(value)) throw new ApiError(404, 'Not found');
  return encodeURIComponent(value);
}

/**
 * The request behind each call (SPEC section 7): the queries send them, and the shell's server
 * preloads the first ones of a page. Kept apart from the queries so the shell's route table can
 * name them without bundling the parsing.
 */
export const boardRequests = {
  /** Call 1, one page of a search (`cursor` null: the first). */
  jobPage: (workspaceSlug: string | null, search: JobSearch, cursor: string | null = null): ApiRequest => ({
    path: '/public-job-posting',
    query: {
      workspace_slug: workspaceSlug ?? undefined,
      visibility: 'job_board_only',
      ...jobSearchQuery(search, { limit: pageSize, cursor }),
    },
  }),
  /**
   * Call 1 for the saved page: only the saved jobs, by the ids `ids` takes (at most
   * `savedIdsPerCall` of our API's integers); with none of those, call 1 as the SPEC states it.
   */
  savedJobs: (ids: string[]): ApiRequest => ({
    path: '/public-job-posting',
    query: { visibility: 'job_board_only', ...jobSearchQuery(savedJobsSearch(ids), { limit: savedIdsPerCall }) },
  }),
  workspace: (slug: string): ApiRequest => ({
    path: `/public-job-posting/workspace/${segment(slug, isWorkspaceSlug)}`,
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
  /**
   * Call 4, with the board's own extension `include_closed=true`: a job that closed is answered
   * (with its `closed_at`), so its page can say so (410) rather than "Job Not Found".
   */
  job: (id: string): ApiRequest => ({
    path: `/public-job-posting/${segment(id, isBoardId)}`,
    query: { visibility: 'linkedin_or_job_board', include_closed: 'true' },
  }),
  organizationJobs: (id: string): ApiRequest => ({
    path: `/public-job-posting/organization/${segment(id, isBoardId)}`,
    query: { visibility: 'job_board_only' },
  }),
  /** Call 5, one page of a company's jobs. */
  organizationJobPage: (id: string, cursor: string | null = null): ApiRequest => ({
    path: `/public-job-posting/organization/${segment(id, isBoardId)}`,
    query: { visibility: 'job_board_only', limit: String(pageSize), cursor: cursor ?? undefined },
  }),
};

type BoardRequests = typeof boardRequests;
/**
 * The calls a page makes first. The saved page's call is the browser's alone (the saved ids live
 * in its storage), and the preview cards read a company's jobs whole (`organizationJobs`).
 */
type PageCallName = 'jobPage' | 'organizationPage' | 'organizationJobPage' | 'job' | 'workspace';

/**
 * One of a page's first API calls by name and arguments, e.g. `['job', '42']`: the shell's route
 * table names them this way, so its server can both preload them (`callRequest`) and run them as
 * the page's queries (`prefetchCall` in page-calls.ts) without the table bundling either.
 */
export type BoardCall = {
  [Name in PageCallName]: [Name, ...Parameters<BoardRequests[Name]>];
}[PageCallName];

export function callRequest([name, ...args]: BoardCall): ApiRequest {
  return (boardRequests[name] as (...values: typeof args) => ApiRequest)(...args);
}

/** The request of a call, or null when its id or slug is not one (a 404 without a call). */
export function requestOfCall(call: BoardCall): ApiRequest | null {
  try {
    return callRequest(call);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
