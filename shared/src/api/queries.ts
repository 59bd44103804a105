import { type ApiClient, ApiError, type ApiRequest, errorLine } from '@board/shared/api/api-client';
import { isBoardId, isIntegerId } from '@board/shared/api/board-id';
import { type CompanyProfile, parseCompanyProfile } from '@board/shared/api/company-profile';
import { type Job, parseJob, parseJobList, platformId } from '@board/shared/api/job';
import { type JobPage, type Page, parseJobPage, parsePageFields } from '@board/shared/api/job-page';
import type { JobSearch } from '@board/shared/api/job-search';
import { OrganizationWire, WorkspaceWire } from '@board/shared/api/page-bodies';
import { boardRequests, pageSize, savedIdsPerCall } from '@board/shared/api/requests';
import { executorOf, SearchNeedsServer } from '@board/shared/api/search-executor';
import { objectReadingOf } from '@board/shared/api/wire-reading';
import { infiniteQueryOptions, queryOptions } from '@board/shared/lib/query';
import * as v from 'valibot';

/**
 * Calls 1 to 5 as TanStack queries. Keys come from one factory, so every remote shares the shell's
 * cache: the job the detail page loaded is the job the apply page shows, with no second request.
 */
export const boardKeys = {
  all: ['board'] as const,
  /** A board's whole list, as an API that answers call 1 as the SPEC states it sends it. */
  jobs: (workspaceSlug: string | null) => [...boardKeys.all, 'jobs', { workspaceSlug }] as const,
  job: (id: string) => [...boardKeys.all, 'job', id] as const,
  workspace: (slug: string) => [...boardKeys.all, 'workspace', slug] as const,
  organizations: (workspaceSlug: string | null) => [...boardKeys.all, 'organizations', { workspaceSlug }] as const,
  organizationJobs: (id: string) => [...boardKeys.all, 'organization-jobs', id] as const,
  /** The pages of a search of call 1, loaded so far (an infinite query). */
  jobPages: (workspaceSlug: string | null, search: JobSearch) =>
    [...boardKeys.all, 'job-pages', { workspaceSlug, search }] as const,
  savedJobs: (ids: string[]) => [...boardKeys.all, 'saved-jobs', ids] as const,
  organizationPages: (workspaceSlug: string | null, name: string) =>
    [...boardKeys.all, 'organization-pages', { workspaceSlug, name: name.trim() }] as const,
  organizationJobPages: (id: string) => [...boardKeys.all, 'organization-job-pages', id] as const,
  /** The shell's server's reads for the crawler files and the preview cards (crawl.ts). */
  crawl: (what: string, args: Record<string, string | number | null>) =>
    [...boardKeys.all, 'crawl', what, args] as const,
};

const send = (client: ApiClient, { path, query }: ApiRequest, signal: AbortSignal) => client.get(path, query, signal);

/** A read that failed, in one line (a stack says nothing about a refused search or an API that is down). */
function reportFailure(client: ApiClient, what: string, error: unknown) {
  if (client.report) client.report(what, error);
  else console.warn(`[board] ${what}: ${errorLine(error)}`);
}

export interface Workspace {
  slug: string;
  name: string;
}

export interface Organization {
  id: string;
  name: string;
  jobBoardSlug: string;
}

/** The answer, or `missing` when the API does not know what was asked for (404); any other failure throws. */
async function orWhenMissing<T, M>(read: () => Promise<T>, missing: M): Promise<T | M> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return missing;
    throw error;
  }
}

/** Call 4. A failure is swallowed: the job is treated as missing (null). */
export function jobQuery(client: ApiClient, id: string) {
  return queryOptions({
    queryKey: boardKeys.job(id),
    queryFn: async ({ signal }): Promise<Job | null> => {
      try {
        return parseJob(await send(client, boardRequests.job(id), signal));
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404))
          reportFailure(client, `job ${id} could not be loaded`, error);
        return null;
      }
    },
  });
}

const WorkspaceReading = objectReadingOf(WorkspaceWire.entries);

/** Call 2. null when the workspace does not exist (404). */
export function workspaceQuery(client: ApiClient, slug: string) {
  return queryOptions({
    queryKey: boardKeys.workspace(slug),
    queryFn: ({ signal }): Promise<Workspace | null> =>
      orWhenMissing(async () => {
        const body = v.parse(WorkspaceReading, await send(client, boardRequests.workspace(slug), signal));
        return { slug: body.slug || slug, name: (body.name ?? '').trim() };
      }, null),
  });
}

const OrganizationReading = objectReadingOf(OrganizationWire.entries, { organization_id: platformId });

function parseOrganizations(body: unknown): Organization[] {
  const items = (body as { organizations?: unknown } | null)?.organizations;
  if (!Array.isArray(items)) throw new Error('The companies answer has no organizations array');
  const seen = new Set<string>();
  return items.flatMap((item) => {
    const parsed = v.safeParse(OrganizationReading, item);
    if (!parsed.success || parsed.output.organization_id === null) return [];
    const { organization_id, organization_name, job_board_slug } = parsed.output;
    if (seen.has(String(organization_id))) return [];
    seen.add(String(organization_id));
    return [
      {
        id: String(organization_id),
        name: organization_name?.trim() || 'Unknown Company',
        jobBoardSlug: job_board_slug ?? '',
      },
    ];
  });
}

