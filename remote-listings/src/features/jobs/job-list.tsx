import type { BoardView as ViewMode } from '@board/shared/api/board-search';
import type { Job } from '@board/shared/api/job';
import { pageSize } from '@board/shared/api/requests';
import { StatusPanel } from '@board/shared/ui/status-panel';
import { type CSSProperties, memo } from 'react';
import { scrollAnchorProps } from '../../lib/paging/scroll-anchor';
import { JobCard, JobCardPlaceholder, listCardHeight } from './job-card';

/**
 * Typing in the filter re-renders the list; a card whose job, place and layout are unchanged is
 * not rendered again.
 */
const MemoJobCard = memo(JobCard);

/**
 * Cards out of view skip style, layout and paint until scrolled near (they stay in the DOM and
 * the accessibility tree): at 10,000 jobs, most of a keystroke's cost was laying out the 30
 * cards that the new filter result mounted, of which a screen shows a few. Until drawn, a card
 * takes the height its rows give it (listCardHeight, at a desktop's width; a phone stacks them,
 * about 8rem taller; a grid's cells a first guess: styles.css), then the one the browser
 * remembers. Which cards were drawn differs after a reload, so a guess far from the real heights
 * would put another card where the restored scroll position points; and a guess far below them
 * makes the page grow under a phone's smooth End scroll, which then stops short of the list's
 * end (no next page).
 */
const offscreenClass = (view: ViewMode) => (view === 'grid' ? 'offscreen-cell' : 'offscreen-card');
const offscreenSize = (view: ViewMode, job: Job, from: string) =>
  view === 'grid' ? undefined : ({ '--card-height': `${listCardHeight(job, from)}rem` } as CSSProperties);

const gridClass = (view: ViewMode) =>
  view === 'grid' ? 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3' : 'flex flex-col gap-3';

/**
 * The job list in its states: 6 placeholder cards while loading, the spec's error and empty texts,
 * then the cards of the pages loaded so far (the server renders the first page; more append below).
 */
export function JobList({
  jobs,
  status,
  view,
  from = '',
  onIntent,
}: {
  jobs: Job[];
  /** The country searched for ('' none): the cards mark the remote jobs that do not say from where. */
  from?: string;
  status: 'pending' | 'error' | 'success';
  view: ViewMode;
  onIntent?: (job: Job) => void;
}) {
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
      {/* The cards' titles are level 3: a heading of their own keeps the outline whole where no
          filter panel's heading stands above them (a phone, whose panel is in a closed sheet). */}
      <h2 className="sr-only">Job listings</h2>
      <ul className={gridClass(view)}>
        {jobs.map((job, index) => (
          <li
            key={job.id}
            className={offscreenClass(view)}
            style={offscreenSize(view, job, from)}
            {...scrollAnchorProps(job.id)}
          >
            {/* An appended page staggers in from its own first card. */}
            <MemoJobCard job={job} index={index % pageSize} layout={view} from={from} onIntent={onIntent} />
          </li>
        ))}
      </ul>
    </>
  );
}
