import { describe, expect, it } from 'vitest';
import { generateDemoData, IN_SITE_APPLICATION } from './demo-data';

const data = generateDemoData();
const blank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

describe('demo data', () => {
  it('is big enough: 3+ workspaces (one is demo), 20+ companies, 150+ jobs', () => {
    expect(data.workspaces.length).toBeGreaterThanOrEqual(3);
    expect(data.workspaces.map((w) => w.slug)).toContain('demo');
    expect(data.organizations.length).toBeGreaterThanOrEqual(20);
    expect(data.jobs.length).toBeGreaterThanOrEqual(150);
  });

  it('is the same every time', () => {
    expect(generateDemoData()).toEqual(data);
  });

  it.each([
    ['salary absent', (j: (typeof data.jobs)[number]) => j.salaryMin === null && j.salaryMax === null],
    ['salary zero', (j: (typeof data.jobs)[number]) => j.salaryMin === 0 && j.salaryMax === 0],
    ['salary minimum only', (j: (typeof data.jobs)[number]) => (j.salaryMin ?? 0) > 0 && j.salaryMax === null],
    ['salary maximum only', (j: (typeof data.jobs)[number]) => j.salaryMin === null && (j.salaryMax ?? 0) > 0],
    ['salary both', (j: (typeof data.jobs)[number]) => (j.salaryMin ?? 0) > 0 && (j.salaryMax ?? 0) > 0],
    ['salary not a round thousand', (j: (typeof data.jobs)[number]) => (j.salaryMin ?? 0) % 1000 !== 0],
    [
      'equity with every field blank',
      (j: (typeof data.jobs)[number]) => j.equity !== null && Object.values(j.equity).every(blank),
    ],
    [
      'equity with some fields blank',
      (j: (typeof data.jobs)[number]) =>
        j.equity !== null && Object.values(j.equity).some(blank) && !Object.values(j.equity).every(blank),
    ],
    ['no equity', (j: (typeof data.jobs)[number]) => j.equity === null],
    [
      'benefits with blank entries',
      (j: (typeof data.jobs)[number]) => j.benefits.some(blank) && j.benefits.some((b) => !blank(b)),
    ],
    [
      'a description with paragraphs, single newlines and #bold#',
      (j: (typeof data.jobs)[number]) =>
        /\n\n/.test(j.description ?? '') &&
        /[^\n]\n[^\n]/.test(j.description ?? '') &&
        /#[^#\n]+#/.test(j.description ?? ''),
    ],
    ['initial projects', (j: (typeof data.jobs)[number]) => (j.initialProjects?.length ?? 0) > 0],
    ['an in-site application URL', (j: (typeof data.jobs)[number]) => j.applicationUrl === IN_SITE_APPLICATION],
    [
      'an application URL on the board origin',
      (j: (typeof data.jobs)[number]) => (j.applicationUrl ?? '').startsWith('http://localhost:8080/job/'),
    ],
    [
      'an external application URL',
      (j: (typeof data.jobs)[number]) => (j.applicationUrl ?? '').startsWith('https://careers.'),
    ],
    ['no application URL', (j: (typeof data.jobs)[number]) => j.applicationUrl === null],
    ['LinkedIn only', (j: (typeof data.jobs)[number]) => j.shownOn === 'linkedin' && j.status === 'published'],
    ['a draft', (j: (typeof data.jobs)[number]) => j.status === 'draft'],
    ['closed', (j: (typeof data.jobs)[number]) => j.status === 'closed'],
    [
      'a developer/engineer/programmer title',
      (j: (typeof data.jobs)[number]) => /developer|engineer|programmer/i.test(j.title),
    ],
    ['another title', (j: (typeof data.jobs)[number]) => !/developer|engineer|programmer/i.test(j.title)],
    ['no location', (j: (typeof data.jobs)[number]) => j.location === null],
    ['no job type', (j: (typeof data.jobs)[number]) => j.jobType === null],
  ])('has a job with %s', (_case, matches) => {
    expect(data.jobs.some(matches)).toBe(true);
  });

  it.each([
    ['funding missing', (o: (typeof data.organizations)[number]) => o.funding === null],
    ['funding of 0 (shown as $0)', (o: (typeof data.organizations)[number]) => o.funding?.total_funding_amount === '0'],
    [
      'a last round without an amount',
      (o: (typeof data.organizations)[number]) =>
        o.funding !== null && o.funding.last_round_amount === null && o.funding.total_funding_amount !== '0',
    ],
    ['more than 3 investors', (o: (typeof data.organizations)[number]) => (o.investors?.all.length ?? 0) > 3],
    ['no investors', (o: (typeof data.organizations)[number]) => o.investors === null],
    [
      'well-formed team strings',
      (o: (typeof data.organizations)[number]) =>
        o.teamMembers.some((m) => typeof m === 'string' && m.split(',').length >= 3),
    ],
    [
      'malformed team entries',
      (o: (typeof data.organizations)[number]) =>
        o.teamMembers.some((m) => typeof m !== 'string' || m.split(',').length < 3),
    ],
    ['a local SVG logo', (o: (typeof data.organizations)[number]) => (o.logo ?? '').startsWith('/public/logos/')],
    ['no logo', (o: (typeof data.organizations)[number]) => o.logo === null],
    ['no overview', (o: (typeof data.organizations)[number]) => o.overview === null],
  ])('has a company with %s', (_case, matches) => {
    expect(data.organizations.some(matches)).toBe(true);
  });

  it('scales to a large board', () => {
    expect(generateDemoData({ jobs: 10_000 }).jobs).toHaveLength(10_000);
  });

  it('makes a realistic large board: about N/40 companies, N/300 investors, uneven hiring, a year of dates', () => {
    const board = generateDemoData({ jobs: 12_000, realistic: true });
    expect(board.jobs).toHaveLength(12_000);
    expect(board.organizations).toHaveLength(300);
    expect(new Set(board.organizations.map((o) => o.jobBoardSlug)).size).toBe(300);
    const investors = new Set(board.organizations.flatMap((o) => [...(o.investors?.all ?? [])]));
    expect(investors.size).toBeGreaterThan(30);
    expect(investors.size).toBeLessThanOrEqual(40);
    const perCompany = new Map<number, number>();
    for (const job of board.jobs) perCompany.set(job.organization, (perCompany.get(job.organization) ?? 0) + 1);
    const counts = [...perCompany.values()].sort((a, b) => b - a);
    expect(counts[0]).toBeGreaterThan(5 * (counts.at(-1) ?? 0));
    expect(new Set(board.jobs.map((job) => job.location)).size).toBeGreaterThan(30);
    const days = board.jobs.map((job) => job.publishedDaysAgo).filter((day): day is number => day !== null);
    expect(Math.max(...days)).toBeGreaterThan(300);
    expect(days.filter((day) => day < 30).length).toBeGreaterThan(days.length / 3);
    expect(board.jobs.some((job) => job.status === 'published' && job.publishedDaysAgo === null)).toBe(true);
    // The demo board itself is unchanged by the option.
    expect(generateDemoData({ realistic: true })).toEqual(generateDemoData());
  });
});
