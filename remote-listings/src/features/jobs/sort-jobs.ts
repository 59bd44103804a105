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
function byDescending<T>(key: (item: T) => number | null) {
  return (a: T, b: T) => {
    const x = key(a);
    const y = key(b);
    if (x === y) return 0;
    if (x === null) return 1;
    if (y === null) return -1;
    return y - x;
  };
}

/**
 * 'newest': by posted date, newest first, undated jobs last (the API already sends this order,
 * so the board looks as it always has). 'salary': by the top of the range, high to low,
 * undisclosed last, newest first among equals. Never mutates `jobs`.
 */
export function sortJobs(jobs: Job[], sort: JobSort): Job[] {
  const newest = [...jobs].sort(byDescending(postedTime));
  return sort === 'salary' ? newest.sort(byDescending(topSalary)) : newest;
}
