import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { jobPostings, organizations } from '../db/job-board-tables';
import { selectRows } from '../db/select-rows';
import { generateDemoData } from '../seed/demo-data';
import { seed } from '../seed/seed';
import { createTestDatabase, openTestDatabase } from '../test/test-database';
import { type Learned, readBoardVersion } from './board-changes';
import { liveIndex } from './live-index';

/**
 * What a request waits for when the news of a change arrive in an awkward order. The instance's
 * feed is the test's own (`watch`), so the order is the test's; the index reads the real change
 * log of the engine the suite runs on.
 */
let database: DatabaseHandle;
let drop: () => Promise<void>;
beforeAll(async () => {
  const created = await createTestDatabase(undefined, { migrated: true });
  drop = created.drop;
  database = await openTestDatabase(created.url);
  await seed(database.db, generateDemoData());
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

/** A live index whose news are told by hand, and whose writer's last write is `own`. */
function toldByHand() {
  const feed = { learned: (_news: Learned) => {}, own: 0 };
  const live = liveIndex(database.db, {
    waitUpTo: 100,
    watch: (_db, learned) => {
      feed.learned = learned;
      return { started: Promise.resolve(), ownWritesVersion: async () => feed.own };
    },
  });
  return { live, feed };
}

async function insertJob(title: string): Promise<number> {
  const [organization] = await database.db.select().from(organizations).limit(1);
  const [row] = await database.db
    .insert(jobPostings)
    .values({ organizationId: organization?.id ?? 0, title, status: 'published', publishedAt: new Date() })
    .returning({ id: jobPostings.id });
  return row?.id ?? 0;
}

const holds = (index: { ids: Int32Array; size: number }, id: number) => index.ids.subarray(0, index.size).includes(id);

describe('the next request after a small write through this instance', () => {
  it('waits for it although a read of the version that began before the index was read tells of it late, counting the whole log', async () => {
    const { live, feed } = toldByHand();
    const before = await live.state();
    const id = await insertJob('Lock Keeper of the Late News');
    feed.own = await readBoardVersion(database.db);
    expect(feed.own).toBeGreaterThan(before.version);
    // Its notification: one row.
    feed.learned({ version: feed.own, rows: 1, since: feed.own - 1 });
    // The read made when listening began (the index not read yet, so since version 0), its
    // snapshot taken after the write: every row of the log, nearly all of them in the index already.
    const [log] = await selectRows<{ rows: number }>(database.db, sql`select count(*)::int as rows from board_changes`);
    expect(log?.rows).toBeGreaterThan(100);
    feed.learned({ version: feed.own, rows: log?.rows ?? 0, since: 0 });

    const after = await live.state();
    expect(after.version).toBe(feed.own);
    expect(holds(after.index, id)).toBe(true);
  });
});
