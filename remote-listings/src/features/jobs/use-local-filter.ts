import type { Job } from '@board/shared/api/job';
import { useRenderTime } from '@board/shared/react/render-time';
import { useMemo } from 'react';
import { filterIndex, indexJobs, investorOptions, salaryBounds } from './filter-jobs';
import type { BoardOptions } from './job-board';
import { jobTypeOrder, levelOrder, optionsOf, refineJobs } from './more-filters';
import { sortJobs } from './sort-jobs';
import { useBoardSearch } from './use-board-search';

/**
 * The SPEC's client-side filtering over jobs already loaded: the company page's, whose call (5)
 * takes no filter. The options and the salary bounds are those of the loaded jobs.
 */
export function useLocalFilter(jobs: Job[]): { jobs: Job[]; options: BoardOptions } {
  const { filters, more, sort } = useBoardSearch();
  // 'Posted within' is measured from when the page was rendered (the server's time until hydrated).
  const now = useRenderTime();
  const options = useMemo(
    (): BoardOptions => ({
      investors: investorOptions(jobs),
      bounds: salaryBounds(jobs),
      locations: optionsOf(jobs.map((job) => job.location)),
      jobTypes: optionsOf(
        jobs.map((job) => job.type),
        jobTypeOrder,
      ),
      levels: optionsOf(
        jobs.map((job) => job.level),
        levelOrder,
      ),
    }),
    [jobs],
  );
  const index = useMemo(() => indexJobs(sortJobs(jobs, sort)), [jobs, sort]);
  const filtered = useMemo(() => refineJobs(filterIndex(index, filters), more, now), [index, filters, more, now]);
  return { jobs: filtered, options };
}
