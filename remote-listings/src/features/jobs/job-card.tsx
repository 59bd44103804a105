import type { Job } from '@board/shared/api/job';
import { cn } from '@board/shared/lib/cn';
import { Link } from '@board/shared/lib/router';
import { CompanyLogo } from '@board/shared/ui/company-logo';
import { Briefcase, Calendar, Code, MapPin } from 'lucide-react';
import type { CSSProperties } from 'react';
import { InvestorBadges } from './investor-badges';
import { hasWhereBadges, WhereBadges, whereLabel } from './job-where';
import { PostedDate } from './posted-date';
import { SaveJobButton } from './save-job-button';
import { isCodeRole } from './search-options';

/** The cards a phone's first screen shows: their logos load with the page. */
const eagerLogos = 4;

/** Cards stagger in by 100 ms per index, but only the first dozen: a long board never waits. */
const staggerLimit = 12;

export function animationDelay(index: number): string {
  return `${Math.min(index, staggerLimit) * 100}ms`;
}

const investorsOf = (job: Job) => [...new Set([...job.investors.all, ...job.investors.lastRound])];

/**
 * The height, in rem, a card of the list takes on a desktop screen, from the rows its job gives it
 * (JobCard below): what the list reserves for a card the browser has not drawn yet. A guess far
 * from the card's real height would move the page as cards are drawn, and put another card where a
 * restored scroll position points after a reload (job-list.tsx). Narrower screens wrap some rows.
 */
export function listCardHeight(job: Job, from: string): number {
  // Padding and border, the title, the company, the place, type and salary, the footer's gap.
  let rem = 7.5;
  if (hasWhereBadges(job, from)) rem += 1.75;
  if (job.description) rem += 3;
  // The footer: the posted date, or the investors' badges, taller with their '+N more' button.
  const investors = investorsOf(job).length;
  rem += investors > 3 ? 1.5 : investors > 0 ? 1.25 : 1;
  return rem;
}

/**
 * One job in the list or grid. The whole card is one link to /job/{id} (the title's link
 * stretched over the card); the '+N more' investor button sits above it.
 */
export function JobCard({
  job,
  index,
  layout,
  from = '',
  onIntent,
}: {
  job: Job;
  index: number;
  layout: 'list' | 'grid';
  /** The country the search asks about: a remote job that does not say from where is marked. */
  from?: string;
  /** Hover or focus: a chance to prefetch the job. */
  onIntent?: (job: Job) => void;
}) {
  const Icon = isCodeRole(job.title) ? Code : Briefcase;
  const investors = investorsOf(job);
  return (
    <article
      onMouseEnter={() => onIntent?.(job)}
      style={{ '--delay': animationDelay(index) } as CSSProperties}
      className={cn(
        'group relative flex rounded-xl border border-line bg-white p-4 shadow-xs transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md',
        'animate-fade-up [animation-delay:var(--delay)] motion-reduce:animate-none',
        layout === 'grid' ? 'h-full flex-col gap-3' : 'flex-col gap-3 sm:flex-row sm:items-start sm:gap-4',
      )}
    >
      <div className="flex shrink-0 items-center gap-3">
        <CompanyLogo src={job.logo} eager={index < eagerLogos} />
      </div>
      <div className="min-w-0 flex-1 pr-10">
        <h3 className="flex items-start gap-2 text-base font-semibold text-ink">
          <Icon aria-hidden="true" className="mt-1 size-4 shrink-0 text-brand-600" />
          <Link
            to={`/job/${encodeURIComponent(job.id)}`}
            onFocus={() => onIntent?.(job)}
            className="outline-none after:absolute after:inset-0 after:rounded-xl after:content-['']"
          >
            {job.title || 'Untitled role'}
          </Link>
        </h3>
        <p className="mt-0.5 text-sm font-medium text-muted">{job.company}</p>
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
          <li className="flex items-center gap-1">
            <MapPin aria-hidden="true" className="size-3.5" />
            {whereLabel(job)}
          </li>
          <li className="flex items-center gap-1">
            <Briefcase aria-hidden="true" className="size-3.5" />
            {[job.type, job.workplaceType].filter(Boolean).join(' · ')}
          </li>
          <li className="font-medium text-ink">{job.salary || 'Salary not disclosed'}</li>
        </ul>
        <WhereBadges job={job} from={from} />
        {job.description ? (
          <p className={cn('mt-2 text-sm text-ink/80', layout === 'grid' ? 'line-clamp-3' : 'line-clamp-2')}>
            {job.description}
          </p>
        ) : null}
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
          <InvestorBadges investors={investors} />
          <p className="flex items-center gap-1 text-xs text-muted">
            <Calendar aria-hidden="true" className="size-3.5" />
            <PostedDate postedAt={job.postedAt} />
          </p>
        </div>
      </div>
      <SaveJobButton job={job} className="absolute top-3 right-3" />
    </article>
  );
}

export function JobCardPlaceholder({ layout }: { layout: 'list' | 'grid' }) {
  return (
    <div
      aria-hidden="true"
      className={cn('rounded-xl border border-line bg-white p-4', layout === 'grid' ? 'h-56' : 'h-36')}
    >
      <div className="flex animate-pulse gap-4 motion-reduce:animate-none">
        <div className="size-12 rounded-lg bg-surface" />
        <div className="flex-1 space-y-3">
          <div className="h-4 w-1/2 rounded bg-line" />
          <div className="h-3 w-1/3 rounded bg-surface" />
          <div className="h-3 w-5/6 rounded bg-surface" />
          <div className="h-3 w-2/3 rounded bg-surface" />
        </div>
      </div>
    </div>
  );
}
