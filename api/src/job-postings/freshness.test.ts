import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { boardWritten } from '../board-changes/board-written';
import { jobPostings, organizations, workspaces } from '../db/job-board-tables';
import { useTestApi } from '../test/use-test-api';

/**
 * Call 1 is serialised once per change of the data and cached (as are the other calls): what a
 * caller must never see is an answer from before a change.
 */
const api = useTestApi();

type Job = { id: number; title: string; organization_name: string };

/** The body as a client reads it: decoded by its Content-Encoding. */
async function text(response: Response): Promise<string> {
  const body = Buffer.from(await response.arrayBuffer());
  const encoding = response.headers.get('content-encoding');
  const decoded = encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;
  return decoded.toString();
}

async function list(path = '/public-job-posting?visibility=job_board_only', encoding = 'br, gzip') {
  const response = await api.app.request(path, { headers: { 'Accept-Encoding': encoding } });
  expect(response.status).toBe(200);
  return { jobs: (JSON.parse(await text(response)) as { jobs: Job[] }).jobs, etag: response.headers.get('etag') ?? '' };
}

async function aListedJob() {
  const [first] = (await list()).jobs;
  if (!first) throw new Error('the demo board lists no job');
  return first;
}

describe('answers after a change of the data', () => {
  it('lists a job with its new title in the next answer, in every encoding and at every address', async () => {
    const job = await aListedJob();
    await list('/public-job-posting', 'gzip');
    await list('/public-job-posting', 'identity');
    await api.db.update(jobPostings).set({ title: 'Principal Lighthouse Keeper' }).where(eq(jobPostings.id, job.id));
    boardWritten(api.db);
    for (const [path, encoding] of [
      ['/public-job-posting?visibility=job_board_only', 'br, gzip'],
      ['/public-job-posting', 'gzip'],
      ['/public-job-posting', 'identity'],
      ['/public-job-posting?visibility=linkedin_or_job_board', 'br'],
    ] as const) {
      const { jobs } = await list(path, encoding);
      expect(jobs.find((listed) => listed.id === job.id)?.title).toBe('Principal Lighthouse Keeper');
    }
  });

  it('drops a closed job and adds a newly published one at the top', async () => {
    const job = await aListedJob();
    await api.db.update(jobPostings).set({ status: 'closed' }).where(eq(jobPostings.id, job.id));
    boardWritten(api.db);
    expect((await list()).jobs.some((listed) => listed.id === job.id)).toBe(false);
    const [published] = await api.db
      .insert(jobPostings)
      .values({
        organizationId: (await api.db.select().from(organizations).limit(1))[0]?.id ?? 0,
        title: 'Freshly Published Role',
        status: 'published',
        shownOn: 'job_board',
        publishedAt: new Date(Date.now() + 60_000),
      })
      .returning();
    boardWritten(api.db);
    const { jobs } = await list();
    expect(jobs[0]).toMatchObject({ id: published?.id, title: 'Freshly Published Role' });
  });

  it('lists a change made in a transaction once it is committed', async () => {
    const job = await aListedJob();
    await api.db.transaction(async (tx) => {
      await tx.update(jobPostings).set({ title: 'Transactional Role' }).where(eq(jobPostings.id, job.id));
    });
    boardWritten(api.db);
    expect((await list()).jobs.find((listed) => listed.id === job.id)?.title).toBe('Transactional Role');
  });

  it('shows a renamed company in the list and in the job detail alike', async () => {
    const job = await aListedJob();
    const detail = await api.app.request(`/public-job-posting/${job.id}`);
    expect(detail.status).toBe(200);
    const [row] = await api.db.select().from(jobPostings).where(eq(jobPostings.id, job.id));
    await api.db
      .update(organizations)
      .set({ name: 'Renamed Robotics' })
      .where(eq(organizations.id, row?.organizationId ?? 0));
    boardWritten(api.db);
    expect((await list()).jobs.find((listed) => listed.id === job.id)?.organization_name).toBe('Renamed Robotics');
    const after = await api.app.request(`/public-job-posting/${job.id}`);
    expect(((await after.json()) as Job).organization_name).toBe('Renamed Robotics');
  });

  it('answers 200 with the new list, not 304, to a client holding the ETag from before the change', async () => {
    const before = await list();
    const job = before.jobs[0];
    await api.db
      .update(jobPostings)
      .set({ title: 'Revised Title' })
      .where(eq(jobPostings.id, job?.id ?? 0));
    boardWritten(api.db);
    const response = await api.app.request('/public-job-posting?visibility=job_board_only', {
      headers: { 'Accept-Encoding': 'br, gzip', 'If-None-Match': before.etag },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).not.toBe(before.etag);
    const unchanged = await api.app.request('/public-job-posting?visibility=job_board_only', {
      headers: { 'Accept-Encoding': 'br, gzip', 'If-None-Match': response.headers.get('etag') ?? '' },
    });
    expect(unchanged.status).toBe(304);
  });

  it('lists the jobs of a workspace created after it was asked for', async () => {
    const missing = await api.app.request('/public-job-posting?workspace_slug=late-guild');
    expect(missing.status).toBe(404);
    await api.db.insert(workspaces).values({ slug: 'late-guild', name: 'Late Guild' });
    boardWritten(api.db);
    const [company] = await api.db
      .insert(organizations)
      .values({ name: 'Late Co', jobBoardSlug: 'late-co', workspaceSlug: 'late-guild' })
      .returning();
    boardWritten(api.db);
    await api.db.insert(jobPostings).values({
      organizationId: company?.id ?? 0,
      title: 'First Hire',
      status: 'published',
      publishedAt: new Date(),
    });
    boardWritten(api.db);
    const { jobs } = await list('/public-job-posting?workspace_slug=late-guild');
    expect(jobs.map((job) => [job.title, job.organization_name])).toEqual([['First Hire', 'Late Co']]);
  });

  it('shows a job as it is now on a search page that showed it before, however the page is asked for', async () => {
    const page = async (query: string) => {
      const response = await api.app.request(`/public-job-posting?limit=5${query}`);
      return ((await response.json()) as { jobs: (Job & { short_description: string | null })[] }).jobs;
    };
    const [job] = await page('');
    if (!job) throw new Error('the demo board lists no job');
    await page('&sort=newest');
    await api.db
      .update(jobPostings)
      .set({ shortDescription: 'Now with a lighthouse of its own' })
      .where(eq(jobPostings.id, job.id));
    boardWritten(api.db);
    for (const query of ['', '&sort=newest', '&visibility=job_board_only'])
      expect((await page(query)).find((listed) => listed.id === job.id)?.short_description).toBe(
        'Now with a lighthouse of its own',
      );
  });

  it("finds a job by its new title and its company's new investor in the next search, and never once it is closed", async () => {
    const job = await aListedJob();
    const search = async (query: string) =>
      (await list(`/public-job-posting?limit=5&${query}`)).jobs.map((listed) => [listed.id, listed.title]);
    expect(await search('title=Cartographer')).toEqual([]);
    await api.db.update(jobPostings).set({ title: 'Cartographer of Tides' }).where(eq(jobPostings.id, job.id));
    boardWritten(api.db);
    expect(await search('title=cartographer%20OF')).toEqual([[job.id, 'Cartographer of Tides']]);
    const [row] = await api.db.select().from(jobPostings).where(eq(jobPostings.id, job.id));
    await api.db
      .update(organizations)
      .set({ investors: { all: ['Tidewater Ventures'], last_round: [] } })
      .where(eq(organizations.id, row?.organizationId ?? 0));
    boardWritten(api.db);
    expect(await search('investor=Tidewater%20Ventures&title=cartographer')).toEqual([
      [job.id, 'Cartographer of Tides'],
    ]);
    await api.db.update(jobPostings).set({ status: 'closed' }).where(eq(jobPostings.id, job.id));
    boardWritten(api.db);
    expect(await search('title=cartographer')).toEqual([]);
  });
});

describe('concurrent requests', () => {
  it('answer the same list to everyone asking at once', async () => {
    const job = await aListedJob();
    await api.db.update(jobPostings).set({ title: 'Concurrency Engineer' }).where(eq(jobPostings.id, job.id));
    boardWritten(api.db);
    const bodies = await Promise.all(
      Array.from({ length: 5 }, async () =>
        text(await api.app.request('/public-job-posting', { headers: { 'Accept-Encoding': 'gzip' } })),
      ),
    );
    expect(new Set(bodies).size).toBe(1);
    expect(bodies[0]).toContain('Concurrency Engineer');
  });
});
