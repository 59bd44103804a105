/**
 * The board's search as call 1 runs it in the database (api/README.md, "Call 1"): the SPEC's
 * filters (section 5), the extra filters, the sort and a saved-jobs id list. One model for the
 * browser, the shell's server, the API and the tests; job-search-query.ts is its URL codec, so
 * they all build and read the same URL.
 */
export interface JobSearch {
  /** Case-insensitive 'contains' on the title; '' = any. */
  title: string;
  /** An investor named in investors.all or investors.last_round; '' = any. */
  investor: string;
  /** Bounds (thousands) on the first number of the salary text; a job without one is never excluded. */
  salaryMinK?: number;
  salaryMaxK?: number;
  /** Case-insensitive 'contains' on the location as shown ('Remote' when blank); '' = any. */
  location: string;
  /** Any of these; none = any. */
  workplaces: WorkplaceType[];
  /** Case-insensitive equality with the job type as shown ('Full-time' when blank); '' = any. */
  jobType: string;
  /** Case-insensitive equality with the level; '' = any. */
  level: string;
  /** Posted within this period before now; a job with no date is left out while it is on. */
  postedWithin: '' | PostedWithin;
  /**
   * "I can work from": a country (ISO 3166-1 alpha-2, upper case); '' = anywhere. Jobs with a place
   * there, and remote jobs open to it, first; remote jobs that do not say from where after them.
   */
  from: string;
  /** Only jobs that say they sponsor a work visa ('not stated' is not 'yes'). */
  visa: boolean;
  sort: JobSort;
  /** Only these jobs (the saved-jobs page): 1 to `maxIds` ids. */
  ids?: number[];
}

export const workplaceTypes = ['Remote', 'Hybrid', 'On-site'] as const;
export type WorkplaceType = (typeof workplaceTypes)[number];
export const postedWithinPeriods = ['24h', '7d', '30d'] as const;
export type PostedWithin = (typeof postedWithinPeriods)[number];
const hour = 3_600_000;
/** Each 'Posted within' period in milliseconds (the board's rules and the API's SQL count back this far). */
export const postedWithinMs: Record<PostedWithin, number> = {
  '24h': 24 * hour,
  '7d': 7 * 24 * hour,
  '30d': 30 * 24 * hour,
};
export const jobSorts = ['newest', 'salary'] as const;
export type JobSort = (typeof jobSorts)[number];

export const emptyJobSearch: JobSearch = {
  title: '',
  investor: '',
  location: '',
  workplaces: [],
  jobType: '',
  level: '',
  postedWithin: '',
  from: '',
  visa: false,
  sort: 'newest',
};

/** Equal as the board compares a filter's value with a job's: trimmed, in any case. */
export const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
