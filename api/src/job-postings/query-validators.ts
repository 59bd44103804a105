import type { JobSearch } from '@board/shared/api/job-search';
import {
  maxCrawlPageSize,
  maxFilterLength,
  maxPageSize,
  parseJobSearchParams,
  parsePageParams,
} from '@board/shared/api/job-search-query';
import { isSearchText, isTypeable } from '@board/shared/lib/typeable';
import { validator } from 'hono/validator';
import { httpError } from '../lib/http-error';
import { type Visibility, visibilities } from '../search/visible';
import type { PageRequest } from './pages';

/**
 * The query of each public call, validated by a Hono validator middleware before the handler
 * runs, with the shared contract's parsers (shared/src/api/job-search-query.ts: the same valibot
 * schema the board builds its URLs against). A bad value is a 400 that names the parameter; the
 * handler reads the typed result with `c.req.valid('query')`.
 */

const paramsOf = (url: string) => new URL(url).searchParams;

function visibilityOf(params: URLSearchParams, fallback: Visibility): Visibility {
  const value = params.get('visibility');
  if (value === null || value === '') return fallback;
  if ((visibilities as readonly string[]).includes(value)) return value as Visibility;
  // The value is not repeated: an error answer never carries what a client wrote.
  throw httpError(400, 'Unknown visibility', `visibility must be one of: ${visibilities.join(', ')}`);
}

/** A workspace slug the database could hold; anything else (a NUL byte, 1,000 characters) is simply unknown. */
export const isPossibleSlug = (slug: string) => slug.length <= 200 && isTypeable(slug);

function workspaceOf(params: URLSearchParams): string | undefined {
  const slug = params.get('workspace_slug') || undefined;
  if (slug !== undefined && !isPossibleSlug(slug)) throw httpError(404, 'Workspace not found');
  return slug;
}

function pageOf(params: URLSearchParams, max: number): { limit: number | undefined; cursor: string | null } {
  const page = parsePageParams(params, max);
  if (!page.ok) throw httpError(400, page.message, 'See the API README for the paged calls');
  return { limit: page.limit, cursor: page.cursor };
}

/**
 * What each call reads of its query, as plain functions: the validators below hand it to the
 * handlers, and the response cache keys an answer on it (`publicCallCacheKey`). Each throws the
 * 400 or 404 of a bad value.
 */
const readers = {
  /** Call 1: the scope, and with `limit` a search and its page (without it, the SPEC's whole list). */
  jobList(params: URLSearchParams): {
    visibility: Visibility;
    workspaceSlug?: string;
    search: JobSearch;
    page: PageRequest | null;
  } {
    const visibility = visibilityOf(params, 'job_board_only');
    const parsed = parseJobSearchParams(params);
    if (!parsed.ok) throw httpError(400, parsed.message, 'See the API README, call 1');
    const workspaceSlug = workspaceOf(params);
    return {
      visibility,
      workspaceSlug,
      search: parsed.search,
      page: parsed.limit === undefined ? null : { limit: parsed.limit, cursor: parsed.cursor },
    };
  },
  /** Call 3: the workspace, and with `limit` a page of companies whose name contains `name`. */
  organizationList(params: URLSearchParams) {
    const page = pageOf(params, maxPageSize);
    const name = (params.get('name') ?? '').trim();
    if (name.length > maxFilterLength || !isSearchText(name))
      throw httpError(
        400,
        `name must be at most ${maxFilterLength} characters, without control characters or line breaks`,
      );
    if (name !== '' && page.limit === undefined) throw httpError(400, 'limit is required with name');
    return { workspaceSlug: workspaceOf(params), name, page };
  },
  /** Call 5: the visibility, and with `limit` a page. */
  organizationJobs: (params: URLSearchParams) => ({
    visibility: visibilityOf(params, 'job_board_only'),
    page: pageOf(params, maxPageSize),
  }),
  /** Call 4: the visibility. */
  job: (params: URLSearchParams) => ({
    visibility: visibilityOf(params, 'linkedin_or_job_board'),
    /** `include_closed=true` (the board's own pages): a closed job is answered, with its `closed_at`. */
    includeClosed: params.get('include_closed') === 'true',
  }),
  /** The crawler listings: a page (1,000 unless `limit` says otherwise, at most `max`). */
  crawl(params: URLSearchParams, max: number): { page: PageRequest } {
    const page = pageOf(params, max);
    return { page: { limit: page.limit ?? 1000, cursor: page.cursor } };
  },
  /** The hiring companies' crawler listing: a page, and the workspace. */
  crawlOrganizations(params: URLSearchParams, max: number): { workspaceSlug?: string; page: PageRequest } {
    const page = pageOf(params, max);
    return { workspaceSlug: workspaceOf(params), page: { limit: page.limit ?? 1000, cursor: page.cursor } };
  },
};

export const jobListQuery = validator('query', (_value, c) => readers.jobList(paramsOf(c.req.url)));
export const organizationListQuery = validator('query', (_value, c) => readers.organizationList(paramsOf(c.req.url)));
export const organizationJobsQuery = validator('query', (_value, c) => readers.organizationJobs(paramsOf(c.req.url)));
export const jobQuery = validator('query', (_value, c) => readers.job(paramsOf(c.req.url)));
export const crawlQuery = (max: number) => validator('query', (_value, c) => readers.crawl(paramsOf(c.req.url), max));
export const crawlOrganizationsQuery = (max: number) =>
  validator('query', (_value, c) => readers.crawlOrganizations(paramsOf(c.req.url), max));

const maxCachedUrlLength = 4096;

/** What each path of `/public-job-posting` reads of its query (the routes of routes.ts, in their order). */
const callReads: [RegExp, (params: URLSearchParams) => unknown][] = [
  [/^\/?$/, readers.jobList],
  [/^\/workspace\/[^/]+\/?$/, () => null],
  [/^\/job-board\/list-organizations\/?$/, readers.organizationList],
  [/^\/organization\/[^/]+\/?$/, readers.organizationJobs],
  [/^\/crawl\/jobs\/?$/, (params) => readers.crawl(params, maxCrawlPageSize)],
  [/^\/crawl\/organizations\/?$/, (params) => readers.crawlOrganizations(params, maxCrawlPageSize)],
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
