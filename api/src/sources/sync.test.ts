import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { boardWritten } from '../board-changes/board-written';
import { jobPostings, workspaces } from '../db/job-board-tables';
import { selectRows } from '../db/select-rows';
import { benchAshbyJobs } from '../test/ashby-jobs';
import { type FakeVendors, startFakeVendors } from '../test/fake-vendors';
import { createTestApi, type TestApi } from '../test/test-api';
import {
  ashbyDocsJob,
  ashbyDocsJobWithId,
  greenhouseDocsJob,
  greenhouseDocsList,
  leverDocsPosting,
} from '../test/vendor-samples';
import { type SourcesService, sourcesService } from './sources-service';
import { vendorHttp } from './vendor-http';
import { leverPageSize } from './vendors/lever';

let api: TestApi;
let fake: FakeVendors;
let sources: SourcesService;
beforeAll(async () => {
  fake = await startFakeVendors();
  api = await createTestApi({ seedDemo: false });
  await api.db.insert(workspaces).values({ slug: 'portfolio', name: 'Portfolio' });
  boardWritten(api.db);
  sources = sourcesService({
    db: api.db,
    // Short waits: the tests' vendors answer at once, or are scripted to fail.
    http: vendorHttp({
      timeoutMs: 1_500,
      backoffMs: 20,
      attempts: 4,
      maxWaitMs: 5_000,
      trusted: Object.values(fake.urls),
    }),
    vendorUrls: fake.urls,
  });
});
afterAll(async () => {
  await api?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.beforeAnswer = undefined;
});

let boards = 0;
/** A board name of its own for each test. */
const boardName = (prefix: string) => `${prefix}${++boards}`;

const jobsOf = (sourceId: number) =>
  api.db.select().from(jobPostings).where(eq(jobPostings.sourceId, sourceId)).orderBy(jobPostings.id);

/** Each row's version (xmin): unchanged when nothing wrote the row. */
const rowVersions = async (sourceId: number) =>
  (
    await selectRows<{ id: number; v: string }>(
      api.db,
      sql`select id, xmin::text as v from job_postings where source_id = ${sourceId} order by id`,
    )
  ).map((row) => `${row.id}:${row.v}`);

const syncOne = async (id: number, options: { allowMassClose?: boolean } = {}) => {
  const [result] = await sources.sync([id], options);
  if (!result) throw new Error('no result');
  return result;
};

/** A Greenhouse list item and its own answer (pay included). */
function greenhouseJob(id: number, overrides: Record<string, unknown> = {}, pay?: unknown[]) {
  const item = {
    id,
    internal_job_id: id + 1000,
    title: `Engineer ${id}`,
    updated_at: '2026-11-01T10:00:00-05:00',
    location: { name: 'London' },
    absolute_url: `https://boards.greenhouse.io/acme/jobs/${id}`,
    metadata: null,
    content: '&lt;p&gt;Build things.&lt;/p&gt;',
    departments: [],
    offices: [],
    ...overrides,
  };
  const detail = { ...item, pay_input_ranges: pay ?? [] };
  return { item, detail };
}

function setGreenhouse(board: string, jobs: { item: unknown; detail: { id: number } }[]) {
  fake.setJobs(
    'greenhouse',
    board,
    jobs.map((job) => job.item),
    Object.fromEntries(jobs.map((job) => [String(job.detail.id), job.detail])),
  );
}

