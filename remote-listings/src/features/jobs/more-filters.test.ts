import { describe, expect, it } from 'vitest';
import { createJob } from '../../test/create-job';
import {
  countMoreFilters,
  emptyMoreFilters,
  isPostedWithin,
  levelOrder,
  type MoreFilters,
  matchesLocation,
  matchesValue,
  matchesWorkplace,
  moreFiltersFromParams,
  moreFiltersToParams,
  optionsOf,
  refineJobs,
} from './more-filters';

const now = Date.parse('2026-03-10T12:00:00Z');
const jobs = [
  createJob({
    id: 'a',
    location: 'London',
    workplace_type: 'Remote',
    job_type: 'Full-time',
    level: 'Senior',
    posted_date: '2026-03-10T08:00:00Z',
  }),
  createJob({
    id: 'b',
    location: 'Remote (EU)',
    workplace_type: 'Hybrid',
    job_type: 'Contract',
    level: 'Junior',
    posted_date: '2026-03-05T12:00:00Z',
  }),
  createJob({
    id: 'c',
    location: 'Berlin',
    workplace_type: 'On-site',
    job_type: 'Full-time',
    level: '',
    posted_date: '2026-02-01T00:00:00Z',
  }),
  createJob({
    id: 'd',
    location: 'New London',
    workplace_type: '',
    job_type: 'Part-time',
    level: 'Lead',
    posted_date: null,
  }),
];
const ids = (list: typeof jobs) => list.map((job) => job.id);

describe('refineJobs', () => {
  it.each<[string, Partial<MoreFilters>, string[]]>([
    ['no filter', {}, ['a', 'b', 'c', 'd']],
    ['location contains, any case', { location: 'LONDON' }, ['a', 'd']],
    ['location typed with spaces', { location: ' berlin ' }, ['c']],
    ['one workplace type', { workplaceTypes: ['Remote'] }, ['a']],
    ['several workplace types at once', { workplaceTypes: ['Remote', 'On-site'] }, ['a', 'c']],
    ['job type', { jobType: 'Full-time' }, ['a', 'c']],
    ['level', { level: 'Junior' }, ['b']],
    ['posted within 24 hours', { postedWithin: '24h' }, ['a']],
    ['posted within 7 days: exactly 5 days ago is in', { postedWithin: '7d' }, ['a', 'b']],
    ['posted within 30 days: undated left out', { postedWithin: '30d' }, ['a', 'b']],
    [
      'remote, full-time, posted this week',
      { workplaceTypes: ['Remote'], jobType: 'Full-time', postedWithin: '7d' },
      ['a'],
    ],
  ])('%s', (_case, filters, expected) => {
    expect(ids(refineJobs(jobs, { ...emptyMoreFilters, ...filters }, now))).toEqual(expected);
  });
});

describe('matchesLocation', () => {
  it.each([
    ['London', '', true],
    ['London', 'lon', true],
    ['Remote (EU)', 'remote', true],
    ['Berlin', 'London', false],
  ])('%j with %j -> %s', (location, wanted, expected) => {
    expect(matchesLocation({ location }, wanted)).toBe(expected);
  });
});

describe('matchesWorkplace', () => {
  it.each<[string, string[], boolean]>([
    ['Remote', [], true],
    ['Remote', ['Remote'], true],
    ['remote', ['Remote'], true],
    ['Hybrid', ['Remote', 'On-site'], false],
    ['', ['Remote'], false],
  ])('%j in %j -> %s', (type, chosen, expected) => {
    expect(matchesWorkplace({ workplaceType: type }, chosen)).toBe(expected);
  });
});

describe('matchesValue (job type, level)', () => {
  it.each([
    ['Full-time', '', true],
    ['Full-time', 'Full-time', true],
    ['full-time', 'Full-time', true],
    ['Part-time', 'Full-time', false],
    ['', 'Senior', false],
  ])('%j for %j -> %s', (value, chosen, expected) => {
    expect(matchesValue(value, chosen)).toBe(expected);
  });
});

describe('isPostedWithin', () => {
  const hoursAgo = (hours: number) => new Date(now - hours * 3_600_000).toISOString();
  it.each([
    [hoursAgo(1), '', true],
    [null, '', true],
    [null, '24h', false],
    ['not a date', '7d', false],
    [hoursAgo(23), '24h', true],
    [hoursAgo(24), '24h', true],
    [hoursAgo(25), '24h', false],
    [hoursAgo(6 * 24), '7d', true],
    [hoursAgo(8 * 24), '7d', false],
    [hoursAgo(29 * 24), '30d', true],
    [hoursAgo(31 * 24), '30d', false],
    [hoursAgo(-2), '24h', true],
  ] as const)('%j within %j -> %s', (postedAt, within, expected) => {
    expect(isPostedWithin(postedAt, within, now)).toBe(expected);
  });
});

describe('countMoreFilters', () => {
  it.each<[Partial<MoreFilters>, number]>([
    [{}, 0],
    [{ location: '  ' }, 0],
    [{ location: 'London' }, 1],
    [{ workplaceTypes: ['Remote', 'Hybrid'] }, 1],
    [{ workplaceTypes: ['Remote'], jobType: 'Full-time', level: 'Senior', postedWithin: '7d', location: 'x' }, 5],
  ])('%j -> %d', (filters, expected) => {
    expect(countMoreFilters({ ...emptyMoreFilters, ...filters })).toBe(expected);
  });
});

describe('optionsOf', () => {
  it('lists each value once, known ones in their order, then the rest alphabetically', () => {
    expect(optionsOf(['Senior', '', 'Junior', 'Wizard', 'Senior', ' Lead ', 'Apprentice'], levelOrder)).toEqual([
      'Junior',
      'Senior',
      'Lead',
      'Apprentice',
      'Wizard',
    ]);
  });
});

describe('the query string', () => {
  it.each<[string, MoreFilters]>([
    ['', emptyMoreFilters],
    [
      'location=London&workplace=Remote,On-site&type=Full-time&level=Senior&posted=7d',
      {
        location: 'London',
        workplaceTypes: ['Remote', 'On-site'],
        jobType: 'Full-time',
        level: 'Senior',
        postedWithin: '7d',
      },
    ],
    ['workplace=on-site,moon,remote&posted=1y', { ...emptyMoreFilters, workplaceTypes: ['Remote', 'On-site'] }],
  ])('%j', (query, filters) => {
    expect(moreFiltersFromParams(new URLSearchParams(query))).toEqual(filters);
  });

  it('writes changed filters and removes cleared ones', () => {
    expect(moreFiltersToParams({ workplaceTypes: ['Remote', 'Hybrid'], postedWithin: '24h' })).toEqual({
      workplace: 'Remote,Hybrid',
      posted: '24h',
    });
    expect(moreFiltersToParams({ location: '', workplaceTypes: [], jobType: '', level: '', postedWithin: '' })).toEqual(
      {
        location: undefined,
        workplace: undefined,
        type: undefined,
        level: undefined,
        posted: undefined,
      },
    );
  });
});
