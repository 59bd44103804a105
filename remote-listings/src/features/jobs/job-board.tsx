import type { Job } from '@board/shared/api/job';
import { jobQuery } from '@board/shared/api/queries';
import { useApiClient } from '@board/shared/react/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useMemo } from 'react';
import { filterIndex, indexJobs, investorOptions, isFilterActive, salaryBounds } from './filter-jobs';
import { FilterPanel } from './filter-panel';
import { JobList } from './job-list';
import { useBoardSearch } from './use-board-search';
import { ViewToggle } from './view-toggle';

/**
 * Filter panel, view toggle and job list over one list of jobs (the jobs pages and the company
 * page). Filtering is deferred, so typing in 'Job title' stays responsive on a large board.
 */
export function JobBoard({ jobs, status }: { jobs: Job[] | undefined; status: 'pending' | 'error' | 'success' }) {
  const { filters, view, setFilters, clearFilters, setView } = useBoardSearch();
  const list = useMemo(() => jobs ?? [], [jobs]);
  const deferredFilters = useDeferredValue(filters);
  const bounds = useMemo(() => salaryBounds(list), [list]);
  const investors = useMemo(() => investorOptions(list), [list]);
  const index = useMemo(() => indexJobs(list), [list]);
  const filtered = useMemo(() => filterIndex(index, deferredFilters), [index, deferredFilters]);
  const prefetch = usePrefetchJob();

  return (
    <div className="space-y-4">
      <FilterPanel
        filters={filters}
        investors={investors}
        bounds={bounds}
        active={isFilterActive(filters, bounds)}
        onChange={setFilters}
        onClear={clearFilters}
      />
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-muted">
          {status === 'success'
            ? `${filtered.length} of ${list.length} ${list.length === 1 ? 'job' : 'jobs'}`
            : '\u00a0'}
        </p>
        <ViewToggle view={view} onChange={setView} />
      </div>
      <div aria-busy={filters !== deferredFilters}>
        <JobList jobs={filtered} status={status} view={view} onIntent={prefetch} />
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