describe('Greenhouse, from its documents’ sample answers', () => {
  it('maps the documented job: title, location, pay in cents as a yearly amount, its apply page; the description safe', async () => {
    const board = boardName('vaulttec');
    fake.setJobs('greenhouse', board, greenhouseDocsList.jobs, { '127817': greenhouseDocsJob });
    const { source, openJobs } = await sources.add('greenhouse', board, { company: 'Vault-Tec' });
    expect(openJobs).toBe(1);
    expect(source).toMatchObject({ kind: 'greenhouse', board, company: 'Vault-Tec', workspace: null, open_jobs: 0 });
    const result = await syncOne(source.id);
    expect(result.line).toBe(`${source.id} greenhouse/${board}: 1 new, 0 updated, 0 closed, 0 unchanged`);
    const [job] = await jobsOf(source.id);
    expect(job).toMatchObject({
      title: 'Vault Designer',
      location: 'NYC',
      salaryMin: 50_000,
      salaryMax: 75_000,
      salaryCurrency: 'USD',
      applicationUrl: 'https://boards.greenhouse.io/vaulttec/jobs/127817',
      status: 'published',
      shownOn: 'job_board',
      sourceJobId: '127817',
    });
    // The sample's content, escaped twice over as printed, is decoded once: its words stay text.
    expect(job?.descriptionBlocks).toEqual([
      {
        p: [
          'This is the job description. <p>Any HTML included through the hosted job application editor will be automatically converted into corresponding HTML entities.</p>',
        ],
      },
    ]);
    // No publication date in Greenhouse's answer: the board's first sighting stands in.
    expect(job?.publishedAt?.getTime()).toBe(job?.firstSeenAt?.getTime());
    // The pay came from the job's own answer.
    expect(fake.requests.map((request) => `${request.path}?${request.query}`)).toContain(
      `/v1/boards/${board}/jobs/127817?pay_transparency=true`,
    );
  });

  it('reads content escaped once more exactly once, and keeps the HTML readable', async () => {
    const board = boardName('acme');
    setGreenhouse(board, [
      greenhouseJob(1, {
        content:
          '&lt;h2&gt;About&lt;/h2&gt;&lt;p&gt;Fish &amp;amp; chips&lt;br&gt;daily&lt;/p&gt;&lt;ul&gt;&lt;li&gt;&lt;strong&gt;Go&lt;/strong&gt;&lt;/li&gt;&lt;/ul&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=&quot;https://t.example/p.gif&quot;&gt;',
      }),
    ]);
    const { source } = await sources.add('greenhouse', board);
    await syncOne(source.id);
    const [job] = await jobsOf(source.id);
    expect(job?.descriptionBlocks).toEqual([
      { h: ['About'] },
      { p: ['Fish & chips', { br: 1 }, 'daily'] },
      { ul: [[{ b: ['Go'] }]] },
    ]);
    expect(job?.description).toBe('#About#\n\nFish & chips\ndaily\n\n• #Go#');
    expect(job?.shortDescription).toBe('About Fish & chips daily Go');
  });
});

