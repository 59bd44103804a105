import type { Job } from '@board/shared/api/job';

/** Filter state (SPEC section 3): salary bounds in thousands; undefined = no bound. */
export interface JobFilters {
  jobTitle: string;
  investor: string;
  minSalary: number | undefined;
  maxSalary: number | undefined;
}

export const emptyFilters: JobFilters = { jobTitle: '', investor: 'all', minSalary: undefined, maxSalary: undefined };

/** The first number in a salary text, in thousands ('85k - 120k GBP' -> 85); null when none. */
export function firstSalaryNumber(salary: string): number | null {
  const match = /\d+(?:\.\d+)?/.exec(salary.replace(/,/g, ''));
  return match ? Number(match[0]) : null;
}

/**
 * SPEC section 5: title contains (case-insensitive); investor in investors.all or lastRound
 * ('all' disables it); the first salary number within the bounds, jobs with no parseable salary
 * never excluded.
 */
export function filterJobs(jobs: Job[], filters: JobFilters): Job[] {
  return filterIndex(indexJobs(jobs), filters);
}

/** What filtering needs of each job, computed once per list (not once per keystroke). */
export interface IndexedJob {
  job: Job;
  title: string;
  salary: number | null;
}

export function indexJobs(jobs: Job[]): IndexedJob[] {
  return jobs.map((job) => ({ job, title: job.title.toLowerCase(), salary: firstSalaryNumber(job.salary) }));
}

export function filterIndex(index: IndexedJob[], filters: JobFilters): Job[] {
  const title = filters.jobTitle.trim().toLowerCase();
  const result: Job[] = [];
  for (const { job, title: jobTitle, salary } of index) {
    if (title && !jobTitle.includes(title)) continue;
    const investor = filters.investor;
    if (investor !== 'all' && !job.investors.all.includes(investor) && !job.investors.lastRound.includes(investor))
      continue;
    if (salary !== null) {
      if (filters.minSalary !== undefined && salary < filters.minSalary) continue;
      if (filters.maxSalary !== undefined && salary > filters.maxSalary) continue;
    }
    result.push(job);
  }
  return result;
}

/** The lowest and highest salary (first number, in thousands) among the jobs; null when none has one. */
export function salaryBounds(jobs: Job[]): { min: number; max: number } | null {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const job of jobs) {
    const salary = firstSalaryNumber(job.salary);
    if (salary === null) continue;
    min = Math.min(min, salary);
    max = Math.max(max, salary);
  }
  return Number.isFinite(min) ? { min, max } : null;
}

/** Every investor named by the jobs, sorted, for the Investor select. */
export function investorOptions(jobs: Job[]): string[] {
  const names = new Set<string>();
  for (const job of jobs) for (const name of [...job.investors.all, ...job.investors.lastRound]) names.add(name);
  return [...names].sort((a, b) => a.localeCompare(b));
}

/** A number input's value: undefined when empty, and non-numeric input ignored (undefined). */
export function parseSalaryInput(value: string): number | undefined {
  if (value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/** True when the filters differ from the reset state (title '', investor 'all', salary = bounds). */
export function isFilterActive(filters: JobFilters, bounds: { min: number; max: number } | null): boolean {
  return (
    filters.jobTitle.trim() !== '' ||
    filters.investor !== 'all' ||
    (filters.minSalary !== undefined && filters.minSalary !== bounds?.min) ||
    (filters.maxSalary !== undefined && filters.maxSalary !== bounds?.max)
  );
}

/** How many of the SPEC's filters are on (title, investor, salary), for the 'Filters' button. */
export function countFilters(filters: JobFilters, bounds: { min: number; max: number } | null): number {
  return [
    filters.jobTitle.trim() !== '',
    filters.investor !== 'all',
    (filters.minSalary !== undefined && filters.minSalary !== bounds?.min) ||
      (filters.maxSalary !== undefined && filters.maxSalary !== bounds?.max),
  ].filter(Boolean).length;
}

/** The skill icon: a code icon for developer, engineer or programmer titles. */
export function isCodeRole(title: string): boolean {
  return /developer|engineer|programmer/i.test(title);
}
