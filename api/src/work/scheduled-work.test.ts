import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/database';
import { scheduledRuns } from '../db/scheduled-work-tables';
import { createTestDatabase, openTestDatabase } from '../test/test-database';
import { claimRound, scheduledWork } from './scheduled-work';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
/** Two handles: on PostgreSQL, two connection pools, as two API instances have. */
let first: DatabaseHandle;
let second: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase(undefined, { migrated: true });
  first = await openTestDatabase(database.url);
  second = database.url ? await openDatabase({ databaseUrl: database.url }) : first;
});
afterAll(async () => {
  if (second !== first) await second?.close();
  await first?.close();
  await database?.drop();
});

describe('scheduled work', () => {
  it('of many claims made at once by two instances, exactly one wins the round', async () => {
    for (let round = 0; round < 5; round++) {
      const name = `claim-race-${round}`;
      const claims = await Promise.all(
        Array.from({ length: 10 }, (_, index) => claimRound((index % 2 ? second : first).db, name, 60_000)),
      );
      expect(claims.filter(Boolean)).toHaveLength(1);
    }
  });

  it('a round is due again once the interval has passed since it was claimed', async () => {
    expect(await claimRound(first.db, 'interval', 60_000)).toBe(true);
    expect(await claimRound(second.db, 'interval', 60_000)).toBe(false);
    // The last claim moved an hour back: due for either instance.
    await first.db
      .update(scheduledRuns)
      .set({ lastStartedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(scheduledRuns.name, 'interval'));
    expect(await claimRound(second.db, 'interval', 60_000)).toBe(true);
    expect(await claimRound(first.db, 'interval', 60_000)).toBe(false);
  });

  it('runs the work on the instance that claimed it, records when it finished, and not again within the interval', async () => {
    const runs: string[] = [];
    const on = (who: string, handle: DatabaseHandle) =>
      scheduledWork({
        db: handle.db,
        name: 'work',
        everyMs: 3_600_000,
        run: async () => {
          runs.push(who);
        },
      });
    const a = on('a', first);
    const b = on('b', second);
    const ran = await Promise.all([a.runIfDue(), b.runIfDue(), a.runIfDue(), b.runIfDue()]);
    expect(runs).toHaveLength(1);
    // A second call on the same instance shares its round under way: one of the two instances ran it.
    expect([ran[0], ran[1]].filter(Boolean)).toHaveLength(1);
    expect(ran[2]).toBe(ran[0]);
    const [row] = await first.db.select().from(scheduledRuns).where(eq(scheduledRuns.name, 'work'));
    expect(row?.lastFinishedAt).toBeInstanceOf(Date);
    expect(row?.lastClaimedBy).toMatch(/:\d+$/);
    expect(await b.runIfDue()).toBe(false);
    expect(runs).toHaveLength(1);
  });

  it('a round that fails is logged, and the work is not claimed again before its interval', async () => {
    const logs: Record<string, unknown>[] = [];
    const work = scheduledWork({
      db: first.db,
      name: 'failing',
      everyMs: 3_600_000,
      run: async () => {
        throw new Error('vendor down');
      },
      log: (entry) => logs.push(entry),
    });
    expect(await work.runIfDue()).toBe(false);
    expect(logs.map((entry) => entry.message)).toEqual([
      'failing: a round failed; the next one is due an interval after it started',
    ]);
    expect(await claimRound(second.db, 'failing', 3_600_000)).toBe(false);
  });

  it('with an interval of 0 it never starts', async () => {
    let ran = false;
    const work = scheduledWork({
      db: first.db,
      name: 'off',
      everyMs: 0,
      checkEveryMs: 10,
      run: async () => {
        ran = true;
      },
    });
    work.start();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await work.stop();
    expect(ran).toBe(false);
  });

  it('stopping tells a round under way to stop, and waits for it to end', async () => {
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let stoppedEarly = false;
    const work = scheduledWork({
      db: first.db,
      name: 'long-round',
      everyMs: 3_600_000,
      // A round that would go on for good: only the stop ends it.
      run: (stop) =>
        new Promise<void>((resolve) => {
          started();
          stop?.addEventListener('abort', () => {
            stoppedEarly = true;
            resolve();
          });
        }),
    });
    const round = work.runIfDue();
    await running;
    const hung = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('hung')), 240_000));
    await Promise.race([work.stop(), hung]);
    expect(stoppedEarly).toBe(true);
    expect(await round).toBe(true);
  });
});
