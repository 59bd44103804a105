import { type Job, parseJobList } from '@board/shared/api/job';
import { emptyJobSearch, type JobSearch, type WorkplaceType } from '@board/shared/api/job-search';
import { jobSearchQuery } from '@board/shared/api/job-search-query';
import type { JobPageBody } from '@board/shared/api/page-bodies';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardWritten } from '../board-changes/board-written';
import { jobPostings, organizations, workspaces } from '../db/job-board-tables';
import { createTestApi, type TestApi } from '../test/test-api';

/**
 * The database's search against the board's own rules: for random boards and random searches,
 * every page of call 1 joined through next_cursor equals the client-side rules (SPEC section 5,
 * the extra filters, the sort) applied to call 1's whole list, order included; the facets equal
 * the same rules' options over the whole scope. The rules are written out here again, from the
 * board's (remote-listings/src/features/jobs: filter-jobs.ts, more-filters.ts, sort-jobs.ts),
 * which the API may not import.
 */
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ seedDemo: false });
});
afterAll(async () => {
  await api?.close();
});

// --- The board's rules, over jobs as the board parses them ---------------------------------------

function firstSalaryNumber(salary: string): number | null {
  const match = /\d+(?:\.\d+)?/.exec(salary.replace(/,/g, ''));
  return match ? Number(match[0]) : null;
}
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const periods = { '24h': 24 * 3_600_000, '7d': 7 * 24 * 3_600_000, '30d': 30 * 24 * 3_600_000 };

function matches(job: Job, search: JobSearch, now: number): boolean {
  const title = search.title.trim().toLowerCase();
  if (title && !job.title.toLowerCase().includes(title)) return false;
  if (search.investor !== '' && !job.investors.all.includes(search.investor)) {
    if (!job.investors.lastRound.includes(search.investor)) return false;
  }
  const salary = firstSalaryNumber(job.salary);
  if (salary !== null) {
    if (search.salaryMinK !== undefined && salary < search.salaryMinK) return false;
    if (search.salaryMaxK !== undefined && salary > search.salaryMaxK) return false;
  }
  const location = search.location.trim().toLowerCase();
  if (location && !job.location.toLowerCase().includes(location)) return false;
  if (search.workplaces.length > 0 && !search.workplaces.some((type) => same(type, job.workplaceType))) return false;
  if (search.jobType !== '' && !same(job.type, search.jobType)) return false;
  if (search.level !== '' && !same(job.level, search.level)) return false;
  if (search.postedWithin !== '') {
    const time = job.postedAt ? Date.parse(job.postedAt) : Number.NaN;
    if (Number.isNaN(time) || now - time > periods[search.postedWithin]) return false;
  }
  if (search.ids !== undefined && !search.ids.includes(Number(job.id))) return false;
  return true;
}

function descending(x: number | null, y: number | null): number {
  if (x === y) return 0;
  if (x === null) return 1;
  if (y === null) return -1;
  return y - x;
}

function sortJobs(jobs: Job[], sort: JobSearch['sort']): Job[] {
  const top = (job: Job) => {
    const value = Math.max(job.salaryMin ?? 0, job.salaryMax ?? 0);
    return value > 0 ? value : null;
  };
  const time = (job: Job) => {
    const value = job.postedAt ? Date.parse(job.postedAt) : Number.NaN;
    return Number.isNaN(value) ? null : value;
  };
  return jobs
    .map((job) => ({ job, time: time(job), salary: sort === 'salary' ? top(job) : null }))
    .sort((a, b) => descending(a.salary, b.salary) || descending(a.time, b.time))
    .map(({ job }) => job);
}

function countOf(values: string[]) {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].map(([value, count]) => ({ value, count })).sort((a, b) => a.value.localeCompare(b.value));
}

// --- Random boards and searches ----------------------------------------------------------------------

const investorEntry = fc.constantFrom<unknown>(
  'Accel',
  ' Accel ',
  'accel',
  'Index Ventures',
  'Point Nine',
  '',
  3,
  null,
);
const investorsValue = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      all: fc.array(investorEntry, { maxLength: 3 }),
      last_round: fc.array(investorEntry, { maxLength: 2 }),
    }),
  },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, { all: 'Accel' }, ['Accel'], 'Accel') },
);
const titles = [
  'Backend Engineer',
  'senior ENGINEER',
  'Data 50%_off',
  'Ingénieur Étude',
  'Product Manager',
  '  Designer  ',
  'back\\slash',
];
const hour = 3_600_000;

