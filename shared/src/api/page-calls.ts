import type { ApiClient } from '@board/shared/api/api-client';
import type { Job } from '@board/shared/api/job';
import type { JobPage, Page } from '@board/shared/api/job-page';
import {
  type CompanyJobPage,
  jobPagesQuery,
  jobQuery,
  type Organization,
  organizationJobPagesQuery,
  organizationPagesQuery,
  type Workspace,
  workspaceQuery,
} from '@board/shared/api/queries';
import type { BoardCall } from '@board/shared/api/requests';
import type { InfiniteData, QueryClient, QueryKey } from '@board/shared/lib/query';

/** The data each named call leaves in the QueryClient (a paged call: its infinite query's). */
export interface CallData {
  jobPage: InfiniteData<JobPage, string | null>;
  organizationPage: InfiniteData<Page<Organization>, string | null>;
  organizationJobPage: InfiniteData<CompanyJobPage, string | null>;
  job: Job | null;
  workspace: Workspace | null;
}

/** The data of a page's call by its name; undefined when the call was not made or failed. */
export type CallReader = <Name extends BoardCall[0]>(name: Name) => CallData[Name] | undefined;

/**
 * Runs one of a page's calls (`['job', '42']`) into `queryClient` through the very query options
 * the page runs in the browser: a paged call loads its first page into the page's infinite query.
 * The shell's server renders a page with what this loads and hands it to the browser as it is.
 * A board's list loads its first `pages` pages. Resolves with the query's key.
 */
export async function prefetchCall(
  queryClient: QueryClient,
  client: ApiClient,
  call: BoardCall,
  /** A list's first pages to load, one after the other (?page=N: 'Show more jobs' as a link). */
  pages = 1,
): Promise<QueryKey> {
  switch (call[0]) {
    case 'jobPage': {
      const options = jobPagesQuery(client, call[1], call[2]);
      await queryClient.prefetchInfiniteQuery({ ...options, pages });
      return options.queryKey;
    }
    case 'organizationPage': {
      const options = organizationPagesQuery(client, call[1], call[2]);
      await queryClient.prefetchInfiniteQuery(options);
      return options.queryKey;
    }
    case 'organizationJobPage': {
      const options = organizationJobPagesQuery(client, call[1]);
      await queryClient.prefetchInfiniteQuery({ ...options, pages });
      return options.queryKey;
    }
    case 'job': {
      const options = jobQuery(client, call[1]);
      await queryClient.prefetchQuery(options);
      return options.queryKey;
    }
    case 'workspace': {
      const options = workspaceQuery(client, call[1]);
      await queryClient.prefetchQuery(options);
      return options.queryKey;
    }
  }
}
