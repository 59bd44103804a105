import type { Job } from '@board/shared/api/job';
import type { JobSearch } from '@board/shared/api/job-search';
import { facetsOf, searchJobs } from '@board/shared/api/search-rules';
import { useRenderTime } from '@board/shared/react/render-time';
import { useMemo } from 'react';
import { type BoardOptions, facetOptions } from './search-options';

/**
 * The board's search over jobs already loaded: the company page's, whose call (5) takes no filter.
 * The same rules as the API's (search-rules.ts); the options and bounds are those of the loaded jobs.
 */
export function useLocalFilter(jobs: Job[], search: JobSearch): { jobs: Job[]; options: BoardOptions } {
  // 'Posted within' is measured from when the page was rendered (the server's time until hydrated).
  const now = useRenderTime();
  const options = useMemo(() => facetOptions(facetsOf(jobs)), [jobs]);
  const found = useMemo(() => searchJobs(jobs, search, now), [jobs, search, now]);
  return { jobs: found, options };
}