const jobArbitrary = fc.record({
  organization: fc.nat({ max: 4 }),
  title: fc.constantFrom(...titles),
  location: fc.constantFrom(null, '', '  ', 'London', 'Remote (EU)', 'new york', 'LONDON, UK'),
  salaryMin: fc.constantFrom(null, 0, -5, 499, 500, 85_000, 85_500, 120_000, 140_000),
  salaryMax: fc.constantFrom(null, 0, 499, 1_500, 120_000, 120_499, 200_000),
  jobType: fc.constantFrom(null, '', ' full-time ', 'Full-time', 'Contract', 'contract'),
  level: fc.constantFrom(null, '', 'Senior', ' senior', 'Junior'),
  workplaceType: fc.constantFrom(null, '', 'Remote', 'remote ', 'Hybrid', 'On-site', 'Onsite'),
  status: fc.constantFrom('published', 'published', 'published', 'published', 'published', 'draft', 'closed'),
  shownOn: fc.constantFrom('job_board', 'job_board', 'job_board', 'both', 'linkedin'),
  // Whole hours plus half an hour: never within a second of a posted-within boundary. Some equal.
  postedHoursAgo: fc.option(
    fc.integer({ min: -30, max: 40 * 24 }).map((hours) => hours + 0.5),
    { nil: null },
  ),
});

const boardArbitrary = fc.record({
  organizations: fc.array(fc.record({ workspace: fc.constantFrom('one', 'two'), investors: investorsValue }), {
    minLength: 5,
    maxLength: 5,
  }),
  jobs: fc.array(jobArbitrary, { minLength: 8, maxLength: 40 }),
});

/** Mostly off: a search with every filter on rarely matches anything on a small board. */
function sometimes<T>(value: T, ...others: T[]): fc.Arbitrary<T> {
  return fc.oneof({ weight: 5, arbitrary: fc.constant(value) }, { weight: 1, arbitrary: fc.constantFrom(...others) });
}

const searchArbitrary = fc.record({
  title: sometimes('', 'engineer', 'ENG', '50%', '%', '_', 'étude', ' designer ', '\\', 'zzz', 'a'),
  investor: sometimes('', 'Accel', 'accel', ' Accel ', 'Index Ventures', 'Nobody'),
  salaryMinK: sometimes<number | undefined>(undefined, 0, 2, 85, 86, 100.5),
  salaryMaxK: sometimes<number | undefined>(undefined, 1, 86, 120, 1e6),
  location: sometimes('', 'london', 'REMOTE', 'york', ' ,'),
  workplaces: sometimes<WorkplaceType[]>([], ['Remote'], ['Hybrid', 'On-site'], ['Remote', 'On-site']),
  jobType: sometimes('', 'full-time', 'CONTRACT', 'Internship'),
  level: sometimes('', 'senior', 'Junior'),
  postedWithin: sometimes<JobSearch['postedWithin']>('', '24h', '7d', '30d'),
  sort: fc.constantFrom('newest', 'salary'),
  ids: sometimes<number[] | undefined>(undefined, [0, 1, 2, 3, 4, 5, 6, 7], [3], [40, 2]),
}) as fc.Arbitrary<JobSearch>;

type Board = typeof boardArbitrary extends fc.Arbitrary<infer T> ? T : never;

async function storeBoard(board: Board): Promise<number[]> {
  await api.db.delete(jobPostings);
  boardWritten(api.db);
  await api.db.delete(organizations);
  boardWritten(api.db);
  await api.db.delete(workspaces);
  boardWritten(api.db);
  await api.db.insert(workspaces).values([
    { slug: 'one', name: 'One' },
    { slug: 'two', name: 'Two' },
  ]);
  boardWritten(api.db);
  const orgs = await api.db
    .insert(organizations)
    .values(
      board.organizations.map((organization, index) => ({
        name: `Company ${index}`,
        jobBoardSlug: `company-${index}-${Math.random().toString(36).slice(2)}`,
        workspaceSlug: organization.workspace,
        // A plain JSON value (fast-check may build objects without a prototype).
        investors: JSON.parse(JSON.stringify(organization.investors)) as never,
      })),
    )
    .returning({ id: organizations.id });
  boardWritten(api.db);
  const now = Date.now();
  if (board.jobs.length === 0) return [];
  const rows = await api.db
    .insert(jobPostings)
    .values(
      board.jobs.map((job) => ({
        organizationId: orgs[job.organization]?.id ?? 0,
        title: job.title,
        location: job.location,
        salaryMin: job.salaryMin,
        salaryMax: job.salaryMax,
        jobType: job.jobType,
        level: job.level,
        workplaceType: job.workplaceType,
        status: job.status as 'published',
        shownOn: job.shownOn as 'job_board',
        publishedAt: job.postedHoursAgo === null ? null : new Date(now - job.postedHoursAgo * hour),
      })),
    )
    .returning({ id: jobPostings.id });
  boardWritten(api.db);
  return rows.map((row) => row.id);
}

