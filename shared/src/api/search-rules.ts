import type { Job } from '@board/shared/api/job';
import type { BoardFacets } from '@board/shared/api/job-page';
import { type JobSearch, type JobSort, type PostedWithin, postedWithinMs, same } from '@board/shared/api/job-search';
import type { FacetCount } from '@board/shared/api/page-bodies';
import { eligibleFrom } from '@board/shared/places/eligibility';
import type { WorkFromAnswer } from '@board/shared/places/types';

/**
 * The board's search rules over jobs as displayed: the SPEC's client-side filtering (section 5)
 * and the extra filters, the sort and the facets. The API runs the same rules in SQL; these run
 * them over a whole list, when the API answers call 1 as the SPEC states it (every job) and for a
 * company's jobs (call 5 takes no filter). Pure functions, one per rule.
 */

/** The first number in a salary text, in thousands ('85k - 120k GBP' -> 85); null when none. */
export function firstSalaryNumber(salary: string): number | null {
  const match = /\d+(?:\.\d+)?/.exec(salary.replace(/,/g, ''));
  return match ? Number(match[0]) : null;
}

/** Title: case-insensitive 'contains' ('' = any). */
export function matchesTitle(job: Pick<Job, 'title'>, title: string): boolean {
  return title === '' || job.title.toLowerCase().includes(title.toLowerCase());
}

/** Investor: named in investors.all or investors.lastRound ('' = any). */
export function matchesInvestor(job: Pick<Job, 'investors'>, investor: string): boolean {
  return investor === '' || job.investors.all.includes(investor) || job.investors.lastRound.includes(investor);
}

/** Salary: the first number of the salary text within the bounds; a job without one is never excluded. */
export function matchesSalary(job: Pick<Job, 'salary'>, search: Pick<JobSearch, 'salaryMinK' | 'salaryMaxK'>): boolean {
  const salary = firstSalaryNumber(job.salary);
  if (salary === null) return true;
  if (search.salaryMinK !== undefined && salary < search.salaryMinK) return false;
  return search.salaryMaxK === undefined || salary <= search.salaryMaxK;
}

/** Location: case-insensitive 'contains' on the location as shown ('remote' matches 'Remote (EU)'). */
export function matchesLocation(job: Pick<Job, 'location'>, location: string): boolean {
  return location === '' || job.location.toLowerCase().includes(location.toLowerCase());
}

/** Workplace type: any of the chosen ones; none chosen disables the filter. */
export function matchesWorkplace(job: Pick<Job, 'workplaceType'>, chosen: readonly string[]): boolean {
  return chosen.length === 0 || chosen.some((type) => same(type, job.workplaceType));
}

/** Job type and level: exactly the chosen value, in any case ('' = any). */
export function matchesValue(value: string, chosen: string): boolean {
  return chosen === '' || same(value, chosen);
}

/**
 * Posted within the period before `now`. A job with no date (shown as 'Recently') cannot be shown
 * to be that recent, so it is left out while the filter is on; a date in the future (a clock ahead
 * of ours) counts as just posted.
 */
export function isPostedWithin(postedAt: string | null, within: PostedWithin | '', now: number): boolean {
  if (within === '') return true;
  if (!postedAt) return false;
  const time = Date.parse(postedAt);
  return !Number.isNaN(time) && now - time <= postedWithinMs[within];
}

/**
 * "I can work from" a country: 'yes' for a job with a place there or remote and open to it,
 * 'unknown' for a remote job that does not say from where (listed after the others), else 'no';
 * 'yes' for every job when no country is chosen. A job whose places were not read (another
 * platform's, read in the browser: see search-executor.ts) is 'no'.
 */
export function workFrom(job: Pick<Job, 'where'>, from: string): WorkFromAnswer {
  if (from === '') return 'yes';
  return job.where ? eligibleFrom(job.where, from) : 'no';
}

