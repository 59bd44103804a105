import type { Job } from '@board/shared/api/job';
import { cn } from '@board/shared/lib/cn';
import { useLocation } from '@board/shared/lib/router';
import { useHydrated } from '@board/shared/react/render-time';
import { Button } from '@board/shared/ui/button';
import { StatusPanel } from '@board/shared/ui/status-panel';
import { memo, useEffect, useRef, useState } from 'react';
import { JobCard, JobCardPlaceholder } from './job-card';
import type { ViewMode } from './use-board-search';
import { useFirstBatch } from './use-first-batch';

export const pageSize = 30;

/**
 * Cards the server renders (and hydration, which must match): more than a first screen holds, and
 * less than a page, since each card costs the server about 0.3 ms and 5 KB of HTML. The rest of
 * the page follows in the render right after hydration.
 */
export const serverCount = 12;

/**
 * Typing in the filter re-renders the list; a card whose job, place and layout are unchanged is
 * not rendered again.
 */
const MemoJobCard = memo(JobCard);

/**
 * Cards out of view skip style, layout and paint until scrolled near (they stay in the DOM and
 * the accessibility tree): at 10,000 jobs, most of a keystroke's cost was laying out the 30
 * cards that the new filter result mounted, of which a screen shows a few. The size is a first
 * guess; the browser remembers each card's real one.
 */
const offscreenCheap = (view: ViewMode) =>
  view === 'grid'
    ? '[content-visibility:auto] [contain-intrinsic-size:auto_16rem]'
    : '[content-visibility:auto] [contain-intrinsic-size:auto_11rem]';

const gridClass = (view: ViewMode) =>
  view === 'grid' ? 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3' : 'flex flex-col gap-3';

/**
 * The job list in its states: 6 placeholder cards while loading, the spec's error and empty texts,
 * then the cards. A large board renders the first 30 cards and more as the visitor scrolls (or
 * presses 'Show more jobs'); how many were shown is remembered per history entry, so Back lands on
 * the same card. The server has no storage: it and hydration show the first `serverCount` cards,
 * and the count (a first page, or the stored one) is restored in the render right after hydration.
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
  const hydrated = useHydrated();
  const [shown, setShown] = useState(() => (hydrated ? storedCount(storageKey) : serverCount));
  const [restored, setRestored] = useState(hydrated);
  if (hydrated && !restored) {
    setRestored(true);
    setShown(storedCount(storageKey));
  }
  const sentinel = useRef<HTMLLIElement>(null);
  const more = jobs.length > shown;
  const batch = useFirstBatch(jobs, shown);
  // The sentinel waits for the whole page: under the first batch it would ask for a page too many.
  const observing = more && batch.complete;

  useEffect(() => {
    // Not before the count is restored: hydration's first page would overwrite it.
    if (restored) storeCount(storageKey, shown);
  }, [restored, storageKey, shown]);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !observing || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setShown((count) => count + pageSize);
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [observing]);

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
        {jobs.slice(0, batch.count).map((job, index) => (
          <li key={job.id} className={offscreenCheap(view)}>
            <MemoJobCard job={job} index={index} layout={view} onIntent={onIntent} />
          </li>
        ))}
        {observing ? <li ref={sentinel} aria-hidden="true" className="h-px" /> : null}
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

/** The count shown in this history entry before, or a first page (storage disabled: a first page). */
function storedCount(storageKey: string): number {
  try {
    return Number(sessionStorage.getItem(storageKey)) || pageSize;
  } catch {
    return pageSize;
  }
}

function storeCount(storageKey: string, count: number) {
  try {
    sessionStorage.setItem(storageKey, String(count));
  } catch {
    // Storage full or disabled: Back shows a first page.
  }
}