async function get<T>(path: string): Promise<T> {
  const response = await api.app.request(path);
  const body = await response.json();
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
  return body as T;
}

function url(path: string, query: Record<string, string | undefined>) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, value);
  return `${path}?${params}`;
}

describe('call 1 with limit: the database answers as the board filters', () => {
  const numRuns = Number(process.env.SEARCH_PROPERTY_RUNS ?? 80);
  let found = 0;

  it('every page joined equals the client-side rules over the whole list, order included; facets over the scope', async () => {
    await fc.assert(
      fc.asyncProperty(
        boardArbitrary,
        searchArbitrary,
        fc.constantFrom(undefined, 'one', 'two'),
        fc.constantFrom('job_board_only', 'linkedin_or_job_board'),
        fc.integer({ min: 1, max: 7 }),
        async (board, rawSearch, workspace, visibility, limit) => {
          const ids = await storeBoard(board);
          // Ids drawn as indexes into the board's jobs (and some that are none of them).
          const search: JobSearch = {
            ...emptyJobSearch,
            ...rawSearch,
            ids: rawSearch.ids?.map((index) => ids[index] ?? 2_000_000 + index),
          };
          if (search.ids === undefined) delete search.ids;
          const scope = { workspace_slug: workspace, visibility };
          const whole = parseJobList(await get(url('/public-job-posting', scope)));
          const now = Date.now();
          const expected = sortJobs(
            whole.filter((job) => matches(job, search, now)),
            search.sort,
          ).map((job) => Number(job.id));

          const seen: number[] = [];
          let cursor: string | null = null;
          let first: JobPageBody | null = null;
          for (let pages = 0; pages < 40; pages++) {
            const page: JobPageBody = await get<JobPageBody>(
              url('/public-job-posting', { ...scope, ...jobSearchQuery(search, { limit, cursor }) }),
            );
            first ??= page;
            expect(page.jobs.length).toBeLessThanOrEqual(limit);
            expect(page.total).toBe(expected.length);
            seen.push(...page.jobs.map((job) => job.id));
            cursor = page.next_cursor;
            if (cursor === null) break;
          }
          expect(seen).toEqual(expected);
          if (expected.length > 0) found++;

          const facets = first?.facets;
          const salaries = whole.map((job) => firstSalaryNumber(job.salary)).filter((n): n is number => n !== null);
          expect(facets?.salary_k).toEqual(
            salaries.length ? { min: Math.min(...salaries), max: Math.max(...salaries) } : null,
          );
          const names = [...new Set(whole.flatMap((job) => [...job.investors.all, ...job.investors.lastRound]))].sort(
            (a, b) => a.localeCompare(b),
          );
          expect(facets?.investors).toEqual(
            names.map((name) => ({
              name,
              count: whole.filter((job) => job.investors.all.includes(name) || job.investors.lastRound.includes(name))
                .length,
            })),
          );
          const sorted = (values: { value: string; count: number }[] | undefined) =>
            [...(values ?? [])].sort((a, b) => a.value.localeCompare(b.value));
          expect(sorted(facets?.job_types)).toEqual(countOf(whole.map((job) => job.type)));
          expect(sorted(facets?.levels)).toEqual(countOf(whole.map((job) => job.level).filter(Boolean)));
          expect(sorted(facets?.workplace_types)).toEqual(
            countOf(whole.map((job) => job.workplaceType).filter(Boolean)),
          );
          expect(sorted(facets?.locations)).toEqual(countOf(whole.map((job) => job.location)));
        },
      ),
      { numRuns },
    );
    // The property says something only if searches often find jobs.
    expect(found).toBeGreaterThan(numRuns / 3);
  });
});
