import type { Job } from '@board/shared/api/job';
import { jobQuery } from '@board/shared/api/queries';
import { pageSize } from '@board/shared/api/requests';
import { useQueryClient } from '@board/shared/lib/query';
import { useLocation } from '@board/shared/lib/router';
import { useApiClient } from '@board/shared/react/api-client';
import { type ReactNode, useCallback } from 'react';
import { LoadMore } from '../../lib/paging/load-more';
import { FilterPanel } from './filter-panel';
import { FilterSheet } from './filter-sheet';
import { JobList } from './job-list';
import { MoreFilterFields } from './more-filter-fields';
import { activeFilterCount, type BoardOptions } from './search-options';
import { SortSelect } from './sort-select';
import type { BoardUrlState } from './use-board-url';
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
function countText(shown: number, total: number, totalIsLowerBound = false): string {
  if (totalIsLowerBound) return `${number(shown)} of ${number(total)}+ jobs`;
  return `${number(shown)} of ${number(total)} ${total === 1 ? 'job' : 'jobs'}`;
}

/** The address of the board with some parameters changed (undefined removes one). */
function hrefWith(pathname: string, params: URLSearchParams, changes: Record<string, string | undefined>): string {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) next.delete(name);
    else next.set(name, value);
  }
  const query = next.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** Parameters that are not the filters: what the filter form keeps as they are. */
const kept = ['sort', 'view'];

/**
 * Filter panel, sort, view toggle and job list over a search's jobs (the jobs pages and the
 * company page). The filters live in the URL; the page runs the search and passes its pages here.
 * One page for every screen: below 768 px CSS folds the filter panel into a sheet behind a
 * 'Filters' button. Every control works before any script runs (GET forms named as the URL's
 * parameters, the view toggle's submit buttons among them, and links), and scripts make each act
 * in place.
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
  /** 'Get job alerts' for this board, next to the count (the jobs pages). */
  alerts?: ReactNode;
}) {
  const { url, params, change, clearFilters, adopt } = state;
  const { search, view } = url;
  const { pathname } = useLocation();
  const { jobs, total, status } = board;
  const { bounds, investors } = options;
  const activeCount = activeFilterCount(search, bounds);
  const prefetch = usePrefetchJob();
  const carried = Object.fromEntries(
    kept.flatMap((name) => (params.has(name) ? [[name, params.get(name) ?? '']] : [])),
  );

  return (
    <div className="space-y-4">
      <FilterSheet activeCount={activeCount}>
        <FilterPanel
          url={url}
          investors={investors}
          bounds={bounds}
          // SPEC: 'Clear Filters' only while a filter is active (the extra filters count too).
          active={activeCount > 0}
          onChange={change}
          onClear={clearFilters}
          carried={carried}
          onAdopt={adopt}
        >
          <MoreFilterFields url={url} options={options} onChange={change} />
        </FilterPanel>
      </FilterSheet>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-3">
          <p role="status" className="text-sm text-muted">
            {status === 'success' ? countText(jobs.length, total, board.totalIsLowerBound) : '\u00a0'}
          </p>
          {alerts}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <SortSelect
            sort={search.sort}
            carried={[...params.entries()].filter(([name]) => name !== 'sort' && name !== 'page')}
            onChange={(sort) => change({ sort })}
            onAdopt={adopt}
          />
          <ViewToggle
            view={view}
            carried={[...params.entries()].filter(([name]) => name !== 'view')}
            onChange={(mode) => change({ view: mode })}
          />
        </div>
      </div>
      <div aria-busy={board.updating || board.loadingMore}>
        <JobList jobs={jobs} status={status} view={view} from={search.from} onIntent={prefetch} />
        {status === 'success' && jobs.length > 0 ? (
          <LoadMore
            hasMore={board.hasMore}
            loading={board.loadingMore}
            onLoadMore={board.loadMore}
            label="Show more jobs"
            loadingText="Loading more jobs…"
            endText={`All ${number(jobs.length)} ${jobs.length === 1 ? 'job is' : 'jobs are'} shown.`}
            // The server renders the first N pages of ?page=N: the list grows, as it does in place.
            href={hrefWith(pathname, params, { page: String(Math.ceil(jobs.length / pageSize) + 1) })}
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
