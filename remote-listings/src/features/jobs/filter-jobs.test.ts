import { describe, expect, it } from 'vitest';
import { createJob } from '../../test/create-job';
import {
  countFilters,
  emptyFilters,
  filterJobs,
  firstSalaryNumber,
  investorOptions,
  isCodeRole,
  isFilterActive,
  parseSalaryInput,
  salaryBounds,
} from './filter-jobs';

const jobs = [
  createJob({
    id: 'a',
    title: 'Senior Frontend Developer',
    salary_min: 60000,
    salary_max: 80000,
    salary_currency: 'GBP',
    investors: { all: ['Accel', 'Index'], last_round: [] },
  }),
  createJob({
    id: 'b',
    title: 'Product Designer',
    salary_min: 120000,
    salary_max: 150000,
    salary_currency: 'USD',
    investors: { all: [], last_round: ['Seedcamp'] },
  }),
  createJob({
    id: 'c',
    title: 'Data Scientist',
    salary_min: null,
    salary_max: null,
    investors: { all: ['Accel'], last_round: ['Accel'] },
  }),
  createJob({
    id: 'd',
    title: 'Backend engineer',
    salary_min: null,
    salary_max: 95000,
    salary_currency: '',
    investors: { all: [], last_round: [] },
  }),
  createJob({
    id: 'e',
    title: 'Ops',
    salary_min: 1_200_000,
    salary_max: null,
    salary_currency: '',
    investors: { all: [], last_round: [] },
  }),
];
const ids = (list: typeof jobs) => list.map((job) => job.id);

describe('filterJobs', () => {
  it.each([
    ['no filter', {}, ['a', 'b', 'c', 'd', 'e']],
    ['title contains, any case', { jobTitle: 'DEVELOPER' }, ['a']],
    ['title with spaces around', { jobTitle: '  engineer ' }, ['d']],
    ['investor in all', { investor: 'Index' }, ['a']],
    ['investor in last round', { investor: 'Seedcamp' }, ['b']],
    ['investor in both lists', { investor: 'Accel' }, ['a', 'c']],
    ['minimum: below excluded, no salary kept', { minSalary: 90 }, ['b', 'c', 'd', 'e']],
    ['maximum: above excluded', { maxSalary: 100 }, ['a', 'c', 'd']],
    ['both bounds', { minSalary: 61, maxSalary: 120 }, ['b', 'c', 'd']],
    ['bound equal to the salary keeps it', { minSalary: 60, maxSalary: 60 }, ['a', 'c']],
    ['commas removed before reading the number', { minSalary: 1000 }, ['c', 'e']],
    ['all filters', { jobTitle: 'scientist', investor: 'Accel', minSalary: 500 }, ['c']],
  ])('%s', (_case, filters, expected) => {
    expect(ids(filterJobs(jobs, { ...emptyFilters, ...filters }))).toEqual(expected);
  });
});

describe('firstSalaryNumber', () => {
  it.each([
    ['60k - 80k GBP', 60],
    ['Up to 95k', 95],
    ['From 1,200k', 1200],
    ['', null],
    ['Competitive', null],
  ])('%j -> %j', (text, expected) => {
    expect(firstSalaryNumber(text)).toBe(expected);
  });
});

describe('salaryBounds', () => {
  it('is the lowest and highest first number among the jobs', () => {
    expect(salaryBounds(jobs)).toEqual({ min: 60, max: 1200 });
    expect(salaryBounds([createJob({ salary_min: null, salary_max: null })])).toBeNull();
  });
});

describe('investorOptions', () => {
  it('lists every investor once, sorted', () => {
    expect(investorOptions(jobs)).toEqual(['Accel', 'Index', 'Seedcamp']);
  });
});

describe('parseSalaryInput', () => {
  it.each([
    ['', undefined],
    ['  ', undefined],
    ['abc', undefined],
    ['85', 85],
    ['85.5', 85.5],
  ])('%j -> %j', (value, expected) => {
    expect(parseSalaryInput(value)).toBe(expected);
  });
});

describe('isFilterActive', () => {
  const bounds = { min: 60, max: 150 };
  it.each([
    [{}, false],
    [{ minSalary: 60, maxSalary: 150 }, false],
    [{ jobTitle: ' ' }, false],
    [{ jobTitle: 'x' }, true],
    [{ investor: 'Accel' }, true],
    [{ minSalary: 70 }, true],
    [{ maxSalary: 100 }, true],
  ])('%j -> %s', (filters, active) => {
    expect(isFilterActive({ ...emptyFilters, ...filters }, bounds)).toBe(active);
  });
});

describe('countFilters', () => {
  const bounds = { min: 60, max: 150 };
  it.each([
    [{}, 0],
    [{ minSalary: 60, maxSalary: 150 }, 0],
    [{ jobTitle: 'x' }, 1],
    [{ minSalary: 70, maxSalary: 100 }, 1],
    [{ jobTitle: 'x', investor: 'Accel', maxSalary: 100 }, 3],
  ])('%j -> %d', (filters, count) => {
    expect(countFilters({ ...emptyFilters, ...filters }, bounds)).toBe(count);
  });
});

describe('isCodeRole', () => {
  it.each([
    ['Frontend Developer', true],
    ['Staff ENGINEER', true],
    ['Embedded Programmer', true],
    ['Product Designer', false],
    ['Data Scientist', false],
  ])('%j -> %s', (title, expected) => {
    expect(isCodeRole(title)).toBe(expected);
  });
});
