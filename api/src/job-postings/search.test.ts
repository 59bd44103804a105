import type { CrawlJobsBody, CrawlOrganizationsBody } from '@board/shared/api/crawl-bodies';
import { emptyJobSearch, type JobSearch } from '@board/shared/api/job-search';
import { jobSearchQuery } from '@board/shared/api/job-search-query';
import type { JobPageBody, OrganizationJobsPageBody, OrganizationPageBody } from '@board/shared/api/page-bodies';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { boardWritten } from '../board-changes/board-written';
import { jobPostings, organizations } from '../db/job-board-tables';
import { selectRows } from '../db/select-rows';
import { useTestApi } from '../test/use-test-api';
import { jobPostingRoutes } from './routes';

const api = useTestApi();

async function get<T>(path: string): Promise<{ status: number; body: T }> {
  const response = await api.app.request(path);
  return { status: response.status, body: (await response.json()) as T };
}

function searchUrl(search: Partial<JobSearch>, page: { limit: number; cursor?: string | null }, extra = '') {
  const query = jobSearchQuery({ ...emptyJobSearch, ...search }, page);
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, value);
  return `/public-job-posting?${params}${extra}`;
}

/** Every page of a paged call, through next_cursor. */
async function allPages<T extends { next_cursor: string | null }>(first: string, next: (cursor: string) => string) {
  const pages: T[] = [];
  let path: string | null = first;
  while (path !== null && pages.length < 1000) {
    const answer: { status: number; body: T } = await get<T>(path);
    expect(answer.status).toBe(200);
    const body = answer.body;
    pages.push(body);
    path = body.next_cursor === null ? null : next(body.next_cursor);
  }
  return pages;
}

async function insertJob(organizationId: number, title: string, publishedAt: Date | null, salaryMax: number | null) {
  const [row] = await api.db
    .insert(jobPostings)
    .values({ organizationId, title, status: 'published', shownOn: 'job_board', publishedAt, salaryMax })
    .returning({ id: jobPostings.id });
  boardWritten(api.db);
  return row?.id ?? 0;
}

