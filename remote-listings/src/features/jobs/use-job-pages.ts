import { boardSearchFromUrl } from '@board/shared/api/board-search';
import type { BoardFacets } from '@board/shared/api/job';
import { jobPagesQuery } from '@board/shared/api/queries';
import { keepPreviousData, useInfiniteQuery } from '@board/shared/lib/query';
import { useSearchParams } from '@board/shared/lib/router';
import { useApiClient } from '@board/shared/react/api-client';
import { useMemo } from 'react';
import { useDebouncedSearch } from '../../lib/paging/use-debounced-search';
import { usePagedItems } from '../../lib/paging/use-restored-pages';
import type { BoardJobs, BoardOptions } from './job-board';
import { jobTypeOrder, levelOrder, optionsOf } from './more-filters';

/**
 * The jobs of the URL's search on a jobs page, a page at a time from the API (call 1 with `limit`).
 * A filter change asks again once the filters have rested for a moment, and the previous results
 * stay on screen until the new ones arrive. The first page is the one the server rendered.
 */
export function useJobPages(
  workspaceSlug: string | null,
  enabled: boolean,
): { board: BoardJobs; options: BoardOptions } {
  const [params] = useSearchParams();
  const [search, waiting] = useDebouncedSearch(useMemo(() => boardSearchFromUrl(params), [params]));
  const client = useApiClient();
  const query = useInfiniteQuery({
    ...jobPagesQuery(client, workspaceSlug, search),
    enabled,
    placeholderData: keepPreviousData,
  });
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

const values = (counts: { value: string }[] | undefined) => (counts ?? []).map((entry) => entry.value);

/** The filter fields' options from the board's facets (the whole board, whatever the filters say). */
export function facetOptions(facets: BoardFacets | undefined): BoardOptions {
  return {
    investors: values(facets?.investors).sort((a, b) => a.localeCompare(b)),
    bounds: facets?.salaryK ?? null,
    locations: optionsOf(values(facets?.locations)),
    jobTypes: optionsOf(values(facets?.jobTypes), jobTypeOrder),
    levels: optionsOf(values(facets?.levels), levelOrder),
  };
}