/**
 * The jobs of a search, a page at a time (call 1 with `limit`): the first page is what the server
 * renders; each next page follows the previous one's cursor. The answer decides where the search
 * runs (search-executor.ts): an API that pages answers with a `total`; one that answers as the SPEC
 * states sends every job, which is kept as the board's whole list (`boardKeys.jobs`), and this and
 * every later search and page of the board run over it with no further request. A failure is
 * logged and re-thrown.
 */
export function jobPagesQuery(client: ApiClient, workspaceSlug: string | null, search: JobSearch) {
  return infiniteQueryOptions({
    queryKey: boardKeys.jobPages(workspaceSlug, search),
    queryFn: async ({ signal, pageParam, client: queryClient }): Promise<JobPage> => {
      // The rules are loaded with the first list that needs them (see local-search.ts).
      const local = async (jobs: Job[]) =>
        (await import('@board/shared/api/local-search')).localJobPage(jobs, search, {
          cursor: pageParam,
          size: pageSize,
          now: Date.now(),
        });
      const whole = queryClient.getQueryData<Job[]>(boardKeys.jobs(workspaceSlug));
      if (whole) return local(whole);
      try {
        const body = await send(client, boardRequests.jobPage(workspaceSlug, search, pageParam), signal);
        if (executorOf(body) === 'api') return parseJobPage(body);
        const jobs = parseJobList(body);
        queryClient.setQueryData(boardKeys.jobs(workspaceSlug), jobs);
        return await local(jobs);
      } catch (error) {
        if (!(error instanceof SearchNeedsServer)) reportFailure(client, 'the job list could not be loaded', error);
        throw error;
      }
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // A search the API refused (the server renders the page with it, its error state) is not asked
    // for again when the page mounts: the answer would be the same. A new search is a new query.
    retryOnMount: false,
  });
}

/**
 * The saved jobs still on the board, by id (call 1 with `ids`), in as many calls as the ids need;
 * a saved job the board no longer has is not in the answer. `ids` takes our API's integers only:
 * any other id a platform issues (a UUID, `j-101`) is looked for in one call 1 without `ids`,
 * which such a platform, answering as the SPEC states, answers with every job.
 */
export function savedJobsQuery(client: ApiClient, ids: string[]) {
  return queryOptions({
    queryKey: boardKeys.savedJobs(ids),
    queryFn: async ({ signal }): Promise<Job[]> => {
      // An id no page could have was never a board job; none at all must not ask for the whole board.
      const usable = [...new Set(ids.filter(isBoardId))];
      const numbered = usable.filter(isIntegerId);
      const named = usable.filter((id) => !isIntegerId(id));
      const chunks = Array.from({ length: Math.ceil(numbered.length / savedIdsPerCall) }, (_, index) =>
        numbered.slice(index * savedIdsPerCall, (index + 1) * savedIdsPerCall),
      );
      if (named.length > 0) chunks.push(named);
      // An API that answers call 1 as the SPEC states it sends every job: only the chunk's are kept.
      const answers = await Promise.all(
        chunks.map(async (chunk) => ({ chunk, body: await send(client, boardRequests.savedJobs(chunk), signal) })),
      );
      return answers.flatMap(({ chunk, body }) => parseJobList(body).filter((job) => chunk.includes(job.id)));
    },
  });
}

/** Call 3 a page at a time, for the companies whose name contains `name`. */
export function organizationPagesQuery(client: ApiClient, workspaceSlug: string | null, name: string) {
  return infiniteQueryOptions({
    queryKey: boardKeys.organizationPages(workspaceSlug, name),
    queryFn: async ({ signal, pageParam }): Promise<Page<Organization>> => {
      const body = await send(client, boardRequests.organizationPage(workspaceSlug, name, pageParam), signal);
      const items = parseOrganizations(body);
      return { items, ...parsePageFields(body, items.length) };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    retryOnMount: false,
  });
}

/** A page of call 5: the company's jobs and its profile (null from an API that sends none, as the SPEC's call 5). */
export interface CompanyJobPage extends Page<Job> {
  organization: CompanyProfile | null;
}

/**
 * Call 5 a page at a time. A company the API does not know (404) is an empty page, which the page
 * shows as its Company Not Found panel, as for a company with no open job.
 */
export function organizationJobPagesQuery(client: ApiClient, id: string) {
  return infiniteQueryOptions({
    queryKey: boardKeys.organizationJobPages(id),
    queryFn: ({ signal, pageParam }): Promise<CompanyJobPage> =>
      orWhenMissing(
        async () => {
          const body = await send(client, boardRequests.organizationJobPage(id, pageParam), signal);
          const items = parseJobList(body);
          return { items, ...parsePageFields(body, items.length), organization: parseCompanyProfile(body) };
        },
        { items: [], total: 0, nextCursor: null, organization: null },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** Call 5 whole: the company's jobs and its profile. */
export interface CompanyJobs {
  jobs: Job[];
  organization: CompanyProfile | null;
}

/**
 * Call 5: the jobs of one company and its profile; none when the company does not exist (404),
 * which the page shows as its Company Not Found panel, as for a company with no open job (on the
 * server as in the browser).
 */
export function organizationJobsQuery(client: ApiClient, id: string) {
  return queryOptions({
    queryKey: boardKeys.organizationJobs(id),
    queryFn: ({ signal }): Promise<CompanyJobs> =>
      orWhenMissing(
        async () => {
          const body = await send(client, boardRequests.organizationJobs(id), signal);
          return { jobs: parseJobList(body), organization: parseCompanyProfile(body) };
        },
        { jobs: [], organization: null },
      ),
  });
}
