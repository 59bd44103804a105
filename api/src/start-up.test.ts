import { readFileSync } from 'node:fs';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { organizations } from './db/job-board-tables';
import { selectRows } from './db/select-rows';
import { generateDemoData } from './seed/demo-data';
import { startApi } from './server';
import { createTestDatabase } from './test/test-database';

const journal = JSON.parse(readFileSync(path.join(import.meta.dirname, '../drizzle/meta/_journal.json'), 'utf8')) as {
  entries: unknown[];
};

// Several instances on one database: this runs in the suite's PostgreSQL run (PGlite is one process).
describe.runIf(process.env.DATABASE_URL)(
  'instances started together on an empty database (PostgreSQL run only)',
  () => {
    it('all come up; the migrations run once and the demo data is seeded once (the start-up lock)', async () => {
      const database = await createTestDatabase();
      const env = {
        BOARD_ENV: 'test',
        DATABASE_URL: database.url,
        PORT: '0',
        LOG_LEVEL: 'silent',
        SEED: 'demo',
        ALERTS_INTERVAL_SECONDS: '0',
      };
      const started = await Promise.allSettled([startApi(env), startApi(env), startApi(env)]);
      const apis = started.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
      try {
        expect(started.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
        for (const api of apis) {
          const health = await fetch(`${api.url}/health`);
          expect(await health.json()).toEqual({ status: 'ok', database: 'postgres' });
        }
        const [first] = apis;
        if (!first) throw new Error('no instance started');
        const migrations = await selectRows<{ hash: string }>(
          first.db,
          sql`select hash from drizzle.__drizzle_migrations`,
        );
        expect(migrations).toHaveLength(journal.entries.length);
        const [stored] = await first.db.select({ n: count() }).from(organizations);
        expect(stored?.n).toBe(generateDemoData().organizations.length);
      } finally {
        await Promise.all(apis.map((api) => api.close()));
        await database.drop();
      }
    });
  },
);