describe('call 1 with limit', () => {
  it('answers a page, the total, a cursor and the facets; without limit, the whole list as before', async () => {
    const whole = await get<{ jobs: { id: number }[] }>('/public-job-posting');
    expect(Object.keys(whole.body)).toEqual(['jobs']);
    const { status, body } = await get<JobPageBody>('/public-job-posting?limit=25');
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['jobs', 'total', 'total_is_lower_bound', 'next_cursor', 'facets']);
    expect(body.jobs).toHaveLength(25);
    expect(body.total).toBe(whole.body.jobs.length);
    expect(body.total_is_lower_bound).toBe(false);
    expect(body.jobs[0]).toEqual(whole.body.jobs.find((job) => job.id === body.jobs[0]?.id));
    expect(Object.keys(body.facets)).toEqual([
      'investors',
      'salary_k',
      'job_types',
      'levels',
      'workplace_types',
      'locations',
    ]);
  });

  it('takes LIKE wildcards in a contains filter literally', async () => {
    const [organization] = await api.db.select().from(organizations).limit(1);
    const ids = [
      await insertJob(organization?.id ?? 0, 'Growth 100%_remote', new Date(), null),
      await insertJob(organization?.id ?? 0, 'Growth 100x remote', new Date(), null),
      await insertJob(organization?.id ?? 0, 'Back\\slash hero', new Date(), null),
    ];
    const titles = async (title: string) =>
      (await get<JobPageBody>(searchUrl({ title }, { limit: 100 }))).body.jobs.map((job) => job.id);
    expect(await titles('100%_')).toEqual([ids[0]]);
    expect(await titles('0%')).toEqual([ids[0]]);
    expect(await titles('_r')).toEqual([ids[0]]);
    expect(await titles('k\\s')).toEqual([ids[2]]);
    await api.db.delete(jobPostings).where(sql`${jobPostings.id} in (${sql.join(ids, sql`, `)})`);
    boardWritten(api.db);
  });

  it("compares letters in the database's lower case on both sides (İ, final sigma), as the alerts' SQL does", async () => {
    const [organization] = await api.db.select().from(organizations).limit(1);
    const [row] = await api.db
      .insert(jobPostings)
      .values({
        organizationId: organization?.id ?? 0,
        title: 'ΟΔΟΣ Engineer',
        location: 'İSTANBUL',
        status: 'published',
        publishedAt: new Date(),
      })
      .returning({ id: jobPostings.id });
    boardWritten(api.db);
    const found = async (search: Partial<JobSearch>) =>
      (await get<JobPageBody>(searchUrl(search, { limit: 100 }))).body.jobs.map((job) => job.id);
    expect(await found({ title: 'ΟΔΟΣ' })).toEqual([row?.id]);
    expect(await found({ location: 'İstanbul' })).toEqual([row?.id]);
    await api.db.delete(jobPostings).where(eq(jobPostings.id, row?.id ?? 0));
    boardWritten(api.db);
  });

  it('pages jobs whose dates differ by a microsecond from 2255 on (past 2^53 µs), the cursor carrying the exact date', async () => {
    const [organization] = await api.db.select().from(organizations).limit(1);
    const ids: number[] = [];
    // 2^53 + 1 µs and 2^53 µs: one Number. The later one first, so the earlier has the higher id.
    for (const at of ['2255-06-05 23:47:34.740993+00', '2255-06-05 23:47:34.740992+00']) {
      const [row] = await api.db
        .insert(jobPostings)
        .values({
          organizationId: organization?.id ?? 0,
          title: 'Far Future Navigator',
          status: 'published',
          publishedAt: sql`${at}::timestamptz` as unknown as Date,
        })
        .returning({ id: jobPostings.id });
      boardWritten(api.db);
      ids.push(row?.id ?? 0);
    }
    const pages = await allPages<JobPageBody>(searchUrl({ title: 'far future navigator' }, { limit: 1 }), (cursor) =>
      searchUrl({ title: 'far future navigator' }, { limit: 1, cursor }),
    );
    expect(pages.map((page) => page.jobs.map((job) => job.id))).toEqual([[ids[0]], [ids[1]]]);
    const [, postedUs] = JSON.parse(Buffer.from(pages[0]?.next_cursor ?? '', 'base64url').toString()) as string[];
    const [exact] = await selectRows<{ posted_us: string }>(
      api.db,
      sql`select posted_us::text from job_postings where id = ${ids[0] ?? 0}`,
    );
    expect(postedUs).toBe(exact?.posted_us);
    await api.db.delete(jobPostings).where(sql`${jobPostings.id} in (${sql.join(ids, sql`, `)})`);
    boardWritten(api.db);
  });

  it('is scoped to the workspace and reads only the saved ids', async () => {
    const demo = await get<JobPageBody>('/public-job-posting?limit=100&workspace_slug=demo');
    const whole = await get<{ jobs: { id: number }[] }>('/public-job-posting?workspace_slug=demo');
    expect(demo.body.total).toBe(whole.body.jobs.length);
    const saved = whole.body.jobs.slice(3, 6).map((job) => job.id);
    const page = await get<JobPageBody>(searchUrl({ ids: [...saved, 999_999] }, { limit: 10 }));
    expect(page.body.jobs.map((job) => job.id)).toEqual(saved);
    expect(page.body.total).toBe(3);
    expect((await get('/public-job-posting?limit=5&workspace_slug=nowhere')).status).toBe(404);
  });
});

