import { describe, expect, it } from 'vitest';
import { parseJob, parseJobList } from './job';
import { hasEquity, postedDateText, visibleBenefits } from './job-display';

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
