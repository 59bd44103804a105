import type { Job } from '@board/shared/api/job';

/**
 * The filters issue 14 adds after the SPEC's four (filter-jobs.ts): location, workplace type
 * (several at once), job type, level and how recently the job was posted. '' (or an empty list)
 * disables a filter.
 */
export interface MoreFilters {
  location: string;
  workplaceTypes: WorkplaceType[];
  jobType: string;
  level: string;
  postedWithin: PostedWithin | '';
}

export const emptyMoreFilters: MoreFilters = {
  location: '',
  workplaceTypes: [],
  jobType: '',
  level: '',
  postedWithin: '',
};

export const workplaceTypes = ['Remote', 'Hybrid', 'On-site'] as const;
export type WorkplaceType = (typeof workplaceTypes)[number];

const hour = 3_600_000;
export const postedWithinOptions = [
  { value: '24h', label: 'Last 24 hours', ms: 24 * hour },
  { value: '7d', label: 'Last 7 days', ms: 7 * 24 * hour },
  { value: '30d', label: 'Last 30 days', ms: 30 * 24 * hour },
] as const;
export type PostedWithin = (typeof postedWithinOptions)[number]['value'];

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Location: case-insensitive 'contains' ('london' matches 'London', 'remote' matches 'Remote (EU)'). */
export function matchesLocation(job: Pick<Job, 'location'>, location: string): boolean {
  const wanted = location.trim().toLowerCase();
  return wanted === '' || job.location.toLowerCase().includes(wanted);
}

/** Workplace type: any of the chosen ones; none chosen disables the filter. */
export function matchesWorkplace(job: Pick<Job, 'workplaceType'>, chosen: readonly string[]): boolean {
  return chosen.length === 0 || chosen.some((type) => same(type, job.workplaceType));
}

/** Job type and level: exactly the chosen value, in any case. */
export function matchesValue(value: string, chosen: string): boolean {
  return chosen === '' || same(value, chosen);
}

/**
 * Posted within the period before `now`. A job with no date (shown as 'Recently') cannot be
 * shown to be that recent, so it is left out while the filter is on; a date in the future (a
 * clock ahead of ours) counts as just posted.
 */
export function isPostedWithin(postedAt: string | null, within: PostedWithin | '', now: number): boolean {
  if (within === '') return true;
  const period = postedWithinOptions.find((option) => option.value === within)?.ms ?? Number.POSITIVE_INFINITY;
  if (!postedAt) return false;
  const time = Date.parse(postedAt);
  return !Number.isNaN(time) && now - time <= period;
}

export function refineJobs(jobs: Job[], filters: MoreFilters, now: number): Job[] {
  if (!isMoreFilterActive(filters)) return jobs;
  return jobs.filter(
    (job) =>
      matchesLocation(job, filters.location) &&
      matchesWorkplace(job, filters.workplaceTypes) &&
      matchesValue(job.type, filters.jobType) &&
      matchesValue(job.level, filters.level) &&
      isPostedWithin(job.postedAt, filters.postedWithin, now),
  );
}

export function isMoreFilterActive(filters: MoreFilters): boolean {
  return countMoreFilters(filters) > 0;
}

/** How many of these filters are on (for the 'Filters' button on small screens). */
export function countMoreFilters(filters: MoreFilters): number {
  return [
    filters.location.trim() !== '',
    filters.workplaceTypes.length > 0,
    filters.jobType !== '',
    filters.level !== '',
    filters.postedWithin !== '',
  ].filter(Boolean).length;
}

/**
 * The distinct non-empty values the jobs have, for a select or a datalist: the known ones in
 * their natural order first (Junior before Senior), then any others alphabetically.
 */
export function optionsOf(values: string[], order: readonly string[] = []): string[] {
  const present = [...new Set(values.map((value) => value.trim()).filter(Boolean))];
  const rank = (value: string) => {
    const index = order.indexOf(value);
    return index === -1 ? order.length : index;
  };
  return present.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

export const jobTypeOrder = ['Full-time', 'Part-time', 'Contract', 'Internship'];
export const levelOrder = ['Intern', 'Junior', 'Mid-level', 'Senior', 'Lead', 'Staff', 'Principal'];

/** The filters from the query string (?location=&workplace=Remote,Hybrid&type=&level=&posted=7d). */
export function moreFiltersFromParams(params: URLSearchParams): MoreFilters {
  const chosen = params.getAll('workplace').join(',').split(',');
  const posted = params.get('posted') ?? '';
  return {
    location: params.get('location') ?? '',
    workplaceTypes: workplaceTypes.filter((type) => chosen.some((value) => same(value, type))),
    jobType: params.get('type') ?? '',
    level: params.get('level') ?? '',
    postedWithin: postedWithinOptions.find((option) => option.value === posted)?.value ?? '',
  };
}

/** The query-string entries for changed filters; undefined removes a parameter. */
export function moreFiltersToParams(changes: Partial<MoreFilters>): Record<string, string | undefined> {
  const entries: Record<string, string | undefined> = {};
  if ('location' in changes) entries.location = changes.location || undefined;
  if ('workplaceTypes' in changes) entries.workplace = changes.workplaceTypes?.join(',') || undefined;
  if ('jobType' in changes) entries.type = changes.jobType || undefined;
  if ('level' in changes) entries.level = changes.level || undefined;
  if ('postedWithin' in changes) entries.posted = changes.postedWithin || undefined;
  return entries;
}

export const moreFilterParams = ['location', 'workplace', 'type', 'level', 'posted'] as const;
