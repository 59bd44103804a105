import type { JobSearch } from '@board/shared/api/job-search';
import { jobPagesQuery } from '@board/shared/api/queries';
import { SearchNeedsServer } from '@board/shared/api/search-executor';
import { keepPreviousData, useInfiniteQuery } from '@board/shared/lib/query';
import { useApiClient } from '@board/shared/react/api-client';
import { useEffect, useMemo } from 'react';
import { useAbortSupersededSearch, useDebouncedSearch } from '../../lib/paging/use-debounced-search';
import { usePagedItems } from '../../lib/paging/use-restored-pages';
import type { BoardJobs } from './job-board';
import { type BoardOptions, facetOptions } from './search-options';

/**
 * The jobs of the URL's search on a jobs page, a page at a time (jobPagesQuery: in the database or
 * over the whole list, as the API answers). A filter change runs once the filters have rested for
 * a moment, and the previous results stay on screen until the new ones arrive; a search changed
 * again before its answer came is aborted, never shown. The first page is the one the server
 * rendered.
 */
export function useJobPages(
  workspaceSlug: string | null,
  urlSearch: JobSearch,
  enabled: boolean,
): { board: BoardJobs; options: BoardOptions } {
  const [search, waiting] = useDebouncedSearch(urlSearch);
  const client = useApiClient();
  const pages = jobPagesQuery(client, workspaceSlug, search);
  const query = useInfiniteQuery({ ...pages, enabled, placeholderData: keepPreviousData });
  useAbortSupersededSearch(pages.queryKey, waiting);
  // Another platform's list, searched by where a job can be done from or by visa, needs its jobs
  // read by the server (search-executor.ts): the page is loaded from the server, which reads them.
  const needsServer = query.error instanceof SearchNeedsServer;
  useEffect(() => {
    if (needsServer) window.location.assign(window.location.href);
  }, [needsServer]);
  const { items: jobs, total, first } = usePagedItems(query);
  const facets = first?.facets;
  const options = useMemo(() => facetOptions(facets), [facets]);
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = query;
  return {
    board: {
      jobs,
      total,
      totalIsLowerBound: first?.totalIsLowerBound ?? false,
      status: query.status,
      // The filters changed: the results on screen are the previous ones until the new ones arrive.
      updating: waiting || query.isPlaceholderData,
      hasMore: hasNextPage && !query.isPlaceholderData,
      loadingMore: isFetchingNextPage,
      loadMore: () => {
        if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
      },
    },
    options,
  };
}
