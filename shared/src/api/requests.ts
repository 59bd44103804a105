import type { ApiRequest } from '@board/shared/api/api-client';

/**
 * The request behind each call (SPEC section 7): the queries send them, and the shell's server
 * preloads the first ones of a page. Kept apart from the queries so the shell's route table can
 * name them without bundling the parsing.
 */
export const boardRequests = {
  jobs: (workspaceSlug: string | null): ApiRequest => ({
    path: '/public-job-posting',
    query: { workspace_slug: workspaceSlug ?? undefined, visibility: 'job_board_only' },
  }),
  workspace: (slug: string): ApiRequest => ({ path: `/public-job-posting/workspace/${encodeURIComponent(slug)}` }),
  organizations: (workspaceSlug: string | null): ApiRequest => ({
    path: '/public-job-posting/job-board/list-organizations',
    query: { workspace_slug: workspaceSlug ?? undefined },
  }),
  job: (id: string): ApiRequest => ({
    path: `/public-job-posting/${encodeURIComponent(id)}`,
    query: { visibility: 'linkedin_or_job_board' },
  }),
  organizationJobs: (id: string): ApiRequest => ({
    path: `/public-job-posting/organization/${encodeURIComponent(id)}`,
    query: { visibility: 'job_board_only' },
  }),
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
