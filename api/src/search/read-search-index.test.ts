import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteOf } from '../db/client';
import { type DatabaseHandle, openDatabase } from '../db/database';
import { selectRows } from '../db/select-rows';
import { generateDemoData } from '../seed/demo-data';
import { seed } from '../seed/seed';
import { createTestDatabase } from '../test/test-database';
import { readSearchIndex } from './read-search-index';

let database: DatabaseHandle;
let drop: () => Promise<void>;
/** Every statement the database is sent, as written. */
const statements: string[] = [];
beforeAll(async () => {
  const created = await createTestDatabase();
  drop = created.drop;
  database = await openDatabase({
    databaseUrl: created.url,
    pgliteDataDir: 'memory://',
    logger: { logQuery: (query) => void statements.push(query) },
  });
  await seed(database.db, generateDemoData({ jobs: 300 }));
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

describe('the search index read whole', () => {
  it('is every listed job in the newest order, read a page of jobs at a time, never the board in one answer', async () => {
    const expected = await selectRows<{ id: number }>(
      database.db,
      sql`select id from job_postings where status = 'published' order by posted_us desc, id desc`,
    );
    statements.length = 0;
    const { index, version } = await readSearchIndex(database.db, 40);
    expect(Array.from(index.ids)).toEqual(expected.map((row) => row.id));
    expect(index.size).toBeGreaterThan(200);
    expect(version).toBeGreaterThan(0);
    // 40 jobs an answer: as many fetches as that takes, and no statement that gathers every job.
    const fetches = statements.filter((statement) => /^fetch forward 40 /.test(statement));
    expect(fetches.length).toBe(Math.floor(index.size / 40) + 1);
    expect(statements.filter((statement) => /json_agg\(json_build_array\("job_postings"/.test(statement))).toEqual([]);
  });

  it('holds what it read at one version: the jobs and companies as they were when it began', async () => {
    const before = await readSearchIndex(database.db, 40);
    await database.db.execute(sql`update job_postings set title = 'Renamed' where id = ${before.index.ids[0] ?? 0}`);
    const after = await readSearchIndex(database.db, 40);
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.index.title.values[after.index.title.codes[0] ?? -1]).toBe('renamed');
    expect(before.index.title.values[before.index.title.codes[0] ?? -1]).not.toBe('renamed');
  });
});

describe("PGlite's own memory", () => {
  it('caches at most 32 MB of pages, not the 128 MB a server would', async () => {
    const own = await openDatabase({ pgliteDataDir: 'memory://' });
    try {
      const pglite = pgliteOf(own.db);
      const [row] =
        (await pglite?.query<{ size: string }>(`select current_setting('shared_buffers') as size`))?.rows ?? [];
      expect(row?.size).toBe('32MB');
    } finally {
      await own.close();
    }
  });
});