describe('keyset pages', () => {
  it.each(['newest', 'salary'] as const)(
    'lose and repeat nothing while jobs are added between pages (%s)',
    async (sort) => {
      const before = (await get<{ jobs: { id: number }[] }>('/public-job-posting')).body.jobs.map((job) => job.id);
      const [organization] = await api.db.select().from(organizations).limit(1);
      const seen: number[] = [];
      const keys: [number, number, number][] = [];
      let cursor: string | null = null;
      const added: number[] = [];
      for (let page = 0; page < 200; page++) {
        const answer: { status: number; body: JobPageBody } = await get<JobPageBody>(
          searchUrl({ sort }, { limit: 7, cursor }),
        );
        expect(answer.status).toBe(200);
        const body = answer.body;
        seen.push(...body.jobs.map((job) => job.id));
        for (const job of body.jobs) {
          const top = Math.max(Number(job.salary_min ?? 0), Number(job.salary_max ?? 0), 0);
          const time = job.posted_date ? Date.parse(String(job.posted_date)) : Number.NEGATIVE_INFINITY;
          keys.push([sort === 'salary' ? top : 0, time, job.id]);
        }
        // Between pages: a newer job, an older one, an undated one, and ties on every key.
        const last = body.jobs.at(-1);
        const lastDate = last?.posted_date ? new Date(String(last.posted_date)) : null;
        added.push(
          await insertJob(organization?.id ?? 0, 'Added newest', new Date(Date.now() + 60_000), 500_000),
          await insertJob(organization?.id ?? 0, 'Added older', new Date(Date.now() - 400 * 86_400_000), 1_000),
          await insertJob(organization?.id ?? 0, 'Added undated', null, null),
          await insertJob(organization?.id ?? 0, 'Added tie', lastDate, Number(last?.salary_max ?? 0) || null),
        );
        cursor = body.next_cursor;
        if (cursor === null) break;
      }
      // Nothing twice; every job there before the first page, once.
      expect(new Set(seen).size).toBe(seen.length);
      expect(before.filter((id) => !seen.includes(id))).toEqual([]);
      // The order never goes back.
      for (let index = 1; index < keys.length; index++) {
        const [a, b] = [keys[index - 1], keys[index]] as [[number, number, number], [number, number, number]];
        expect(a[0] > b[0] || (a[0] === b[0] && (a[1] > b[1] || (a[1] === b[1] && a[2] > b[2])))).toBe(true);
      }
      await api.db.delete(jobPostings).where(sql`${jobPostings.id} in (${sql.join(added, sql`, `)})`);
      boardWritten(api.db);
    },
  );
});

describe('the total of a broad search is a lower bound', () => {
  // The bound is 10,000 in the API; 5 here, over the demo board.
  const bounded = () => jobPostingRoutes(api.db, () => 'http://localhost', undefined, { exactTotalLimit: 5 });

  it('counts exactly up to the bound, then says "at least" and stops counting; the pages still list every match', async () => {
    const routes = bounded();
    const read = async (query: string) => (await (await routes.request(`/?${query}`)).json()) as JobPageBody;
    const exact = await get<JobPageBody>('/public-job-posting?limit=2&title=engineer');
    expect(exact.body.total).toBeGreaterThan(5);
    expect(exact.body.total_is_lower_bound).toBe(false);

    const broad = await read('limit=2&title=engineer');
    expect(broad).toMatchObject({ total: 5, total_is_lower_bound: true });
    let cursor = broad.next_cursor;
    let listed = broad.jobs.length;
    while (cursor !== null) {
      const next = await read(`limit=2&title=engineer&cursor=${cursor}`);
      expect(next).toMatchObject({ total: 5, total_is_lower_bound: true });
      listed += next.jobs.length;
      cursor = next.next_cursor;
    }
    expect(listed).toBe(exact.body.total);

    // Up to the bound the count is exact; without a filter it is the scope's, always exact.
    const six = (await get<JobPageBody>('/public-job-posting?limit=6')).body.jobs.map((job) => job.id);
    expect(await read(`limit=2&ids=${six.slice(0, 5).join(',')}`)).toMatchObject({
      total: 5,
      total_is_lower_bound: false,
    });
    expect(await read(`limit=2&ids=${six.join(',')}`)).toMatchObject({ total: 5, total_is_lower_bound: true });
    const whole = await read('limit=2');
    expect(whole.total_is_lower_bound).toBe(false);
    expect(whole.total).toBe((await get<JobPageBody>('/public-job-posting?limit=2')).body.total);
  });
});

