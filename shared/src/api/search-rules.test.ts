import { describe, expect, it } from 'vitest';
import { parseJob } from './job';
import { emptyJobSearch, type JobSearch } from './job-search';
import {
  facetsOf,
  firstSalaryNumber,
  isPostedWithin,
  matchesLocation,
  matchesValue,
  matchesWorkplace,
  searchJobs,
  sortJobs,
  topSalary,
} from './search-rules';

const now = Date.parse('2026-03-10T12:00:00Z');
const job = (fields: Record<string, unknown>) =>
  parseJob({ title: 'Role', posted_date: '2026-03-01T00:00:00Z', investors: null, ...fields });
const ids = (list: { id: string }[]) => list.map((each) => each.id);

/** The SPEC's filter table (section 5): title, investor, salary. */
const spec = [
  job({
    id: 'a',
    title: 'Senior Frontend Developer',
    salary_min: 60000,
    salary_max: 80000,
    investors: { all: ['Accel', 'Index'], last_round: [] },
  }),
  job({
    id: 'b',
    title: 'Product Designer',
    salary_min: 120000,
    salary_max: 150000,
    investors: { all: [], last_round: ['Seedcamp'] },
  }),
  job({
    id: 'c',
    title: 'Data Scientist',
    salary_min: null,
    salary_max: null,
    investors: { all: ['Accel'], last_round: ['Accel'] },
  }),
  job({ id: 'd', title: 'Backend engineer', salary_min: null, salary_max: 95000 }),
  job({ id: 'e', title: 'Ops', salary_min: 1_200_000, salary_max: null }),
];

/** The extra filters' table: location, workplace, job type, level, posted within. */
const more = [
  job({
    id: 'a',
    location: 'London',
    workplace_type: 'Remote',
    job_type: 'Full-time',
    level: 'Senior',
    posted_date: '2026-03-10T08:00:00Z',
  }),
  job({
    id: 'b',
    location: 'Remote (EU)',
    workplace_type: 'Hybrid',
    job_type: 'Contract',
    level: 'Junior',
    posted_date: '2026-03-05T12:00:00Z',
  }),
  job({
    id: 'c',
    location: 'Berlin',
    workplace_type: 'On-site',
    job_type: 'Full-time',
    level: '',
    posted_date: '2026-02-01T00:00:00Z',
  }),
  job({ id: 'd', location: 'New London', workplace_type: '', job_type: 'Part-time', level: 'Lead', posted_date: null }),
];

describe('searchJobs: the SPEC filters', () => {
  it.each<[string, Partial<JobSearch>, string[]]>([
    ['no filter', {}, ['a', 'b', 'c', 'd', 'e']],
    ['title contains, any case', { title: 'DEVELOPER' }, ['a']],
    ['investor in all', { investor: 'Index' }, ['a']],
    ['investor in last round', { investor: 'Seedcamp' }, ['b']],
    ['investor in both lists', { investor: 'Accel' }, ['a', 'c']],
    ['minimum: below excluded, no salary kept', { salaryMinK: 90 }, ['b', 'c', 'd', 'e']],
    ['minimum 100k drops a 90k job', { salaryMinK: 100 }, ['b', 'c', 'e']],
    ['maximum: above excluded', { salaryMaxK: 100 }, ['a', 'c', 'd']],
    ['both bounds', { salaryMinK: 61, salaryMaxK: 120 }, ['b', 'c', 'd']],
    ['bound equal to the salary keeps it', { salaryMinK: 60, salaryMaxK: 60 }, ['a', 'c']],
    ['commas removed before reading the number', { salaryMinK: 1000 }, ['c', 'e']],
    ['all filters', { title: 'scientist', investor: 'Accel', salaryMinK: 500 }, ['c']],
    ['ids', { ids: [2] }, []],
  ])('%s', (_case, search, expected) => {
    expect(ids(searchJobs(spec, { ...emptyJobSearch, ...search }, now))).toEqual(expected);
  });
});

describe('searchJobs: the extra filters', () => {
  it.each<[string, Partial<JobSearch>, string[]]>([
    ['location contains, any case', { location: 'LONDON' }, ['a', 'd']],
    ['one workplace type', { workplaces: ['Remote'] }, ['a']],
    ['several workplace types at once', { workplaces: ['Remote', 'On-site'] }, ['a', 'c']],
    ['job type', { jobType: 'Full-time' }, ['a', 'c']],
    ['level', { level: 'Junior' }, ['b']],
    ['posted within 24 hours', { postedWithin: '24h' }, ['a']],
    ['posted within 7 days: exactly 5 days ago is in', { postedWithin: '7d' }, ['a', 'b']],
    ['posted within 30 days: undated left out', { postedWithin: '30d' }, ['a', 'b']],
    [
      'remote, full-time, posted this week',
      { workplaces: ['Remote'], jobType: 'Full-time', postedWithin: '7d' },
      ['a'],
    ],
  ])('%s', (_case, search, expected) => {
    expect(ids(searchJobs(more, { ...emptyJobSearch, ...search }, now))).toEqual(expected);
  });
});