/** Visa sponsorship: only the jobs that say yes while the filter is on ('not stated' is not yes). */
export function matchesVisa(job: Pick<Job, 'visa'>, visa: boolean): boolean {
  return !visa || job.visa === 'yes';
}

/** Every filter of the search (not its sort); `now` is the time 'Posted within' counts back from. */
export function matchesSearch(job: Job, search: JobSearch, now: number): boolean {
  return (
    matchesTitle(job, search.title) &&
    matchesInvestor(job, search.investor) &&
    matchesSalary(job, search) &&
    matchesLocation(job, search.location) &&
    matchesWorkplace(job, search.workplaces) &&
    matchesValue(job.type, search.jobType) &&
    matchesValue(job.level, search.level) &&
    isPostedWithin(job.postedAt, search.postedWithin, now) &&
    workFrom(job, search.from) !== 'no' &&
    matchesVisa(job, search.visa) &&
    (search.ids === undefined || search.ids.includes(Number(job.id)))
  );
}

/** The top of a job's salary range (raw amount); null when the salary is not disclosed. */
export function topSalary(job: Pick<Job, 'salaryMin' | 'salaryMax'>): number | null {
  const top = Math.max(job.salaryMin ?? 0, job.salaryMax ?? 0);
  return top > 0 ? top : null;
}

function postedTime(job: Pick<Job, 'postedAt'>): number | null {
  const time = job.postedAt ? Date.parse(job.postedAt) : Number.NaN;
  return Number.isNaN(time) ? null : time;
}

/** Larger first, nulls last; equal keys keep their order (Array.prototype.sort is stable). */
function descending(x: number | null, y: number | null): number {
  if (x === y) return 0;
  if (x === null) return 1;
  if (y === null) return -1;
  return y - x;
}

/**
 * 'newest': by posted date, newest first, undated jobs last (the API's own order, kept among
 * equals). 'salary': by the top of the range, high to low, undisclosed last, newest first among
 * equals. With a country to work from, the remote jobs that do not say from where come after all
 * the others, in the same order among themselves. Keys are computed once per job; `jobs` is never
 * mutated.
 */
export function sortJobs(jobs: Job[], sort: JobSort, from = ''): Job[] {
  return jobs
    .map((job) => ({
      job,
      unstated: from !== '' && workFrom(job, from) === 'unknown' ? 1 : 0,
      time: postedTime(job),
      salary: sort === 'salary' ? topSalary(job) : null,
    }))
    .sort((a, b) => a.unstated - b.unstated || descending(a.salary, b.salary) || descending(a.time, b.time))
    .map(({ job }) => job);
}

/** The jobs of a search, in its order. */
export function searchJobs(jobs: Job[], search: JobSearch, now: number): Job[] {
  return sortJobs(
    jobs.filter((job) => matchesSearch(job, search, now)),
    search.sort,
    search.from,
  );
}

function counts(values: string[]): FacetCount[] {
  const found = new Map<string, number>();
  for (const value of values) if (value.trim() !== '') found.set(value.trim(), (found.get(value.trim()) ?? 0) + 1);
  return [...found]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
}

/**
 * What the filter panel offers over a whole list, as the API counts it over the board: the
 * investors (by name), the lowest and highest first salary number, and the values of the others.
 */
export function facetsOf(jobs: Job[]): BoardFacets {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const job of jobs) {
    const salary = firstSalaryNumber(job.salary);
    if (salary === null) continue;
    min = Math.min(min, salary);
    max = Math.max(max, salary);
  }
  return {
    investors: counts(jobs.flatMap((job) => [...new Set([...job.investors.all, ...job.investors.lastRound])])).sort(
      (a, b) => a.value.localeCompare(b.value),
    ),
    salaryK: Number.isFinite(min) ? { min, max } : null,
    jobTypes: counts(jobs.map((job) => job.type)),
    levels: counts(jobs.map((job) => job.level)),
    workplaceTypes: counts(jobs.map((job) => job.workplaceType)),
    locations: counts(jobs.map((job) => job.location)).slice(0, 200),
  };
}