describe('bad parameters are a 400 with a message', () => {
  const cursorOf = async (query: string) =>
    (await get<{ next_cursor: string }>(`/public-job-posting${query}`)).body.next_cursor;

  it.each([
    '?limit=0',
    '?limit=101',
    '?limit=abc',
    '?limit=2.5',
    '?limit=-1',
    '?limit=1e2',
    '?title=engineer',
    '?sort=salary',
    '?cursor=WyJuIiwiMSIsMV0',
    '?limit=5&sort=cheapest',
    '?limit=5&workplace=Office',
    '?limit=5&workplace=Remote,Moon',
    '?limit=5&posted_within=1d',
    '?limit=5&salary_min_k=NaN',
    '?limit=5&salary_max_k=abc',
    '?limit=5&salary_min_k=Infinity',
    `?limit=5&ids=${Array.from({ length: 101 }, (_, index) => index + 1).join(',')}`,
    '?limit=5&ids=1,,2',
    '?limit=5&ids=-3',
    '?limit=5&ids=abc',
    '?limit=5&title=a%00b',
    '?limit=5&investor=%1B',
    '?limit=5&location=%7F',
    '?limit=5&job_type=%0B',
    `?limit=5&level=${'x'.repeat(201)}`,
    '?limit=5&title=engineer%0D%0ABcc:%20x@example.com',
    '?limit=5&title=engineer%0A',
    '?limit=5&location=a%09b',
    '?limit=5&investor=a%E2%80%A8b',
    '?limit=5&cursor=%%%',
    '?limit=5&cursor=abc',
    `?limit=5&cursor=${Buffer.from('["n","99999999999999999999",1]').toString('base64url')}`,
    `?limit=5&cursor=${Buffer.from('["n","1",-1]').toString('base64url')}`,
    `?limit=5&cursor=${Buffer.from('{"n":1}').toString('base64url')}`,
    `?limit=5&cursor=${'a'.repeat(401)}`,
  ])('call 1 %s', async (query) => {
    const { status, body } = await get<{ message: string; detail: string }>(`/public-job-posting${query}`);
    expect(status).toBe(400);
    expect(body).toEqual({ message: expect.any(String), detail: expect.any(String) });
  });

  it('a cursor of one sort is refused by the other', async () => {
    const newest = await cursorOf('?limit=2');
    const salary = await cursorOf('?limit=2&sort=salary');
    expect((await get(`/public-job-posting?limit=2&sort=salary&cursor=${newest}`)).status).toBe(400);
    expect((await get(`/public-job-posting?limit=2&cursor=${salary}`)).status).toBe(400);
    expect((await get(`/public-job-posting?limit=2&cursor=${newest}`)).status).toBe(200);
  });

  it.each([
    '/public-job-posting/job-board/list-organizations?limit=0',
    '/public-job-posting/job-board/list-organizations?limit=x',
    '/public-job-posting/job-board/list-organizations?name=a',
    '/public-job-posting/job-board/list-organizations?limit=5&name=%00',
    '/public-job-posting/job-board/list-organizations?limit=5&name=a%0D%0Ab',
    '/public-job-posting/job-board/list-organizations?limit=5&name=a%09b',
    '/public-job-posting/job-board/list-organizations?limit=5&cursor=WyJpIiwyXQ',
    '/public-job-posting/organization/1?limit=101',
    '/public-job-posting/organization/1?cursor=abc',
    '/public-job-posting/organization/1?limit=5&cursor=WyJpIiwyXQ',
    '/public-job-posting/crawl/jobs?limit=10001',
    '/public-job-posting/crawl/jobs?limit=5&cursor=WyJuIiwiMSIsMV0',
    '/public-job-posting/crawl/organizations?limit=0',
    '/public-job-posting/crawl/organizations?limit=5&cursor=%20',
  ])('%s', async (path) => {
    const { status, body } = await get<{ message: string }>(path);
    expect(status).toBe(400);
    expect(body.message).toEqual(expect.any(String));
  });
});