describe('the rules one by one', () => {
  it.each([
    ['60k - 80k GBP', 60],
    ['Up to 95k', 95],
    ['From 1,200k', 1200],
    ['', null],
    ['Competitive', null],
  ])('firstSalaryNumber(%j) -> %j', (text, expected) => {
    expect(firstSalaryNumber(text)).toBe(expected);
  });

  it.each([
    ['London', '', true],
    ['London', 'lon', true],
    ['Remote (EU)', 'remote', true],
    ['Berlin', 'London', false],
  ])('matchesLocation(%j, %j) -> %s', (location, wanted, expected) => {
    expect(matchesLocation({ location }, wanted)).toBe(expected);
  });

  it.each<[string, string[], boolean]>([
    ['Remote', [], true],
    ['remote', ['Remote'], true],
    ['Hybrid', ['Remote', 'On-site'], false],
    ['', ['Remote'], false],
  ])('matchesWorkplace(%j, %j) -> %s', (workplaceType, chosen, expected) => {
    expect(matchesWorkplace({ workplaceType }, chosen)).toBe(expected);
  });

  it.each([
    ['Full-time', '', true],
    ['full-time', 'Full-time', true],
    ['Part-time', 'Full-time', false],
    ['', 'Senior', false],
  ])('matchesValue(%j, %j) -> %s', (value, chosen, expected) => {
    expect(matchesValue(value, chosen)).toBe(expected);
  });

  const hoursAgo = (hours: number) => new Date(now - hours * 3_600_000).toISOString();
  it.each([
    [hoursAgo(1), '', true],
    [null, '', true],
    [null, '24h', false],
    ['not a date', '7d', false],
    [hoursAgo(24), '24h', true],
    [hoursAgo(25), '24h', false],
    [hoursAgo(6 * 24), '7d', true],
    [hoursAgo(8 * 24), '7d', false],
    [hoursAgo(29 * 24), '30d', true],
    [hoursAgo(31 * 24), '30d', false],
    [hoursAgo(-2), '24h', true],
  ] as const)('isPostedWithin(%j, %j) -> %s', (postedAt, within, expected) => {
    expect(isPostedWithin(postedAt, within, now)).toBe(expected);
  });

  it.each([
    [{ salaryMin: 60_000, salaryMax: 80_000 }, 80_000],
    [{ salaryMin: null, salaryMax: 95_000 }, 95_000],
    [{ salaryMin: 0, salaryMax: 0 }, null],
    [{ salaryMin: null, salaryMax: null }, null],
  ])('topSalary(%j) -> %j', (salary, expected) => {
    expect(topSalary(salary)).toBe(expected);
  });
});

describe('sortJobs', () => {
  const jobs = [
    job({ id: 'old-rich', posted_date: '2026-01-01T00:00:00Z', salary_min: 150_000, salary_max: 200_000 }),
    job({ id: 'new-none', posted_date: '2026-01-09T00:00:00Z', salary_min: null, salary_max: null }),
    job({ id: 'undated', posted_date: null, salary_min: 90_000, salary_max: null }),
    job({ id: 'mid-upto', posted_date: '2026-01-05T00:00:00Z', salary_min: null, salary_max: 200_000 }),
    job({ id: 'mid-zero', posted_date: '2026-01-04T00:00:00Z', salary_min: 0, salary_max: 0 }),
  ];
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

describe('facetsOf', () => {
  it('counts the whole list: investors by name, the salary bounds, the values of the others', () => {
    const facets = facetsOf([...spec, ...more]);
    expect(facets.investors.map((entry) => entry.value)).toEqual(['Accel', 'Index', 'Seedcamp']);
    expect(facets.investors[0]).toEqual({ value: 'Accel', count: 2 });
    expect(facets.salaryK).toEqual({ min: 60, max: 1200 });
    expect(facets.levels).toEqual([
      { value: 'Junior', count: 1 },
      { value: 'Lead', count: 1 },
      { value: 'Senior', count: 1 },
    ]);
    expect(facetsOf([job({ salary_min: null, salary_max: null })]).salaryK).toBeNull();
  });
});
