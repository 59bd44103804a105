import { describe, expect, it } from 'vitest';
import { createJob } from '../../test/create-job';
import { parseSort, sortJobs, topSalary } from './sort-jobs';

const jobs = [
  createJob({ id: 'old-rich', posted_date: '2026-01-01T00:00:00Z', salary_min: 150_000, salary_max: 200_000 }),
  createJob({ id: 'new-none', posted_date: '2026-01-09T00:00:00Z', salary_min: null, salary_max: null }),
  createJob({ id: 'undated', posted_date: null, salary_min: 90_000, salary_max: null }),
  createJob({ id: 'mid-upto', posted_date: '2026-01-05T00:00:00Z', salary_min: null, salary_max: 200_000 }),
  createJob({ id: 'mid-zero', posted_date: '2026-01-04T00:00:00Z', salary_min: 0, salary_max: 0 }),
];
const ids = (list: typeof jobs) => list.map((job) => job.id);

describe('sortJobs', () => {
  it.each([
    ['newest first, undated last', 'newest', ['new-none', 'mid-upto', 'mid-zero', 'old-rich', 'undated']],
    [
      'salary high to low by the top of the range, undisclosed last, newest first among equals',
      'salary',
      ['mid-upto', 'old-rich', 'undated', 'new-none', 'mid-zero'],
    ],
  ] as const)('%s', (_case, sort, expected) => {
    expect(ids(sortJobs(jobs, sort))).toEqual(expected);
  });

  it('leaves the given list as it was', () => {
    const before = ids(jobs);
    sortJobs(jobs, 'salary');
    expect(ids(jobs)).toEqual(before);
  });
});

describe('topSalary', () => {
  it.each([
    [{ salaryMin: 60_000, salaryMax: 80_000 }, 80_000],
    [{ salaryMin: 60_000, salaryMax: null }, 60_000],
    [{ salaryMin: null, salaryMax: 95_000 }, 95_000],
    [{ salaryMin: 0, salaryMax: 0 }, null],
    [{ salaryMin: null, salaryMax: null }, null],
  ])('%j -> %j', (job, expected) => {
    expect(topSalary(job)).toBe(expected);
  });
});

describe('parseSort', () => {
  it.each([
    [null, 'newest'],
    ['', 'newest'],
    ['salary', 'salary'],
    ['price', 'newest'],
  ])('%j -> %j', (value, expected) => {
    expect(parseSort(value)).toBe(expected);
  });
});
