import type { Job } from '@board/shared/api/job';
import { workplaceLabel } from '@board/shared/places/labels';

/**
 * Where a job is, said plainly ('Remote · US only', 'On-site · Berlin, Germany', 'Hybrid · London,
 * United Kingdom +2 more'); a job whose location was not read (another platform's, in the browser)
 * shows its location as written.
 */
export function whereLabel(job: Job): string {
  const where = job.where;
  if (!where) return job.location;
  return (
    workplaceLabel(
      { workplaceType: job.workplaceType, places: where.places, remote: where.remote, location: job.location },
      (code) => where.countryNames[code] ?? code,
    ) || job.location
  );
}

/**
 * Whether a country search lists the job last: remote, not saying from where, and with no place in
 * the country (eligibleFrom's 'unknown', which needs no region's countries to tell).
 */
function unstatedFrom(job: Job, from: string): boolean {
  const where = job.where;
  if (from === '' || where === null || where.remote?.kind !== 'not-stated') return false;
  return !where.places.some((place) => place.country === from.toUpperCase());
}

/** Whether the card has a row of badges (WhereBadges). */
export const hasWhereBadges = (job: Job, from: string) => job.visa === 'yes' || unstatedFrom(job, from);

/** The card's badges: visa sponsorship where the job says yes (never a 'no' for 'not stated'), and the unstated mark. */
export function WhereBadges({ job, from }: { job: Job; from: string }) {
  const unstated = unstatedFrom(job, from);
  if (!hasWhereBadges(job, from)) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-2 text-xs font-medium">
      {job.visa === 'yes' ? (
        <li className="rounded-full bg-brand-50 px-2 py-0.5 text-brand-700">Visa sponsorship</li>
      ) : null}
      {unstated ? (
        <li className="rounded-full border border-line bg-surface px-2 py-0.5 text-muted">
          Remote: countries not stated
        </li>
      ) : null}
    </ul>
  );
}

const visaWords = { yes: 'Offered', no: 'Not offered', 'not-stated': 'Not stated' } as const;

/** The job page's line on sponsorship: 'Not stated' when the posting does not say. */
export const visaText = (job: Job) => `Visa sponsorship: ${visaWords[job.visa]}`;
