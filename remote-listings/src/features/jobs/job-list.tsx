import type { Job } from '@board/shared/api/job';
import { cn } from '@board/shared/lib/cn';
import { useLocation } from '@board/shared/lib/router';
import { Button } from '@board/shared/ui/button';
import { StatusPanel } from '@board/shared/ui/status-panel';
import { useEffect, useRef, useState } from 'react';
import { JobCard, JobCardPlaceholder } from './job-card';
import type { ViewMode } from './use-board-search';

export const pageSize = 30;

const gridClass = (view: ViewMode) =>
  view === 'grid' ? 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3' : 'flex flex-col gap-3';

/**
 * The job list in its states: 6 placeholder cards while loading, the spec's error and empty texts,
 * then the cards. A large board renders the first 30 cards and more as the visitor scrolls (or
 * presses 'Show more jobs'); how many were shown is remembered per history entry, so Back lands on
 * the same card.
 */
export function JobList({
  jobs,
  status,
  view,
  onIntent,
}: {
  jobs: Job[];
  status: 'pending' | 'error' | 'success';
  view: ViewMode;
  onIntent?: (job: Job) => void;
}) {
  const { key } = useLocation();
  const storageKey = `listings:shown:${key}`;
  const [shown, setShown] = useState(() => Number(sessionStorage.getItem(storageKey)) || pageSize);
  const sentinel = useRef<HTMLLIElement>(null);
  const more = jobs.length > shown;

  useEffect(() => {
    sessionStorage.setItem(storageKey, String(shown));
  }, [storageKey, shown]);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !more || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setShown((count) => count + pageSize);
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [more]);

  if (status === 'pending') {
    return (
      <div role="status" aria-label="Loading jobs">
        <ul className={gridClass(view)}>
          {Array.from({ length: 6 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <li key={index}>
              <JobCardPlaceholder layout={view} />
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (status === 'error') {
    return (
      <StatusPanel
        role="alert"
        headingLevel={2}
        title="Unable to load jobs"
        message="There was an error loading the job listings. Please try again later."
      />
    );
  }
  if (jobs.length === 0) {
    return (
      <p role="status" className="rounded-xl border border-dashed border-line p-10 text-center text-muted">
        No job listings found.
      </p>
    );
  }
  return (
    <>
      <p role="status" className="sr-only">
        {jobs.length === 1 ? '1 job' : `${jobs.length} jobs`}
      </p>
      <ul className={cn(gridClass(view))}>
        {jobs.slice(0, shown).map((job, index) => (
          <li key={job.id}>
            <JobCard job={job} index={index} layout={view} onIntent={onIntent} />
          </li>
        ))}
        {more ? <li ref={sentinel} aria-hidden="true" className="h-px" /> : null}
      </ul>
      {more ? (
        <div className="mt-6 flex justify-center">
          <Button variant="outline" onClick={() => setShown((count) => count + pageSize)}>
            Show more jobs ({jobs.length - shown} more)
          </Button>
        </div>
      ) : null}
    </>
  );
}