describe('Lever, from the fields its README documents', () => {
  it('maps title, location, workplace, commitment, yearly salary, creation date, apply page and its lists', async () => {
    const board = boardName('leverdemo');
    fake.setJobs('lever', board, [leverDocsPosting]);
    const { source } = await sources.add('lever', board, { company: 'Lever Demo', workspace: 'portfolio' });
    expect(source.workspace).toBe('portfolio');
    expect((await syncOne(source.id)).ok).toBe(true);
    const [job] = await jobsOf(source.id);
    expect(job).toMatchObject({
      title: 'Account Executive',
      location: 'San Francisco',
      workplaceType: 'Hybrid',
      jobType: 'Full-time',
      salaryMin: 90_000,
      salaryMax: 120_000,
      salaryCurrency: 'USD',
      applicationUrl: 'https://jobs.lever.co/leverdemo/5ac21346-8e0c-4494-8e7a-3eb92ff77902/apply',
      publishedAt: new Date(1_700_000_000_000),
      sourceJobId: '5ac21346-8e0c-4494-8e7a-3eb92ff77902',
    });
    expect(job?.descriptionBlocks).toEqual([
      { p: ['We are looking for an Account Executive.'] },
      { p: [{ b: ['What you will do'] }] },
      { h: ['Requirements'] },
      { ul: [['3+ years of SaaS sales'], ['Curiosity']] },
      { p: ['We offer equity.'] },
    ]);
  });

  it('pays per hour as a yearly amount (2,080 hours), and reads every page of a long list', async () => {
    const board = boardName('hourly');
    const postings = Array.from({ length: leverPageSize * 2 + 5 }, (_, index) => ({
      ...leverDocsPosting,
      id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      text: `Barista ${index}`,
      salaryRange: { currency: 'eur', interval: 'per-hour-wage', min: 15, max: 18.5 },
    }));
    fake.setJobs('lever', board, postings);
    const { source } = await sources.add('lever', board);
    const result = await syncOne(source.id);
    expect(result.line).toBe(`${source.id} lever/${board}: ${postings.length} new, 0 updated, 0 closed, 0 unchanged`);
    const jobs = await jobsOf(source.id);
    expect(jobs).toHaveLength(postings.length);
    expect(jobs[0]).toMatchObject({ salaryMin: 31_200, salaryMax: 38_480, salaryCurrency: 'EUR' });
  });

  it('reads every posting when the server pages by fewer than it was asked for', async () => {
    const board = boardName('capped');
    const postings = Array.from({ length: 95 }, (_, index) => ({
      ...leverDocsPosting,
      id: `20000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    }));
    fake.setJobs('lever', board, postings);
    fake.leverPageCap = 30;
    try {
      const { source } = await sources.add('lever', board);
      expect((await syncOne(source.id)).line).toBe(
        `${source.id} lever/${board}: 95 new, 0 updated, 0 closed, 0 unchanged`,
      );
    } finally {
      fake.leverPageCap = undefined;
    }
  });

  it('a list that moves while its pages are read is read again, and twice in a row closes nothing', async () => {
    const board = boardName('moving');
    const postings = Array.from({ length: leverPageSize + 10 }, (_, index) => ({
      ...leverDocsPosting,
      id: `10000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    }));
    fake.setJobs('lever', board, postings);
    const { source } = await sources.add('lever', board);
    expect((await syncOne(source.id)).ok).toBe(true);
    // Before each second page, a posting near the top closes: the next page would skip one.
    let left = postings;
    fake.beforeAnswer = (request) => {
      if (request.path === `/v0/postings/${board}` && request.query.get('skip') !== '0') {
        left = left.slice(1);
        fake.setJobs('lever', board, left);
      }
    };
    const result = await syncOne(source.id);
    expect(result.line).toBe(
      `${source.id} lever/${board}: failed: the list changed while it was read, twice; read again at the next sync`,
    );
    expect((await jobsOf(source.id)).filter((job) => job.status === 'published')).toHaveLength(postings.length);
    // Once it holds still, the closed postings close.
    fake.beforeAnswer = undefined;
    expect((await syncOne(source.id)).line).toBe(
      `${source.id} lever/${board}: 0 new, 0 updated, 2 closed, ${postings.length - 2} unchanged`,
    );
  });
});

