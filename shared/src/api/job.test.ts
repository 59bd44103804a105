import { describe, expect, it } from 'vitest';
import {
  fundingAmountText,
  hasEquity,
  isFundingAmountShown,
  parseJob,
  parseJobList,
  parseJobPage,
  postedDateText,
  salaryText,
  visibleBenefits,
} from './job';

describe('postedDateText', () => {
  it.each([
    ['2026-01-05T10:00:00.000Z', 'en-GB', '5 Jan 2026'],
    ['2026-01-05T10:00:00.000Z', 'en-US', 'Jan 5, 2026'],
    ['2025-12-31T12:00:00.000Z', 'de-DE', '31. Dez. 2025'],
  ])('shows %s as a local date in %s: %s', (postedAt, locale, text) => {
    expect(postedDateText(postedAt, locale)).toBe(text);
    expect(postedDateText(postedAt, locale)).toBe(text);
  });

  it("says 'Recently' without a date and 'Invalid Date' for an unreadable one", () => {
    expect(postedDateText(null)).toBe('Recently');
    expect(postedDateText('not a date', 'en-GB')).toBe('Invalid Date');
  });

  // The shell's server (Node, UTC) and a visitor's browser must write the same text, or hydration
  // fails: the board's locale and UTC, whatever the process's own.
  it.each(['Asia/Tokyo', 'America/Los_Angeles', 'UTC'])(
    'writes the same date in the time zone %s, in the board locale',
    (timeZone) => {
      const before = process.env.TZ;
      process.env.TZ = timeZone;
      try {
        expect(postedDateText('2026-01-05T23:30:00Z')).toBe('5 Jan 2026');
        expect(postedDateText('2026-01-05T00:30:00Z')).toBe('5 Jan 2026');
        expect(postedDateText('2025-03-14')).toBe('14 Mar 2025');
      } finally {
        if (before === undefined) delete process.env.TZ;
        else process.env.TZ = before;
      }
    },
  );
});

describe('salaryText', () => {
  it.each([
    [null, null, null, ''],
    [0, 0, 'USD', ''],
    [undefined, undefined, undefined, ''],
    [120000, 180000, null, '120k - 180k'],
    [120000, 180000, 'USD', '120k - 180k USD'],
    [85500, 120499, 'GBP', '86k - 120k GBP'],
    [85000, null, 'EUR', 'From 85k EUR'],
    [0, 95000, '', 'Up to 95k'],
    [-5, 0, 'USD', ''],
  ])('%j..%j %j -> %j', (min, max, currency, expected) => {
    expect(salaryText(min, max, currency)).toBe(expected);
  });
});

describe('funding amounts', () => {
  it.each([
    [null, ''],
    [undefined, ''],
    ['', ''],
    ['0', ''],
    [0, ''],
    ['undefined', ''],
    ['12M', '$12M'],
    [2500000, '$2500000'],
    ['$3M', '$3M'],
  ])('fundingAmountText(%j) -> %j', (raw, expected) => {
    expect(fundingAmountText(raw)).toBe(expected);
  });

  it.each([
    ['', false],
    ['$', false],
    ['$0', false],
    ['$undefined', false],
    ['$12M', true],
  ])('isFundingAmountShown(%j) -> %s', (textValue, shown) => {
    expect(isFundingAmountShown(textValue)).toBe(shown);
  });
});

describe('parseJob', () => {
  it('applies the defaults of SPEC section 3 to an empty job', () => {
    const job = parseJob({ id: 7 });
    expect(job).toMatchObject({
      id: '7',
      title: '',
      company: 'Unknown Company',
      location: 'Remote',
      salary: '',
      type: 'Full-time',
      postedAt: null,
      team: [],
      investors: { all: [], lastRound: [] },
      funding: { total: '', lastRound: { amount: '', type: '', date: '' } },
      logo: null,
      initialProjects: [],
    });
    expect(postedDateText(job.postedAt)).toBe('Recently');
  });

  it('maps snake_case fields to the display model', () => {
    const job = parseJob({
      id: 3,
      title: ' Frontend Developer ',
      organization_name: 'Acme',
      organization_id: 9,
      location: 'London',
      salary_min: 60000,
      salary_max: 80000,
      salary_currency: 'GBP',
      short_description: 'Short',
      description: 'Long',
      posted_date: '2026-01-05T10:00:00Z',
      job_type: 'Contract',
      workplace_type: 'Remote',
      level: 'Senior',
      requirements: ['A', ' ', 5],
      skills: ['React'],
      benefits: ['Health', ''],
      application_url: '/job/3/apply',
      company_overview: 'We build things',
      funding: {
        total_funding_amount: '10M',
        last_round_amount: 0,
        last_round_type: 'Seed',
        last_round_date: '2025-01-01',
      },
      investors: { all: ['A', 'B'], last_round: ['A'] },
      team_members: ['Ada, CEO, Founder', 'bad', 1],
      equity: {
        type: 'Options',
        percentage: '0.5%',
        cliff_period: '1 year',
        vesting_period: '4 years',
        additional_details: ' ',
      },
      logo: 'http://api/logo.svg',
      initial_projects: ['Ship it'],
    });
    expect(job).toMatchObject({
      id: '3',
      title: 'Frontend Developer',
      company: 'Acme',
      organizationId: '9',
      salary: '60k - 80k GBP',
      description: 'Short',
      detailedDescription: 'Long',
      type: 'Contract',
      requirements: ['A'],
      benefits: ['Health', ''],
      funding: { total: '$10M', lastRound: { amount: '', type: 'Seed', date: '2025-01-01' } },
      team: [{ name: 'Ada', title: 'CEO', bio: 'Founder', avatar: null }],
      equity: { type: 'Options', percentage: '0.5%', additionalDetails: '' },
      logo: 'http://api/logo.svg',
      initialProjects: ['Ship it'],
    });
    expect(visibleBenefits(job)).toEqual(['Health']);
    expect(hasEquity(job)).toBe(true);
  });

  it('reads published_at (call 5) and team members as objects', () => {
    const job = parseJob({
      id: 1,
      published_at: '2026-02-01T00:00:00Z',
      team_members: [{ name: 'Bo', title: '', bio: 'Hi', avatar: '/a.png' }],
    });
    expect(job.postedAt).toBe('2026-02-01T00:00:00Z');
    expect(job.team).toEqual([{ name: 'Bo', title: 'Role not specified', bio: 'Hi', avatar: '/a.png' }]);
  });

  it('degrades fields of the wrong type instead of failing', () => {
    const job = parseJob({
      id: 2,
      title: 42,
      salary_min: 'lots',
      funding: 'rich',
      investors: { all: 'x' },
      equity: [],
      posted_date: 'not a date',
    });
    expect(job).toMatchObject({
      title: '',
      salary: '',
      funding: { total: '' },
      investors: { all: [] },
      postedAt: null,
    });
    expect(hasEquity(job)).toBe(false);
  });
});

