import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/database';
import { readSearchIndex } from '../search/read-search-index';
import type { SearchIndex } from '../search/search-index';
import { generateDemoData } from '../seed/demo-data';
import { seed } from '../seed/seed';
import { createTestDatabase } from '../test/test-database';
import { withChanges } from './apply-changes';
import { positionsOf } from './index-order';
import { readChangesSince } from './read-changes';

let database: DatabaseHandle;
let drop: () => Promise<void>;
beforeAll(async () => {
  const created = await createTestDatabase();
  drop = created.drop;
  database = await openDatabase({ databaseUrl: created.url, pgliteDataDir: 'memory://' });
  // More jobs than one read of the changed rows holds (250).
  await seed(database.db, generateDemoData({ jobs: 700 }));
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

/** Each job of the index with its title, in the `newest` order. */
const titles = (index: SearchIndex) =>
  Array.from({ length: index.size }, (_, at) => [
    index.ids[at],
    index.title.values[index.title.codes[at] ?? -1],
    index.salaryTop[at],
  ]);

describe('a large change applied in the background', () => {
  it('is read a piece at a time, giving way between the pieces, and gives the index read afresh', async () => {
    const before = await readSearchIndex(database.db);
    await database.db.execute(
      sql`update job_postings set title = title || ' (renamed)', salary_max = coalesce(salary_max, 0) + 1000
        where id in (select id from job_postings order by id limit 600)`,
    );
    const pauses: string[] = [];
    const slice = async () => {
      pauses.push('pause');
    };
    const read = await readChangesSince(database.db, before.version, 10_000, slice);
    if (read.kind !== 'rows') throw new Error(`read ${read.kind}`);
    expect(read.changes.jobIds).toHaveLength(600);
    // 600 rows, 250 a statement: three reads, a pause before the second and the third.
    expect(pauses).toEqual(['pause', 'pause']);
    const after = await readSearchIndex(database.db);
    expect(read.changes.version).toBe(after.version);
    expect(titles(withChanges(before.index, read.changes))).toEqual(titles(after.index));
  });

  it('finds the changed jobs in the index in one pass: their positions, ascending, absent ones left out', () => {
    const ids = Int32Array.from([40, 7, 12, 99, 3, 12_000]);
    expect(positionsOf(ids, ids.length, [3, 40, 12_000, 5, 100_000])).toEqual([0, 4, 5]);
    expect(positionsOf(ids, 4, [3, 99])).toEqual([3]);
    expect(positionsOf(ids, ids.length, [])).toEqual([]);
  });
});