describe('Ashby, from its documents’ sample answer', () => {
  it('refuses the sample as printed, without an id, and maps it with the id a live answer carries', async () => {
    const board = boardName('example');
    fake.setJobs('ashby', board, [ashbyDocsJob]);
    const { source } = await sources.add('ashby', board, { company: 'Example' });
    expect((await syncOne(source.id)).line).toBe(
      `${source.id} ashby/${board}: failed: malformed answer: job 1 of the list has no id`,
    );
    fake.setJobs('ashby', board, [ashbyDocsJobWithId, { ...ashbyDocsJobWithId, id: 'unlisted-1', isListed: false }]);
    expect((await syncOne(source.id)).line).toBe(
      `${source.id} ashby/${board}: 1 new, 0 updated, 0 closed, 0 unchanged`,
    );
    const [job] = await jobsOf(source.id);
    expect(job).toMatchObject({
      title: 'Product Manager',
      location: 'Houston, TX · San Francisco',
      workplaceType: 'Remote',
      jobType: 'Full-time',
      salaryMin: 81_000,
      salaryMax: 87_000,
      salaryCurrency: 'USD',
      publishedAt: new Date('2021-04-30T16:21:55.393Z'),
      applicationUrl: 'https://jobs.ashbyhq.com/example/apply',
      descriptionBlocks: [{ p: ['Join our team'] }],
    });
  });

  it('pay per hour and per month in Ashby components, missing and null fields, unicode, several locations', async () => {
    const board = boardName('awkward');
    const component = (interval: string, min: number | null, max: number | null) => ({
      compensation: {
        compensationTiers: [
          { components: [{ compensationType: 'Salary', interval, currencyCode: 'GBP', minValue: min, maxValue: max }] },
        ],
      },
    });
    fake.setJobs('ashby', board, [
      { id: 'a1', title: 'Café Barista ☕ 東京', ...component('1 HOUR', 12, null), location: null },
      {
        id: 'a2',
        title: '  Data\u2028Engineer\r\n(ML)\u202E  ',
        ...component('1 MONTH', 4000, 5000),
        location: 'Berlin',
        secondaryLocations: [{ location: 'Paris' }, { location: 'berlin' }, { location: null }, 'junk'],
        workplaceType: 'Hybrid',
        employmentType: 'PartTime',
        descriptionHtml: null,
        descriptionPlain: 'Line one\nLine two\n\nNext paragraph',
        publishedAt: 'not a date',
        applyUrl: 'javascript:alert(1)',
        jobUrl: 'https://jobs.ashbyhq.com/awkward/a2',
      },
      { id: 'a3', title: 'Nulls', compensation: null, secondaryLocations: null, isRemote: null, descriptionHtml: 5 },
    ]);
    const { source } = await sources.add('ashby', board);
    expect((await syncOne(source.id)).ok).toBe(true);
    const jobs = await jobsOf(source.id);
    expect(jobs.map((job) => job.title)).toEqual(['Café Barista ☕ 東京', 'Data Engineer (ML)', 'Nulls']);
    expect(jobs[0]).toMatchObject({ salaryMin: 24_960, salaryMax: null, salaryCurrency: 'GBP', location: null });
    expect(jobs[1]).toMatchObject({
      salaryMin: 48_000,
      salaryMax: 60_000,
      location: 'Berlin · Paris',
      workplaceType: 'Hybrid',
      jobType: 'Part-time',
      applicationUrl: 'https://jobs.ashbyhq.com/awkward/a2',
      description: 'Line one\nLine two\n\nNext paragraph',
    });
    // No date the ATS gives: the first sighting stands in.
    expect(jobs[1]?.publishedAt?.getTime()).toBe(jobs[1]?.firstSeenAt?.getTime());
    expect(jobs[2]).toMatchObject({ salaryMin: null, salaryMax: null, description: null, descriptionBlocks: null });
  });
});

