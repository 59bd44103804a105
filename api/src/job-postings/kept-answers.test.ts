import type { JobPageBody } from '@board/shared/api/page-bodies';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBoardVersion } from '../board-changes/board-changes';
import { boardWritten } from '../board-changes/board-written';
import { jobPostings, organizations } from '../db/job-board-tables';
import { createTestApi, type TestApi } from '../test/test-api';

/**
 * The response cache keeps an answer across a change that cannot alter it (decision 022): a
 * change of jobs that match the search neither before nor after and leave its facets alone. Any
 * other change (a job it matches, one that moves the facets, a company) makes the next answer
 * afresh. On the engine the suite runs on (PGlite, or PostgreSQL in its run).
 */
let api: TestApi;
/** Three published board jobs of three different companies, none of them matching `searched`. */
let a: number;
let b: number;
let c: number;
const searched = 'cartographer';
const url = `/public-job-posting?limit=10&title=${searched}`;

beforeAll(async () => {
  api = await createTestApi();
  const jobs = await api.db
    .select({ id: jobPostings.id, organizationId: jobPostings.organizationId })
    .from(jobPostings)
    .where(
      sql`${jobPostings.status} = 'published' and ${jobPostings.shownOn} = 'job_board' and ${jobPostings.title} not ilike ${`%${searched}%`}`,
    );
  const byCompany = new Map(jobs.map((job) => [job.organizationId, job.id]));
  [a, b, c] = [...byCompany.values()] as [number, number, number];
  if (c === undefined) throw new Error('the demo board has fewer than three companies with a board job');
  await setTitle(a, 'Cartographer of Quiet Harbours');
  boardWritten(api.db);
});
afterAll(async () => {
  await api?.close();
});

const setTitle = (id: number, title: string) => api.db.update(jobPostings).set({ title }).where(eq(jobPostings.id, id));

async function get(path = url, headers: Record<string, string> = {}) {
  const response = await api.app.request(path, { headers });
  return {
    status: response.status,
    cache: response.headers.get('x-cache'),
    etag: response.headers.get('etag'),
    text: response.status === 200 ? await response.text() : '',
  };
}
const body = (answer: { text: string }) => JSON.parse(answer.text) as JobPageBody;

/** The answer kept: asked twice, the second from the cache. */
async function kept(path = url) {
  await get(path);
  const again = await get(path);
  expect(again.cache).toBe('hit');
  return again;
}

/** Runs a write and checks that it moved the data version (so a kept answer crossed a change). */
async function aChange(write: () => Promise<unknown>) {
  const before = await readBoardVersion(api.db);
  await write();
  boardWritten(api.db);
  expect(await readBoardVersion(api.db)).toBeGreaterThan(before);
}

