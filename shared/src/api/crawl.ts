import type { ApiClient, ApiRequest } from '@board/shared/api/api-client';
import { CrawlJobsWire, CrawlOrganizationsWire } from '@board/shared/api/crawl-bodies';
import { type Job, parseJobList } from '@board/shared/api/job';
import { emptyJobSearch } from '@board/shared/api/job-search';
import { jobSearchQuery } from '@board/shared/api/job-search-query';
import { JobListItemWire } from '@board/shared/api/job-wire';
import { JobPageWire } from '@board/shared/api/page-bodies';
import { boardKeys } from '@board/shared/api/queries';
import { readingOf } from '@board/shared/api/wire-reading';
import { queryOptions } from '@board/shared/lib/query';
import * as v from 'valibot';

/**
 * What the shell's server reads to write the sitemap and size it: the API's crawler listings (every
 * public job and every hiring company, by id, a page at a time) and a board's or the companies'
 * count, never a whole list. Each answer is parsed here, for the server's one client.
 */
const crawlRequests = {
  jobs: (cursor: string | null, limit: number): ApiRequest => ({
    path: '/public-job-posting/crawl/jobs',
    query: { limit: String(limit), cursor: cursor ?? undefined },
  }),
  organizations: (cursor: string | null, limit: number): ApiRequest => ({
    path: '/public-job-posting/crawl/organizations',
    query: { limit: String(limit), cursor: cursor ?? undefined },
  }),
  /** Call 1's first job (newest) and its count: a board's size and last change. */
  boardSummary: (workspaceSlug: string | null): ApiRequest => ({
    path: '/public-job-posting',
    query: {
      workspace_slug: workspaceSlug ?? undefined,
      visibility: 'job_board_only',
      ...jobSearchQuery(emptyJobSearch, { limit: 1 }),
    },
  }),
  /** Call 3's count of hiring companies (of a workspace, or of all). */
  organizationCount: (workspaceSlug: string | null = null): ApiRequest => ({
    path: '/public-job-posting/job-board/list-organizations',
    query: { workspace_slug: workspaceSlug ?? undefined, limit: '1' },
  }),
};

/**
 * The crawler listings as the shell's server reads them: the contract's keys (crawl-bodies.ts), each
 * item's id required (an answer without one is nonsense, and the sitemap is answered later), dates
 * read leniently, and `last_changed` absent from an API older than it.
 */
const jobItem = CrawlJobsWire.entries.items.item.entries;
const organizationItem = CrawlOrganizationsWire.entries.items.item.entries;
const id = v.union([v.number(), v.pipe(v.string(), v.minLength(1))]);
const CrawlJobs = v.object({
  items: v.array(v.object({ ...keysOf(jobItem, id, 'id'), ...readings(jobItem, 'posted_date', 'last_changed') })),
  next_cursor: readingOf(CrawlJobsWire.entries.next_cursor),
});
const CrawlOrganizations = v.object({
  items: v.array(
    v.object({ ...keysOf(organizationItem, id, 'organization_id'), ...readings(organizationItem, 'last_posted') }),
  ),
  next_cursor: readingOf(CrawlOrganizationsWire.entries.next_cursor),
});
const Count = v.object({
  ...keysOf(JobPageWire.entries, v.number(), 'total'),
  jobs: v.optional(v.array(v.object(readings(JobListItemWire.entries, 'posted_date'))), []),
});

/** Keys of the contract, each read with `schema`. */
function keysOf<Entries extends v.ObjectEntries, Key extends keyof Entries & string, S extends v.GenericSchema>(
  _entries: Entries,
  schema: S,
  ...keys: Key[]
) {
  return Object.fromEntries(keys.map((key) => [key, schema])) as { [K in Key]: S };
}

/** The lenient readings of some entries of the contract, by their keys. */
function readings<Entries extends v.ObjectEntries, Key extends keyof Entries & string>(
  entries: Entries,
  ...keys: Key[]
) {
  return Object.fromEntries(keys.map((key) => [key, readingOf(entries[key] as Entries[Key])])) as {
    [K in Key]: ReturnType<typeof readingOf<Entries[K]>>;
  };
}

export interface CrawlPage {
  items: { id: string; lastmod: string | null }[];
  nextCursor: string | null;
}

const send = (client: ApiClient, { path, query }: ApiRequest, signal?: AbortSignal) => client.get(path, query, signal);

/** One page of the public jobs, by id. */
export function crawlJobsQuery(client: ApiClient, after: string | null, limit: number) {
  return queryOptions({
    queryKey: boardKeys.crawl('jobs', { after, limit }),
    queryFn: async ({ signal }): Promise<CrawlPage> => {
      const body = v.parse(CrawlJobs, await send(client, crawlRequests.jobs(after, limit), signal));
      return {
        // When the job last changed; an API without it: when it was posted.
        items: body.items.map((item) => ({ id: String(item.id), lastmod: item.last_changed ?? item.posted_date })),
        nextCursor: body.next_cursor,
      };
    },
  });
}

/** One page of the hiring companies, by id, each dated by its newest job. */
export function crawlOrganizationsQuery(client: ApiClient, after: string | null, limit: number) {
  return queryOptions({
    queryKey: boardKeys.crawl('organizations', { after, limit }),
    queryFn: async ({ signal }): Promise<CrawlPage> => {
      const body = v.parse(CrawlOrganizations, await send(client, crawlRequests.organizations(after, limit), signal));
      return {
        items: body.items.map((item) => ({ id: String(item.organization_id), lastmod: item.last_posted })),
        nextCursor: body.next_cursor,
      };
    },
  });
}

/** A board's public jobs: how many, and the newest one's date (an unknown workspace: the API's 404). */
export function boardSummaryQuery(client: ApiClient, workspaceSlug: string | null) {
  return queryOptions({
    queryKey: boardKeys.crawl('board-summary', { workspaceSlug }),
    queryFn: async ({ signal }) => {
      const body = v.parse(Count, await send(client, crawlRequests.boardSummary(workspaceSlug), signal));
      return { total: body.total, newest: body.jobs[0]?.posted_date ?? null };
    },
  });
}

/** A board's newest jobs (call 1's first page, newest first): its feed. */
export function newestJobsQuery(client: ApiClient, workspaceSlug: string | null, limit: number) {
  return queryOptions({
    queryKey: boardKeys.crawl('newest', { workspaceSlug, limit }),
    queryFn: async ({ signal }): Promise<Job[]> =>
      parseJobList(
        await send(
          client,
          {
            path: '/public-job-posting',
            query: {
              workspace_slug: workspaceSlug ?? undefined,
              visibility: 'job_board_only',
              ...jobSearchQuery(emptyJobSearch, { limit }),
            },
          },
          signal,
        ),
      ),
  });
}

/** How many companies are hiring (in a workspace, or in all). */
export function organizationCountQuery(client: ApiClient, workspaceSlug: string | null = null) {
  return queryOptions({
    queryKey: boardKeys.crawl('organization-count', { workspaceSlug }),
    queryFn: async ({ signal }) =>
      v.parse(Count, await send(client, crawlRequests.organizationCount(workspaceSlug), signal)).total,
  });
}