describe('parseJobList', () => {
  it('drops items that are not objects and keeps the rest', () => {
    expect(parseJobList({ jobs: [{ id: 1 }, null, 'x', { id: 2, title: 'B' }] }).map((job) => job.id)).toEqual([
      '1',
      '2',
    ]);
  });

  it('refuses an answer with no jobs array', () => {
    expect(() => parseJobList({ items: [] })).toThrow(/no jobs array/);
  });
});

describe('what the platform sends twice or garbled', () => {
  it('hides a last round date that does not parse instead of showing "Invalid Date"', () => {
    const funding = (date: string) =>
      parseJob({ id: 1, funding: { last_round_amount: '5M', last_round_date: date } }).funding.lastRound.date;
    expect(funding('sometime in 2024')).toBe('');
    expect(funding('2025-13-45')).toBe('');
    expect(funding(' 2025-03-14 ')).toBe('2025-03-14');
  });

  it('keeps each skill, investor, requirement, project and team member once', () => {
    const job = parseJob({
      id: 1,
      skills: ['React', 'React ', 'Go'],
      requirements: ['Curiosity', 'Curiosity'],
      initial_projects: ['Launch', 'Launch'],
      investors: { all: ['Accel', ' Accel', 'Index'], last_round: ['Index', 'Index'] },
      team_members: ['Ada Lovelace, CEO, Founder', 'Ada Lovelace, CEO, Founder again'],
    });
    expect(job.skills).toEqual(['React', 'Go']);
    expect(job.requirements).toEqual(['Curiosity']);
    expect(job.initialProjects).toEqual(['Launch']);
    expect(job.investors).toEqual({ all: ['Accel', 'Index'], lastRound: ['Index'] });
    expect(job.team.map((member) => member.name)).toEqual(['Ada Lovelace']);
    expect(visibleBenefits({ benefits: ['Health', 'Health ', ''] })).toEqual(['Health']);
  });

  it('shows a job listed twice once (the first)', () => {
    const jobs = parseJobList({ jobs: [{ id: 7, title: 'A' }, { id: 8 }, { id: 7, title: 'B' }] });
    expect(jobs.map((job) => [job.id, job.title])).toEqual([
      ['7', 'A'],
      ['8', ''],
    ]);
  });
});

describe('a page of call 1', () => {
  it('reads the jobs, the total, the cursor and the facets', () => {
    const page = parseJobPage({
      jobs: [{ id: 1, title: 'A' }, 'junk', { id: 1, title: 'again' }],
      total: 10_000,
      next_cursor: 'c2',
      facets: {
        investors: [{ name: 'Accel', count: 2 }, { name: '', count: 1 }, 'junk'],
        salary_k: { min: 30, max: 250 },
        job_types: [{ value: 'Full-time', count: 'many' }],
        levels: null,
        workplace_types: [{ value: 'Remote', count: 4 }],
        locations: [{ value: ' London ', count: 9 }],
      },
    });
    expect(page.items.map((job) => job.id)).toEqual(['1']);
    expect(page.total).toBe(10_000);
    expect(page.totalIsLowerBound).toBe(false);
    expect(page.nextCursor).toBe('c2');
    expect(page.facets).toEqual({
      investors: [{ value: 'Accel', count: 2 }],
      salaryK: { min: 30, max: 250 },
      jobTypes: [{ value: 'Full-time', count: 0 }],
      levels: [],
      workplaceTypes: [{ value: 'Remote', count: 4 }],
      locations: [{ value: 'London', count: 9 }],
    });
  });

  it('degrades a page without its paging fields or facets to one last page of what came', () => {
    const page = parseJobPage({ jobs: [{ id: 1 }, { id: 2 }], next_cursor: '' });
    expect(page).toMatchObject({ total: 2, nextCursor: null, facets: { investors: [], salaryK: null } });
    expect(() => parseJobPage({ total: 3 })).toThrow('no jobs array');
  });

  it('reads whether the total is a lower bound (the API stopped counting); anything but true is exact', () => {
    const page = (flag: unknown) => parseJobPage({ jobs: [{ id: 1 }], total: 10_000, total_is_lower_bound: flag });
    expect(page(true)).toMatchObject({ total: 10_000, totalIsLowerBound: true });
    expect(page(false).totalIsLowerBound).toBe(false);
    expect(page('yes').totalIsLowerBound).toBe(false);
    expect(page(undefined).totalIsLowerBound).toBe(false);
  });
});