describe('a kept search across a change', () => {
  it('is still a hit after a change of a job it matches neither before nor after, with the same ETag', async () => {
    const first = await kept();
    expect(body(first).jobs.map((job) => job.id)).toEqual([a]);
    await aChange(() => setTitle(b, 'Rope Maker of the Outer Docks'));
    await aChange(() => setTitle(c, 'Sail Mender'));
    const after = await get();
    expect(after.cache).toBe('hit');
    expect(after.etag).toBe(first.etag);
    expect(after.text).toBe(first.text);
    expect((await get(url, { 'If-None-Match': first.etag ?? '' })).status).toBe(304);
    // The same search built afresh (another page size, so another entry) answers the same.
    const fresh = await get(`/public-job-posting?limit=11&title=${searched}`);
    expect(fresh.cache).toBeNull();
    expect(body(fresh)).toEqual(body(first));
  });

  it('is built afresh after a change that brings a job into it, and after one that takes a job out', async () => {
    await kept();
    await aChange(() => setTitle(b, 'Cartographer’s Apprentice'));
    const brought = await get();
    expect(brought.cache).toBeNull();
    expect(
      body(brought)
        .jobs.map((job) => job.id)
        .sort(),
    ).toEqual([a, b].sort());
    expect(body(brought).total).toBe(2);

    await kept();
    await aChange(() => api.db.update(jobPostings).set({ status: 'closed' }).where(eq(jobPostings.id, b)));
    const closed = await get();
    expect(closed.cache).toBeNull();
    expect(body(closed).jobs.map((job) => job.id)).toEqual([a]);

    // Out by its title alone (nothing the facets count): only the job as it was matched.
    await aChange(() => setTitle(b, 'Cartographer Emeritus'));
    await api.db.update(jobPostings).set({ status: 'published' }).where(eq(jobPostings.id, b));
    boardWritten(api.db);
    expect(
      body(await kept())
        .jobs.map((job) => job.id)
        .sort(),
    ).toEqual([a, b].sort());
    await aChange(() => setTitle(b, 'Harbour Pilot'));
    const renamed = await get();
    expect(renamed.cache).toBeNull();
    expect(body(renamed).jobs.map((job) => job.id)).toEqual([a]);

    // A change of a job on the page that the search does not read (its description) shows too.
    await kept();
    await aChange(() =>
      api.db.update(jobPostings).set({ shortDescription: 'Maps the bays.' }).where(eq(jobPostings.id, a)),
    );
    const described = await get();
    expect(described.cache).toBeNull();
    expect(body(described).jobs[0]?.short_description).toBe('Maps the bays.');
  });

  it('is still a hit after a change of a job it matches before and after, off its page, in the same place', async () => {
    const path = '/public-job-posting?limit=1';
    const first = await kept(path);
    const onPage = body(first).jobs[0]?.id;
    const off = [b, c].find((id) => id !== onPage) ?? 0;
    await aChange(() => setTitle(off, `Net Mender ${onPage}`));
    const after = await get(path);
    expect([after.cache, after.etag]).toEqual(['hit', first.etag]);
    // The job on the page changed: built afresh, as it is now.
    await aChange(() =>
      api.db
        .update(jobPostings)
        .set({ shortDescription: 'Keeps the light.' })
        .where(eq(jobPostings.id, onPage ?? 0)),
    );
    const own = await get(path);
    expect(own.cache).toBeNull();
    expect(body(own).jobs.map((job) => [job.id, job.short_description])).toEqual([[onPage, 'Keeps the light.']]);
  });

  it("is built afresh after a change of a job it does not match that moves its scope's facets", async () => {
    const first = await kept();
    expect(body(first).facets.levels.map((level) => level.value)).not.toContain('Harbourmaster Grade');
    await aChange(() => api.db.update(jobPostings).set({ level: 'Harbourmaster Grade' }).where(eq(jobPostings.id, c)));
    const after = await get();
    expect(after.cache).toBeNull();
    expect(body(after).facets.levels).toContainEqual({ value: 'Harbourmaster Grade', count: 1 });
    expect(body(after).jobs.map((job) => job.id)).toEqual([a]);
  });

  it('is built afresh after any change of a company, even one none of its jobs belongs to', async () => {
    await kept();
    const [other] = await api.db
      .select({ organizationId: jobPostings.organizationId })
      .from(jobPostings)
      .where(eq(jobPostings.id, c));
    await aChange(() =>
      api.db
        .update(organizations)
        .set({ overview: 'Sails, rope and canvas.' })
        .where(eq(organizations.id, other?.organizationId ?? 0)),
    );
    expect((await get()).cache).toBeNull();
  });
});

describe('a kept job across a change', () => {
  it('is still a hit after a change of another job, and built afresh after a change of its own', async () => {
    const path = `/public-job-posting/${a}`;
    const first = await kept(path);
    await aChange(() => setTitle(c, 'Net Weaver'));
    const after = await get(path);
    expect([after.cache, after.etag, after.text]).toEqual(['hit', first.etag, first.text]);

    await aChange(() => setTitle(a, 'Cartographer of Loud Harbours'));
    const own = await get(path);
    expect(own.cache).toBeNull();
    expect((JSON.parse(own.text) as { title: string }).title).toBe('Cartographer of Loud Harbours');
  });
});

describe('answers that do not say what they read', () => {
  it('are built afresh after any change (the whole list, one company’s jobs)', async () => {
    for (const path of ['/public-job-posting', '/public-job-posting/job-board/list-organizations']) {
      await kept(path);
      await aChange(() => setTitle(c, `Net Weaver ${path.length}`));
      expect((await get(path)).cache, path).toBeNull();
    }
  });
});
