import { jobSearchParams, present, queryParse, searchOf } from '@board/shared/api/job-search-query';
import { isTypeable } from '@board/shared/lib/typeable';
import * as v from 'valibot';
import { httpError } from '../lib/http-error';
import { documentedQuery } from '../openapi/documented-query';
import { visibilities } from '../search/visible';
import type { PageRequest } from './pages';
import { callQueries } from './query-schemas';

/**
 * The query of each public call, validated by a Hono validator middleware before the handler
 * runs, with the call's schema (query-schemas.ts, which `/openapi.json` states too). A bad value
 * is a 400 that names the parameter; the handler reads the typed result with `c.req.valid('query')`.
 */

/** A workspace slug the database could hold; anything else (a NUL byte, 1,000 characters) is simply unknown. */
export const isPossibleSlug = (slug: string) => slug.length <= 200 && isTypeable(slug);

function workspaceOf(slug: string | undefined): string | undefined {
  if (slug !== undefined && !isPossibleSlug(slug)) throw httpError(404, 'Workspace not found');
  return slug;
}

/** The call's parameters, or the 400 of the first bad one (`detail`: where the README says more). */
function read<S extends v.ObjectSchema<v.ObjectEntries, undefined>>(
  schema: S,
  params: URLSearchParams,
  detail: string,
): v.InferOutput<S> {
  // The first of a repeated parameter; an empty one is absent.
  const result = v.safeParse(schema, present(params, Object.keys(schema.entries)), queryParse);
  if (result.success) return result.output;
  const [issue] = result.issues;
  // The value is not repeated: an error answer never carries what a client wrote.
  const visibility = issue.path?.[0]?.key === 'visibility';
  throw httpError(400, issue.message, visibility ? `visibility must be one of: ${visibilities.join(', ')}` : detail);
}

const pagedCalls = 'See the API README for the paged calls';

function pageOf(limit: number | undefined, cursor: string | undefined) {
  if (limit === undefined && cursor !== undefined) throw httpError(400, 'limit is required with cursor', pagedCalls);
  return { limit, cursor: cursor ?? null };
}

/** A crawler listing's page: 1,000 unless `limit` says otherwise. */
const crawlPage = (query: { limit?: number; cursor?: string }): { page: PageRequest } => ({
  page: { limit: query.limit ?? 1000, cursor: pageOf(query.limit, query.cursor).cursor },
});

/**
 * What each call reads of its query, as plain functions: the validators below hand it to the
 * handlers, and the response cache keys an answer on it (`publicCallCacheKey`). Each throws the
 * 400 or 404 of a bad value.
 */
const readers = {
  jobList(params: URLSearchParams) {
    const call1 = 'See the API README, call 1';
    const { visibility, workspace_slug, limit, cursor, ...search } = read(callQueries.jobList, params, call1);
    if (limit === undefined && Object.keys(present(params, [...jobSearchParams, 'cursor'])).length > 0)
      throw httpError(400, 'limit is required with search parameters (and with cursor)', call1);
    const page: PageRequest | null = limit === undefined ? null : { limit, cursor: cursor ?? null };
    return { visibility, workspaceSlug: workspaceOf(workspace_slug), search: searchOf(search), page };
  },
  organizationList(params: URLSearchParams) {
    const query = read(callQueries.organizationList, params, pagedCalls);
    const page = pageOf(query.limit, query.cursor);
    const name = query.name.trim();
    if (name !== '' && page.limit === undefined) throw httpError(400, 'limit is required with name', pagedCalls);
    return { workspaceSlug: workspaceOf(query.workspace_slug), name, page };
  },
  organizationJobs(params: URLSearchParams) {
    const query = read(callQueries.organizationJobs, params, pagedCalls);
    return { visibility: query.visibility, page: pageOf(query.limit, query.cursor) };
  },
  job(params: URLSearchParams) {
    const query = read(callQueries.job, params, 'See the API README, call 4');
    return { visibility: query.visibility, includeClosed: query.include_closed === 'true' };
  },
  crawl: (params: URLSearchParams) => crawlPage(read(callQueries.crawlJobs, params, pagedCalls)),
  crawlOrganizations(params: URLSearchParams) {
    const query = read(callQueries.crawlOrganizations, params, pagedCalls);
    return { ...crawlPage(query), workspaceSlug: workspaceOf(query.workspace_slug) };
  },
};

export const jobListQuery = documentedQuery(callQueries.jobList, readers.jobList);
export const organizationListQuery = documentedQuery(callQueries.organizationList, readers.organizationList);
export const organizationJobsQuery = documentedQuery(callQueries.organizationJobs, readers.organizationJobs);
export const jobQuery = documentedQuery(callQueries.job, readers.job);
export const crawlQuery = documentedQuery(callQueries.crawlJobs, readers.crawl);
export const crawlOrganizationsQuery = documentedQuery(callQueries.crawlOrganizations, readers.crawlOrganizations);

const maxCachedUrlLength = 4096;

/** What each path of `/public-job-posting` reads of its query (the routes of routes.ts, in their order). */
const callReads: [RegExp, (params: URLSearchParams) => unknown][] = [
  [/^\/?$/, readers.jobList],
  [/^\/workspace\/[^/]+\/?$/, () => null],
  [/^\/job-board\/list-organizations\/?$/, readers.organizationList],
  [/^\/organization\/[^/]+\/?$/, readers.organizationJobs],
  [/^\/crawl\/jobs\/?$/, readers.crawl],
  [/^\/crawl\/organizations\/?$/, readers.crawlOrganizations],
  [/^\/[^/]+\/?$/, readers.job],
];

/**
 * The response cache's key for a public call: its path and what the call reads of the query, as
 * the handler receives it (parsed, trimmed, in one order), so a parameter no call reads
 * (`?junk=a1`), the order of the parameters or an empty value makes no entry of its own. Null for
 * a query the call refuses and for a path that is no call: such an answer is never cached.
 */
export function publicCallCacheKey(url: string): string | null {
  // Longer than any address the board writes (100 saved ids, five filters): not kept, and not
  // parsed here a second time (the call's validator parses it, and refuses it or answers it).
  if (url.length > maxCachedUrlLength) return null;
  const { pathname, searchParams } = new URL(url);
  const path = pathname.replace(/^\/public-job-posting/, '');
  const reads = callReads.find(([pattern]) => pattern.test(path))?.[1];
  if (!reads) return null;
  try {
    return `${pathname} ${JSON.stringify(reads(searchParams) ?? null)}`;
  } catch {
    return null;
  }
}
