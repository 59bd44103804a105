import type { Job } from '@board/shared/api/job';
import { jobQuery } from '@board/shared/api/queries';
import { useApiClient } from '@board/shared/react/api-client';
import { useRenderTime } from '@board/shared/react/render-time';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useMemo } from 'react';
import { countFilters, filterIndex, indexJobs, investorOptions, isFilterActive, salaryBounds } from './filter-jobs';
import { FilterPanel } from './filter-panel';
import { FilterSheet } from './filter-sheet';
import { JobList } from './job-list';
import { MoreFilterFields, type MoreFilterOptions } from './more-filter-fields';
import { countMoreFilters, isMoreFilterActive, jobTypeOrder, levelOrder, optionsOf, refineJobs } from './more-filters';
import { sortJobs } from './sort-jobs';
import { SortSelect } from './sort-select';
import { useBoardSearch } from './use-board-search';
import { useMediaQuery, wideQuery } from './use-media-query';
import { ViewToggle } from './view-toggle';

/**
 * Filter panel, sort, view toggle and job list over one list of jobs (the jobs pages and the
 * company page). Filtering is deferred, so typing in 'Job title' stays responsive on a large
 * board. Below 768 px the filter panel folds into a sheet behind a 'Filters' button.
 */
export function JobBoard({ jobs, status }: { jobs: Job[] | undefined; status: 'pending' | 'error' | 'success' }) {
  const { filters, more, sort, view, setFilters, setMore, clearFilters, setSort, setView } = useBoardSearch();
  const list = useMemo(() => jobs ?? [], [jobs]);
  const deferredFilters = useDeferredValue(filters);
  const deferredMore = useDeferredValue(more);
  // 'Posted within' is measured from when the board was rendered (the server's time until hydrated),
  // then from when it was opened: the same answer on every render.
  const now = useRenderTime();
  const bounds = useMemo(() => salaryBounds(list), [list]);
  const investors = useMemo(() => investorOptions(list), [list]);
  const options = useMemo(() => moreFilterOptions(list), [list]);
  // Sorted once per list and order; filtering keeps the order.
  const index = useMemo(() => indexJobs(sortJobs(list, sort)), [list, sort]);
  const filtered = useMemo(
    () => refineJobs(filterIndex(index, deferredFilters), deferredMore, now),
    [index, deferredFilters, deferredMore, now],
  );
  const activeCount = countFilters(filters, bounds) + countMoreFilters(more);
  const wide = useMediaQuery(wideQuery, true);
  const prefetch = usePrefetchJob();

  const panel = (
    <FilterPanel
      filters={filters}
      investors={investors}
      bounds={bounds}
      // SPEC: 'Clear Filters' only while a filter is active; issue 14 extends that to its filters.
      active={isFilterActive(filters, bounds) || isMoreFilterActive(more)}
      onChange={setFilters}
      onClear={clearFilters}
    >
      <MoreFilterFields filters={more} options={options} onChange={setMore} />
    </FilterPanel>
  );

  return (
    <div className="space-y-4">
      {wide ? (
        panel
      ) : (
        <FilterSheet activeCount={activeCount} resultCount={filtered.length}>
          {panel}
        </FilterSheet>
      )}
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-muted">
          {status === 'success'
            ? `${filtered.length} of ${list.length} ${list.length === 1 ? 'job' : 'jobs'}`
            : '\u00a0'}
        </p>
        <div className="flex items-center gap-2">
          <SortSelect sort={sort} onChange={setSort} />
          <ViewToggle view={view} onChange={setView} />
        </div>
      </div>
      <div aria-busy={filters !== deferredFilters || more !== deferredMore}>
        <JobList jobs={filtered} status={status} view={view} onIntent={prefetch} />
      </div>
    </div>
  );
}

function moreFilterOptions(jobs: Job[]): MoreFilterOptions {
  return {
    locations: optionsOf(jobs.map((job) => job.location)),
    jobTypes: optionsOf(
      jobs.map((job) => job.type),
      jobTypeOrder,
    ),
    levels: optionsOf(
      jobs.map((job) => job.level),
      levelOrder,
    ),
  };
}

/** Hovering or focusing a card loads its detail ahead of the click. */
function usePrefetchJob() {
  const queryClient = useQueryClient();
  const client = useApiClient();
  return useCallback((job: Job) => void queryClient.prefetchQuery(jobQuery(client, job.id)), [queryClient, client]);
}