describe('call 3 and call 5 with limit', () => {
  it('pages the hiring companies by name, with a name filter', async () => {
    const whole = (
      await get<{ organizations: { organization_id: number; organization_name: string }[] }>(
        '/public-job-posting/job-board/list-organizations',
      )
    ).body.organizations;
    const pages = await allPages<OrganizationPageBody>(
      '/public-job-posting/job-board/list-organizations?limit=4',
      (cursor) => `/public-job-posting/job-board/list-organizations?limit=4&cursor=${cursor}`,
    );
    const listed = pages.flatMap((page) => page.organizations);
    expect(listed.map((row) => row.organization_id).sort()).toEqual(whole.map((row) => row.organization_id).sort());
    expect(pages[0]?.total).toBe(whole.length);
    const named = await get<OrganizationPageBody>(
      '/public-job-posting/job-board/list-organizations?limit=100&name=LAB',
    );
    const expected = whole.filter((row) => row.organization_name.toLowerCase().includes('lab'));
    expect(named.body.organizations.map((row) => row.organization_id).sort()).toEqual(
      expected.map((row) => row.organization_id).sort(),
    );
    expect(named.body.total).toBe(expected.length);
  });

  it("pages one company's jobs, newest first", async () => {
    const [row] = await selectRows<{ id: number }>(
      api.db,
      sql`select organization_id as id from job_postings where status = 'published' and shown_on <> 'linkedin' group by 1 order by count(*) desc limit 1`,
    );
    const id = Number(row?.id);
    const whole = (
      await get<{ jobs: { id: number; published_at: string | null }[] }>(`/public-job-posting/organization/${id}`)
    ).body.jobs;
    const pages = await allPages<OrganizationJobsPageBody>(
      `/public-job-posting/organization/${id}?limit=2`,
      (cursor) => `/public-job-posting/organization/${id}?limit=2&cursor=${cursor}`,
    );
    const listed = pages.flatMap((page) => page.jobs);
    expect(listed.map((job) => job.id).sort()).toEqual(whole.map((job) => job.id).sort());
    expect(pages[0]?.total).toBe(whole.length);
    const dates = listed.map((job) => String(job.published_at ?? ''));
    expect(dates.filter(Boolean)).toEqual([...dates.filter(Boolean)].sort().reverse());
    expect(listed[0]).toEqual(whole.find((job) => job.id === listed[0]?.id));
  });
});

describe('crawler listings', () => {
  it('list every board job and every hiring company, by id, a page at a time', async () => {
    const whole = (await get<{ jobs: { id: number; organization_id: number }[] }>('/public-job-posting')).body.jobs;
    const jobs = (
      await allPages<CrawlJobsBody>(
        '/public-job-posting/crawl/jobs?limit=17',
        (cursor) => `/public-job-posting/crawl/jobs?limit=17&cursor=${cursor}`,
      )
    ).flatMap((page) => page.items);
    expect(jobs.map((job) => job.id)).toEqual(whole.map((job) => job.id).sort((a, b) => a - b));
    const companies = (
      await allPages<CrawlOrganizationsBody>(
        '/public-job-posting/crawl/organizations?limit=5&workspace_slug=demo',
        (cursor) => `/public-job-posting/crawl/organizations?limit=5&workspace_slug=demo&cursor=${cursor}`,
      )
    ).flatMap((page) => page.items);
    const demo = await api.db.select().from(organizations).where(eq(organizations.workspaceSlug, 'demo'));
    const hiring = new Set(whole.map((job) => job.organization_id));
    expect(companies.map((row) => row.organization_id)).toEqual(
      demo
        .map((row) => row.id)
        .filter((id) => hiring.has(id))
        .sort((a, b) => a - b),
    );
    for (const company of companies) {
      const newest = jobs
        .filter((job) => job.organization_id === company.organization_id && job.posted_date)
        .map((job) => String(job.posted_date))
        .sort()
        .at(-1);
      expect(company.last_posted).toBe(newest ?? null);
    }
  });
});