describe('changes and closing', () => {
  it('writes only what changed: an unchanged source writes no row and asks no job again', async () => {
    const board = boardName('steady');
    setGreenhouse(board, [
      greenhouseJob(1, {}, [{ min_cents: 8_000_000, max_cents: 9_000_000, currency_type: 'GBP' }]),
      greenhouseJob(2),
      greenhouseJob(3),
    ]);
    const { source } = await sources.add('greenhouse', board);
    await syncOne(source.id);
    const ids = (await jobsOf(source.id)).map((job) => job.id);
    const versions = await rowVersions(source.id);
    fake.requests.length = 0;
    expect((await syncOne(source.id)).line).toBe(
      `${source.id} greenhouse/${board}: 0 new, 0 updated, 0 closed, 3 unchanged`,
    );
    expect(await rowVersions(source.id)).toEqual(versions);
    // One request: the list. The pay is kept while `updated_at` holds.
    expect(fake.requests.map((request) => request.path)).toEqual([`/v1/boards/${board}/jobs`]);
    expect((await jobsOf(source.id))[0]).toMatchObject({ salaryMin: 80_000, salaryMax: 90_000 });

    // One job changes (its title and updated_at): one row written, its id kept, its pay read again.
    setGreenhouse(board, [
      greenhouseJob(1, { title: 'Staff Engineer', updated_at: '2026-11-02T10:00:00-05:00' }, [
        { min_cents: 9_000_000, max_cents: 9_500_000, currency_type: 'GBP' },
      ]),
      greenhouseJob(2),
      greenhouseJob(3),
    ]);
    const before = (await jobsOf(source.id))[0];
    expect((await syncOne(source.id)).line).toBe(
      `${source.id} greenhouse/${board}: 0 new, 1 updated, 0 closed, 2 unchanged`,
    );
    const after = await jobsOf(source.id);
    expect(after.map((job) => job.id)).toEqual(ids);
    expect(after[0]).toMatchObject({ title: 'Staff Engineer', salaryMin: 90_000, salaryMax: 95_000 });
    expect(after[0]?.changedAt.getTime()).toBeGreaterThan(before?.changedAt.getTime() ?? 0);
    expect(after[0]?.firstSeenAt?.getTime()).toBe(before?.firstSeenAt?.getTime());
    expect((await rowVersions(source.id)).slice(1)).toEqual(versions.slice(1));
  });

  it('a job missing from a complete answer closes, and comes back under the same id when it reappears', async () => {
    const board = boardName('closing');
    const all = [1, 2, 3].map((id) => greenhouseJob(id));
    setGreenhouse(board, all);
    const { source } = await sources.add('greenhouse', board);
    await syncOne(source.id);
    const ids = (await jobsOf(source.id)).map((job) => job.id);
    setGreenhouse(board, all.slice(1));
    expect((await syncOne(source.id)).line).toBe(
      `${source.id} greenhouse/${board}: 0 new, 0 updated, 1 closed, 2 unchanged`,
    );
    const [closed] = await jobsOf(source.id);
    expect(closed).toMatchObject({ id: ids[0], status: 'closed' });
    expect(closed?.closedAt).toBeInstanceOf(Date);
    // SPEC-only clients: call 4 of a closed job is "not found".
    expect((await api.app.request(`/public-job-posting/${ids[0]}`)).status).toBe(404);
    setGreenhouse(board, all);
    expect((await syncOne(source.id)).line).toBe(
      `${source.id} greenhouse/${board}: 0 new, 1 updated, 0 closed, 2 unchanged`,
    );
    const reopened = await jobsOf(source.id);
    expect(reopened.map((job) => [job.id, job.status, job.closedAt])).toEqual(ids.map((id) => [id, 'published', null]));
    expect(reopened[0]?.firstSeenAt?.getTime()).toBe(closed?.firstSeenAt?.getTime());
  });

  it('the same ATS job twice in an answer is one job', async () => {
    const board = boardName('twice');
    const job = greenhouseJob(7);
    fake.setJobs('greenhouse', board, [job.item, job.item], { '7': job.detail });
    const { source } = await sources.add('greenhouse', board);
    fake.script('greenhouse', `/v1/boards/${board}/jobs`, [{ body: { jobs: [job.item, job.item] } }]);
    expect((await syncOne(source.id)).line).toBe(
      `${source.id} greenhouse/${board}: 1 new, 0 updated, 0 closed, 0 unchanged`,
    );
    expect(await jobsOf(source.id)).toHaveLength(1);
  });

  it('an answer that would close more than half of the open jobs is held, until --allow-mass-close', async () => {
    const board = boardName('empty');
    setGreenhouse(
      board,
      [1, 2, 3, 4].map((id) => greenhouseJob(id)),
    );
    const { source } = await sources.add('greenhouse', board);
    await syncOne(source.id);
    const versions = await rowVersions(source.id);
    setGreenhouse(board, []);
    const held = await syncOne(source.id);
    expect(held.ok).toBe(false);
    expect(held.line).toBe(
      `${source.id} greenhouse/${board}: failed: held: the answer would close 4 of the source's 4 open jobs, so nothing was changed; if they did close, run: pnpm sources sync ${source.id} --allow-mass-close`,
    );
    expect(await rowVersions(source.id)).toEqual(versions);
    // Half is not more than half.
    setGreenhouse(
      board,
      [3, 4].map((id) => greenhouseJob(id)),
    );
    expect((await syncOne(source.id)).line).toBe(
      `${source.id} greenhouse/${board}: 0 new, 0 updated, 2 closed, 2 unchanged`,
    );
    setGreenhouse(board, []);
    expect((await syncOne(source.id)).ok).toBe(false);
    expect((await syncOne(source.id, { allowMassClose: true })).line).toBe(
      `${source.id} greenhouse/${board}: 0 new, 0 updated, 2 closed, 0 unchanged`,
    );
  });

  it('a failed, partial, timed-out or malformed answer closes nothing, and the line says why', async () => {
    const board = boardName('flaky');
    setGreenhouse(
      board,
      [1, 2].map((id) => greenhouseJob(id)),
    );
    const { source } = await sources.add('greenhouse', board);
    await syncOne(source.id);
    const versions = await rowVersions(source.id);
    const list = `/v1/boards/${board}/jobs`;
    const cases: [Parameters<FakeVendors['script']>[2], string][] = [
      [Array(4).fill({ status: 500 }), 'HTTP 500 after 4 attempts'],
      [[{ hang: true }], 'timed out after 1.5 s'],
      [[{ raw: '{"jobs": [{"id": 1, "title": "cut off' }], 'malformed answer (not JSON)'],
      [[{ body: { jobs: 'nope' } }], 'malformed answer: no jobs list'],
      [[{ body: { jobs: [greenhouseJob(1).item], meta: { total: 2 } } }], 'partial answer: 1 of the 2 jobs it counts'],
      [[{ body: { jobs: [{ title: 'No id' }] } }], 'malformed answer: job 1 of the list has no id'],
      [[{ status: 403 }], 'HTTP 403'],
    ];
    for (const [answers, reason] of cases) {
      fake.script('greenhouse', list, answers);
      const result = await syncOne(source.id);
      expect(result.line).toBe(`${source.id} greenhouse/${board}: failed: ${reason}`);
      expect(await rowVersions(source.id)).toEqual(versions);
    }
    // A job's pay that cannot be read fails the sync too (nothing half-written).
    setGreenhouse(board, [greenhouseJob(1), greenhouseJob(2), greenhouseJob(3)]);
    fake.script('greenhouse', `${list}/3`, Array(4).fill({ status: 502 }));
    expect((await syncOne(source.id)).line).toBe(
      `${source.id} greenhouse/${board}: failed: reading the pay of job 3: HTTP 502 after 4 attempts`,
    );
    expect(await jobsOf(source.id)).toHaveLength(2);
    const [listed] = await sources.list([source.id]);
    expect(listed?.last_sync).toMatchObject({ ok: false, line: expect.stringContaining('HTTP 502') });
  });

  it('honours Retry-After on a 429, and the next request to that host waits for it', async () => {
    const board = boardName('busy');
    setGreenhouse(board, [greenhouseJob(1)]);
    const { source } = await sources.add('greenhouse', board);
    fake.requests.length = 0;
    fake.script('greenhouse', `/v1/boards/${board}/jobs`, [{ status: 429, headers: { 'Retry-After': '1' } }]);
    expect((await syncOne(source.id)).ok).toBe(true);
    const [limited, retried] = fake.requests;
    expect(limited?.path).toBe(`/v1/boards/${board}/jobs`);
    expect(retried?.path).toBe(`/v1/boards/${board}/jobs`);
    expect((retried?.at ?? 0) - (limited?.at ?? 0)).toBeGreaterThanOrEqual(950);
  });

  it('a Retry-After longer than the longest wait fails at once', async () => {
    const board = boardName('slow');
    setGreenhouse(board, [greenhouseJob(1)]);
    const { source } = await sources.add('greenhouse', board);
    fake.script('greenhouse', `/v1/boards/${board}/jobs`, [{ status: 503, headers: { 'Retry-After': '3600' } }]);
    expect((await syncOne(source.id)).line).toBe(
      `${source.id} greenhouse/${board}: failed: HTTP 503, asked to wait 3600 s (more than 5 s)`,
    );
  });

  it('sends one request at a time to a vendor host, even with several sources syncing at once', async () => {
    const names = [boardName('polite'), boardName('polite'), boardName('polite')];
    const ids: number[] = [];
    for (const name of names) {
      setGreenhouse(
        name,
        [1, 2, 3, 4].map((id) => greenhouseJob(id)),
      );
      fake.script('greenhouse', `/v1/boards/${name}/jobs/`, [{ delayMs: 30 }, { delayMs: 30 }]);
      ids.push((await sources.add('greenhouse', name)).source.id);
    }
    fake.requests.length = 0;
    const results = await Promise.all(ids.map((id) => syncOne(id)));
    expect(results.every((result) => result.ok)).toBe(true);
    expect(fake.requests.length).toBe(3 * 5);
    expect(Math.max(...fake.requests.map((request) => request.inFlight))).toBe(1);
  });

  it('stable ids: a removed source closes its jobs, and added again brings them back under the same ids', async () => {
    const board = boardName('again');
    setGreenhouse(
      board,
      [1, 2].map((id) => greenhouseJob(id)),
    );
    const { source } = await sources.add('greenhouse', board, { company: 'Again Inc' });
    await syncOne(source.id);
    const ids = (await jobsOf(source.id)).map((job) => job.id);
    await expect(sources.add('greenhouse', board.toUpperCase())).rejects.toThrow(
      `greenhouse/${board} is already source ${source.id}.`,
    );
    const removed = await sources.remove(source.id);
    expect(removed.closed).toBe(2);
    expect((await jobsOf(source.id)).map((job) => job.status)).toEqual(['closed', 'closed']);
    expect((await sources.list()).map((entry) => entry.id)).not.toContain(source.id);
    expect((await syncOne(source.id)).line).toBe(`${source.id}: failed: no such source`);
    const again = await sources.add('greenhouse', board);
    expect(again).toMatchObject({ readded: true, source: { id: source.id, company: 'Again Inc' } });
    expect((await syncOne(source.id)).line).toBe(
      `${source.id} greenhouse/${board}: 0 new, 2 updated, 0 closed, 0 unchanged`,
    );
    expect((await jobsOf(source.id)).map((job) => [job.id, job.status])).toEqual(ids.map((id) => [id, 'published']));
  });

  it('refuses an unknown kind, a bad board name, an unknown workspace and a board the vendor does not know', async () => {
    await expect(sources.add('workday', 'acme')).rejects.toThrow(
      'Unknown kind "workday": use greenhouse, lever or ashby.',
    );
    await expect(sources.add('lever', '../acme')).rejects.toThrow('"../acme" is not a lever board name');
    await expect(sources.add('lever', 'acme', { workspace: 'nowhere' })).rejects.toThrow(
      'No workspace "nowhere" (the workspaces: portfolio).',
    );
    for (const kind of ['greenhouse', 'lever', 'ashby'] as const)
      await expect(sources.add(kind, 'unknown-board')).rejects.toThrow(
        `${kind} has no board "unknown-board" (its API answered 404): check the name in the board's address.`,
      );
    fake.script('ashby', '/posting-api/job-board/down', Array(4).fill({ status: 500 }));
    await expect(sources.add('ashby', 'down')).rejects.toThrow(
      'Could not check ashby board "down": HTTP 500 after 4 attempts. Nothing was added.',
    );
    expect((await sources.list()).map((entry) => entry.board)).not.toContain('unknown-board');
  });
});

