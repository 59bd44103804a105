import type { Job } from '@board/shared/api/job';

/** Issue 14: newest first (the default, the board's own order) or salary high to low. */
export const sortOptions = [
  { value: 'newest', label: 'Newest first' },
  { value: 'salary', label: 'Salary: high to low' },
] as const;
export type JobSort = (typeof sortOptions)[number]['value'];

export function parseSort(value: string | null): JobSort {
  return value === 'salary' ? 'salary' : 'newest';
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
 * 'newest': by posted date, newest first, undated jobs last (the API already sends this order,
 * so the board looks as it always has). 'salary': by the top of the range, high to low,
 * undisclosed last, newest first among equals. Keys are computed once per job (a board can hold
 * thousands); `jobs` is never mutated.
 */
export function sortJobs(jobs: Job[], sort: JobSort): Job[] {
  return jobs
    .map((job) => ({ job, time: postedTime(job), salary: sort === 'salary' ? topSalary(job) : null }))
    .sort((a, b) => descending(a.salary, b.salary) || descending(a.time, b.time))
    .map(({ job }) => job);
}
