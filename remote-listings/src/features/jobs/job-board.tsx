import type { Job } from '@board/shared/api/job';
import { jobQuery } from '@board/shared/api/queries';
import { useQueryClient } from '@board/shared/lib/query';
import { useApiClient } from '@board/shared/react/api-client';
import { useHydrated, useWideHint } from '@board/shared/react/render-time';
import { type ReactNode, useCallback } from 'react';
import { LoadMore } from '../../lib/paging/load-more';
import { FilterPanel } from './filter-panel';
import { FilterSheet } from './filter-sheet';
import { JobList } from './job-list';
import { MoreFilterFields } from './more-filter-fields';
import { activeFilterCount, type BoardOptions } from './search-options';
import { SortSelect } from './sort-select';
import type { BoardUrlState } from './use-board-url';
import { useMediaQuery, wideQuery } from './use-media-query';
import { ViewToggle } from './view-toggle';

/** The jobs on screen and how to get more: the pages loaded so far of a search, and its total. */
export interface BoardJobs {
  jobs: Job[];
  /** Jobs that match the search in all. */
  total: number;
  /** At least `total` match: the API stopped counting ('10,000+ jobs'). */
  totalIsLowerBound?: boolean;
  status: 'pending' | 'error' | 'success';
  /** A new search is loading: the previous results stay on screen meanwhile. */
  updating: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

const number = (value: number) => value.toLocaleString('en-GB');

/** '24 of 1,250 jobs': the jobs on screen of those that match; '24 of 10,000+ jobs' when the API stopped counting. */
export function countText(shown: number, total: number, totalIsLowerBound = false): string {
  if (totalIsLowerBound) return `${number(shown)} of ${number(total)}+ jobs`;
  return `${number(shown)} of ${number(total)} ${total === 1 ? 'job' : 'jobs'}`;
}

/**
 * Filter panel, sort, view toggle and job list over a search's jobs (the jobs pages and the
 * company page). The filters live in the URL; the page runs the search and passes its pages here.
 * Below 768 px the filter panel folds into a sheet behind a 'Filters' button.
 */
export function JobBoard({
  state,
  board,
  options,
  alerts,
}: {
  /** The page's URL, read once by the page. */
  state: BoardUrlState;
  board: BoardJobs;
  options: BoardOptions;
  /** 'Get job alerts' for this board, next to the count and in the filter sheet (the jobs pages). */
  alerts?: ReactNode;
}) {
  const { url, change, clearFilters } = state;
  const { search, view } = url;
  const { jobs, total, status } = board;
  const { bounds, investors } = options;
  const activeCount = activeFilterCount(search, bounds);
  // Until hydrated, the layout the server rendered (a phone's, when the browser said so).
  const wide = useMediaQuery(wideQuery, useWideHint());
  const prefetch = usePrefetchJob();
  // Without JavaScript the sheet never opens: its alerts control stands next to the count until hydrated.
  const hydrated = useHydrated();

  const panel = (
    <FilterPanel
      url={url}
      investors={investors}
      bounds={bounds}
      // SPEC: 'Clear Filters' only while a filter is active (the extra filters count too).
      active={activeCount > 0}
      onChange={change}
      onClear={clearFilters}
    >
      <MoreFilterFields url={url} options={options} onChange={change} />
    </FilterPanel>
  );

  return (
    <div className="space-y-4">
      {wide ? (
        panel
      ) : (
        <FilterSheet activeCount={activeCount} resultCount={total} extra={alerts}>
          {panel}
        </FilterSheet>
      )}
      <div className="flex items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <p role="status" className="text-sm text-muted">
            {status === 'success' ? countText(jobs.length, total, board.totalIsLowerBound) : '\u00a0'}
          </p>
          {wide || !hydrated ? alerts : null}
        </div>
        <div className="flex items-center gap-2">
          <SortSelect sort={search.sort} onChange={(sort) => change({ sort })} />
          <ViewToggle view={view} onChange={(mode) => change({ view: mode })} />
        </div>
      </div>
      <div aria-busy={board.updating || board.loadingMore}>
        <JobList jobs={jobs} status={status} view={view} onIntent={prefetch} />
        {status === 'success' && jobs.length > 0 ? (
          <LoadMore
            hasMore={board.hasMore}
            loading={board.loadingMore}
            onLoadMore={board.loadMore}
            label="Show more jobs"
            loadingText="Loading more jobs…"
            endText={`All ${number(jobs.length)} ${jobs.length === 1 ? 'job is' : 'jobs are'} shown.`}
          />
        ) : null}
      </div>
    </div>
  );
}

/** Hovering or focusing a card loads its detail ahead of the click. */
function usePrefetchJob() {
  const queryClient = useQueryClient();
  const client = useApiClient();
  return useCallback((job: Job) => void queryClient.prefetchQuery(jobQuery(client, job.id)), [queryClient, client]);
}