describe('a sync shares the thread with the requests', () => {
  it('answers requests between its writes: on PGlite during its transaction too', async () => {
    const board = boardName('paced');
    fake.setJobs('ashby', board, benchAshbyJobs(300, 1));
    const events: string[] = [];
    const service = sourcesService({
      db: api.db,
      http: vendorHttp({
        timeoutMs: 1_500,
        backoffMs: 20,
        attempts: 4,
        maxWaitMs: 5_000,
        trusted: Object.values(fake.urls),
      }),
      vendorUrls: fake.urls,
      onWritten: (rows) => events.push(`wrote ${rows}`),
    });
    const { source } = await service.add('ashby', board, { company: 'Paced' });
    const search = '/public-job-posting?limit=5';
    expect((await api.app.request(search)).status).toBe(200);
    let syncing = true;
    // A visitor searching again and again (its answer kept: no read of the database) while the sync runs.
    const visitor = (async () => {
      while (syncing) {
        const response = await api.app.request(search);
        if (response.status !== 200) throw new Error(`search: ${response.status}`);
        events.push('answer');
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const [result] = await service.sync([source.id]);
    syncing = false;
    await visitor;
    expect(result?.line).toBe(`${source.id} ashby/${board}: 300 new, 0 updated, 0 closed, 0 unchanged`);
    const writes = events.flatMap((event, at) => (event.startsWith('wrote ') ? [at] : []));
    const sizes = writes.map((at) => Number(events[at]?.slice('wrote '.length)));
    if (api.databaseUrl) {
      // PostgreSQL runs the statements in its server: one a transaction.
      expect(sizes).toEqual([250, 50]);
      return;
    }
    // PGlite runs them on the API's thread: 25 rows a statement, and the visitor's searches are
    // answered between them while the transaction is under way (the sync gives way on a time slice).
    expect(sizes).toEqual(Array(12).fill(25));
    expect(events.slice((writes[0] ?? 0) + 1, writes.at(-1))).toContain('answer');
  });
});
