import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { boardWritten } from '../board-changes/board-written';
import { jobPostings } from '../db/job-board-tables';
import { type FakeVendors, startFakeVendors } from '../test/fake-vendors';
import { ashbyJob, boardName, greenhouseJob, jobsOf, setGreenhouse, testSources } from '../test/source-fixtures';
import { createTestApi, type TestApi } from '../test/test-api';
import type { SourcesService } from './sources-service';

let api: TestApi;
let fake: FakeVendors;
let sources: SourcesService;
const logs: Record<string, unknown>[] = [];
beforeAll(async () => {
  fake = await startFakeVendors();
  api = await createTestApi({ seedDemo: false });
  sources = testSources(api.db, fake, { log: (entry) => logs.push(entry) });
});
afterAll(async () => {
  await api?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  logs.length = 0;
});

const syncOne = async (id: number) => {
  const [result] = await sources.sync([id]);
  if (!result) throw new Error('no result');
  return result;
};

describe('answers a vendor should not give', () => {
  it('a description nested 20,000 deep is read, and the next source of that vendor syncs', async () => {
    const deep = boardName('deep');
    const next = boardName('next');
    fake.setJobs('ashby', deep, [
      ashbyJob('b', { descriptionHtml: `<p>${'<b>'.repeat(20_000)}x${'</b>'.repeat(20_000)}` }),
      ashbyJob('div', { descriptionHtml: `<p>${'<div>'.repeat(20_000)}x${'</div>'.repeat(20_000)}` }),
    ]);
    fake.setJobs('ashby', next, [ashbyJob('n1')]);
    const first = (await sources.add('ashby', deep)).source.id;
    const second = (await sources.add('ashby', next)).source.id;
    const results = await sources.sync([first, second]);
    expect(results.map((result) => result.line)).toEqual([
      `${first} ashby/${deep}: 2 new, 0 updated, 0 closed, 0 unchanged`,
      `${second} ashby/${next}: 1 new, 0 updated, 0 closed, 0 unchanged`,
    ]);
    expect((await jobsOf(api.db, first)).map((job) => job.shortDescription)).toEqual(['x', 'x']);
    // One log line per source, naming it.
    expect(logs).toEqual([
      expect.objectContaining({ source_id: first, kind: 'ashby', board: deep, message: 'source synced' }),
      expect.objectContaining({ source_id: second, kind: 'ashby', board: next, message: 'source synced' }),
    ]);
  });

  it('never shows a posting date later than the first sighting, and mends one kept from before', async () => {
    const board = boardName('future');
    fake.setJobs('ashby', board, [
      ashbyJob('far', { publishedAt: '2199-12-31T00:00:00Z' }),
      ashbyJob('past', { publishedAt: '2026-10-01T09:00:00Z' }),
    ]);
    const { source } = await sources.add('ashby', board);
    await syncOne(source.id);
    const [far, past] = await jobsOf(api.db, source.id);
    expect(far?.publishedAt?.getTime()).toBe(far?.firstSeenAt?.getTime());
    expect(past?.publishedAt).toEqual(new Date('2026-10-01T09:00:00Z'));
    // Newest first, the far date is no longer first: a job the board saw later is ahead of it.
    const later = boardName('later');
    fake.setJobs('ashby', later, [ashbyJob('new', { publishedAt: null })]);
    await syncOne((await sources.add('ashby', later)).source.id);
    const newest = (await (await api.app.request('/public-job-posting?limit=5&sort=newest')).json()) as {
      jobs: { title: string }[];
    };
    expect(newest.jobs[0]?.title).toBe('Designer new');
    // A date ahead of the first sighting kept in the database (before this rule) is mended at the next sync.
    await api.db.execute(sql`update job_postings set published_at = '2199-12-31' where id = ${past?.id ?? 0}`);
    boardWritten(api.db);
    expect((await syncOne(source.id)).line).toBe(
      `${source.id} ashby/${board}: 0 new, 1 updated, 0 closed, 1 unchanged`,
    );
    const [mended] = await api.db
      .select()
      .from(jobPostings)
      .where(eq(jobPostings.id, past?.id ?? 0));
    expect(mended?.publishedAt).toEqual(new Date('2026-10-01T09:00:00Z'));
  });

  it('refuses ids that are dot segments, encoded or not, before any request goes to another path', async () => {
    for (const id of ['.', '..', '%2e', '%2E%2e', '.%2E']) {
      const board = boardName('dots');
      setGreenhouse(fake, board, [greenhouseJob(1), greenhouseJob(id)]);
      const { source } = await sources.add('greenhouse', board);
      fake.requests.length = 0;
      expect((await syncOne(source.id)).line).toBe(
        `${source.id} greenhouse/${board}: failed: malformed answer: job 2 of the list has an id the board cannot use`,
      );
      expect(fake.requests.map((request) => request.path)).toEqual([`/v1/boards/${board}/jobs`]);
    }
    const lever = boardName('leverdots');
    fake.setJobs('lever', lever, [{ id: '..', text: 'Dots' }]);
    const { source } = await sources.add('lever', lever);
    expect((await syncOne(source.id)).line).toContain('has an id the board cannot use');
  });

  it('an answer of more than 20,000 jobs is refused before any request about one job', async () => {
    const board = boardName('huge');
    const jobs = Array.from({ length: 20_001 }, (_, n) => greenhouseJob(n + 1).item);
    fake.setJobs('greenhouse', board, jobs);
    const { source } = await sources.add('greenhouse', board);
    fake.requests.length = 0;
    expect((await syncOne(source.id)).line).toBe(
      `${source.id} greenhouse/${board}: failed: more than 20,000 jobs in the answer`,
    );
    expect(fake.requests.map((request) => request.path)).toEqual([`/v1/boards/${board}/jobs`]);
    expect(await jobsOf(api.db, source.id)).toEqual([]);
  });

  it("follows a redirect on the vendor's host only, reaches no inside address, and keeps no address in the line", async () => {
    const board = boardName('moved');
    setGreenhouse(fake, board, [greenhouseJob(1)]);
    const { source } = await sources.add('greenhouse', board);
    const list = `/v1/boards/${board}/jobs`;
    const port = new URL(fake.urls.greenhouse).port;
    // The same host and port: followed.
    fake.script('greenhouse', list, [{ status: 301, headers: { Location: `${list}?content=true` } }]);
    expect((await syncOne(source.id)).ok).toBe(true);
    const refused: [string, string][] = [
      [`http://localhost:${port}${list}?content=true`, 'a redirect to another host (not followed)'],
      ['http://169.254.169.254/latest/meta-data/', 'a redirect to another host (not followed)'],
      ['http://2852039166/latest/meta-data/', 'a redirect to another host (not followed)'],
      // The vendor's host name, another port: not the configured host:port, and loopback.
      [
        `http://127.0.0.1:${Number(port) + 1}${list}`,
        'the address is not a public one (private, loopback or link-local; refused)',
      ],
    ];
    for (const [location, reason] of refused) {
      fake.script('greenhouse', list, [{ status: 302, headers: { Location: location } }]);
      const { line } = await syncOne(source.id);
      expect(line).toBe(`${source.id} greenhouse/${board}: failed: ${reason}`);
      const [listed] = await sources.list([source.id]);
      expect(listed?.last_sync?.line).not.toMatch(/169\.254|127\.0|localhost|2852039166/);
    }
    expect(await jobsOf(api.db, source.id)).toHaveLength(1);
  });

  it('titles lose direction marks and noncharacters; an id with a control character is never printed', async () => {
    const board = boardName('marks');
    fake.setJobs('ashby', board, [ashbyJob('m1', { title: '\u200EDesigner\u200F \u061Cof\uFFFE things\uFFFF' })]);
    const { source } = await sources.add('ashby', board);
    await syncOne(source.id);
    expect((await jobsOf(api.db, source.id)).map((job) => job.title)).toEqual(['Designer of things']);
    fake.setJobs('ashby', board, [ashbyJob('m1'), ashbyJob('evil\u009B31m', { title: 'Evil' })]);
    const { line } = await syncOne(source.id);
    expect(line).toBe(
      `${source.id} ashby/${board}: failed: malformed answer: job 2 of the list has an id the board cannot use`,
    );
    expect(line).not.toMatch(/[\u0080-\u009F]/);
  });
});
