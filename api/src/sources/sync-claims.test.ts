import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { selectRows } from '../db/select-rows';
import { type FakeVendors, startFakeVendors } from '../test/fake-vendors';
import {
  ashbyJob,
  boardName,
  greenhouseJob,
  jobsOf,
  rowVersions,
  setGreenhouse,
  testSources,
} from '../test/source-fixtures';
import { createTestApi, type TestApi } from '../test/test-api';
import type { SourcesService } from './sources-service';
import { checkClaim, claimSource } from './sync-claim';
import { vendorHttp } from './vendor-http';

let api: TestApi;
let fake: FakeVendors;
let sources: SourcesService;
beforeAll(async () => {
  fake = await startFakeVendors();
  api = await createTestApi({ seedDemo: false });
  sources = testSources(api.db, fake);
});
afterAll(async () => {
  await api?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

const syncOne = async (id: number, service = sources) => {
  const [result] = await service.sync([id]);
  if (!result) throw new Error('no result');
  return result;
};

/** The source's claim: how many seconds it has left, and its end as the database keeps it (null: free). */
const claimOf = async (id: number) => {
  const [row] = await selectRows<{ left: number | null; until: string | null }>(
    api.db,
    sql`select extract(epoch from sync_claimed_until - now())::float8 as left, sync_claimed_until::text as until
      from job_sources where id = ${id}`,
  );
  return row ?? { left: null, until: null };
};

const until = async (condition: () => Promise<boolean>) => {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 20));
};

/** A source of `count` Ashby jobs, synced once. */
async function syncedSource(prefix: string, count: number) {
  const board = boardName(prefix);
  fake.setJobs(
    'ashby',
    board,
    Array.from({ length: count }, (_, n) => ashbyJob(`j${n}`)),
  );
  const { source } = await sources.add('ashby', board);
  await syncOne(source.id);
  return { id: source.id, board };
}

describe('a sync is all or nothing', () => {
  it('a failure in the middle of the writes leaves the board as it was; the next sync applies all of it', async () => {
    const { id, board } = await syncedSource('whole', 6);
    const versions = await rowVersions(api.db, id);
    // One job gone, two changed, 40 new: several statements on either engine.
    fake.setJobs('ashby', board, [
      ...Array.from({ length: 5 }, (_, n) => ashbyJob(`j${n}`, n < 2 ? { title: `Changed ${n}` } : {})),
      ...Array.from({ length: 40 }, (_, n) => ashbyJob(`new${n}`)),
    ]);
    let statements = 0;
    const failing = testSources(api.db, fake, {
      onWritten: () => {
        if (++statements === 2) throw new Error('the process died here');
      },
    });
    const failed = await syncOne(id, failing);
    expect(failed.line).toBe(`${id} ashby/${board}: failed: an error in the board (Error; the log has it)`);
    expect(await rowVersions(api.db, id)).toEqual(versions);
    expect((await claimOf(id)).until).toBeNull();
    expect((await syncOne(id)).line).toBe(`${id} ashby/${board}: 40 new, 2 updated, 1 closed, 3 unchanged`);
    expect((await jobsOf(api.db, id)).filter((job) => job.status === 'published')).toHaveLength(45);
  });

  it('a source that fails fails alone: the next source of its vendor syncs, and the log names the one that failed', async () => {
    const first = await syncedSource('alone', 1);
    const second = await syncedSource('alone', 1);
    for (const source of [first, second]) fake.setJobs('ashby', source.board, [ashbyJob('j0'), ashbyJob('j1')]);
    const logs: Record<string, unknown>[] = [];
    let thrown = false;
    const service = testSources(api.db, fake, {
      log: (entry) => logs.push(entry),
      onWritten: () => {
        if (thrown) return;
        thrown = true;
        throw new RangeError('Maximum call stack size exceeded');
      },
    });
    const results = await service.sync([first.id, second.id]);
    expect(results.map((result) => result.line)).toEqual([
      `${first.id} ashby/${first.board}: failed: an error in the board (RangeError; the log has it)`,
      `${second.id} ashby/${second.board}: 1 new, 0 updated, 0 closed, 1 unchanged`,
    ]);
    expect(logs[0]).toMatchObject({
      level: 'error',
      source_id: first.id,
      kind: 'ashby',
      board: first.board,
      line: results[0]?.line,
      error: 'RangeError: Maximum call stack size exceeded',
    });
    expect(logs[1]).toMatchObject({ level: 'info', source_id: second.id, message: 'source synced' });
  });

  it("an error of the board's while reading one job: the line and the log name the source and the job's ATS id", async () => {
    const broken = boardName('broken');
    const next = boardName('next');
    setGreenhouse(fake, broken, [greenhouseJob(1), greenhouseJob(7)]);
    setGreenhouse(fake, next, [greenhouseJob(1)]);
    const logs: Record<string, unknown>[] = [];
    const real = vendorHttp({ timeoutMs: 1_500, attempts: 1, trusted: Object.values(fake.urls) });
    const service = testSources(api.db, fake, {
      log: (entry) => logs.push(entry),
      // Job 7's pay breaks the board's reading of it, as a bug would (not an answer the vendor gave).
      http: {
        json: (url, maxBytes) =>
          url.includes(`/${broken}/jobs/7?`)
            ? Promise.reject(new RangeError('Maximum call stack size exceeded'))
            : real.json(url, maxBytes),
      },
    });
    const first = (await service.add('greenhouse', broken)).source.id;
    const second = (await service.add('greenhouse', next)).source.id;
    const results = await service.sync([first, second]);
    expect(results.map((result) => result.line)).toEqual([
      `${first} greenhouse/${broken}: failed: an error in the board while reading job 7 (RangeError; the log has it)`,
      `${second} greenhouse/${next}: 1 new, 0 updated, 0 closed, 0 unchanged`,
    ]);
    expect(await jobsOf(api.db, first)).toEqual([]);
    expect(logs[0]).toMatchObject({
      level: 'error',
      source_id: first,
      kind: 'greenhouse',
      board: broken,
      ats_id: '7',
      error: 'RangeError: Maximum call stack size exceeded',
    });
    const [listed] = await service.list([first]);
    expect(listed?.last_sync).toMatchObject({ ok: false, line: results[0]?.line });
  });
});

describe('a claim is a lease its holder renews', () => {
  it('a sync holds its source for a minute at most, renewing it while it works', async () => {
    const { id, board } = await syncedSource('lease', 1);
    fake.script('ashby', `/posting-api/job-board/${board}`, [{ delayMs: 1_000 }]);
    const renewing = testSources(api.db, fake, { lease: { leaseSeconds: 60, renewEveryMs: 50 } });
    const syncing = syncOne(id, renewing);
    await until(async () => (await claimOf(id)).until !== null);
    const first = await claimOf(id);
    expect(first.left).toBeLessThanOrEqual(60);
    // Renewed while the vendor's answer is awaited: another sync finds the source held.
    await until(async () => (await claimOf(id)).until !== first.until);
    expect((await syncOne(id)).line).toMatch(
      new RegExp(`^${id} ashby/${board}: failed: a sync of this source is under way`),
    );
    expect((await syncing).ok).toBe(true);
    expect((await claimOf(id)).until).toBeNull();
  });

  it('a claim its holder stopped renewing is taken over once its lease ends, and the old holder writes nothing', async () => {
    const { id, board } = await syncedSource('takeover', 1);
    const dead = await claimSource(api.db, id, { leaseSeconds: 60, renewEveryMs: 3_600_000 });
    if (!dead) throw new Error('not claimed');
    expect((await syncOne(id)).line).toMatch(/a sync of this source is under way/);
    // Its lease runs out (the holder died, or stalled past it).
    await api.db.execute(sql`update job_sources set sync_claimed_until = now() - interval '1 second' where id = ${id}`);
    const versions = await rowVersions(api.db, id);
    const taker = await claimSource(api.db, id);
    if (!taker) throw new Error('not taken over');
    expect(await dead.held((token) => api.db.transaction((tx) => checkClaim(tx, id, token)))).toBe('lost');
    await dead.release(false, 'the old holder');
    expect((await claimOf(id)).until).not.toBeNull();
    await taker.release(true, 'taken over');
    expect((await syncOne(id)).line).toBe(`${id} ashby/${board}: 0 new, 0 updated, 0 closed, 1 unchanged`);
    expect(await rowVersions(api.db, id)).toEqual(versions);
  });

  it('removing a source and adding it again keeps no claim', async () => {
    const { id, board } = await syncedSource('readd', 1);
    await api.db.execute(
      sql`update job_sources set sync_claimed_until = now() + interval '30 minutes' where id = ${id}`,
    );
    await sources.remove(id);
    expect((await claimOf(id)).until).toBeNull();
    await sources.add('ashby', board);
    expect((await syncOne(id)).line).toBe(`${id} ashby/${board}: 0 new, 1 updated, 0 closed, 0 unchanged`);
  });
});
