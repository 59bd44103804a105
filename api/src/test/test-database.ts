import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { type DatabaseHandle, openDatabase } from '../db/database';

/**
 * Where the API suite's global set-up (test/global-setup.ts) left one migrated database to copy:
 * a template database on the suite's PostgreSQL. Without it (a single file run outside Vitest, the
 * e2e suite) every database is migrated from nothing.
 */
export const templateEnv = {
  postgres: 'BOARD_TEST_POSTGRES_TEMPLATE',
} as const;

/**
 * A fresh database for one test file: when `serverUrl` (by default DATABASE_URL) names a PostgreSQL
 * server (the suite's PostgreSQL run), a new database on it, dropped by `drop`; otherwise none
 * (in-memory PGlite). With `migrated`, the new database may be a copy of the suite's migrated
 * template (the same as migrating it, only faster), or of the `template` named; without, it is
 * empty, for the tests of migrating at start-up.
 */
export async function createTestDatabase(
  serverUrl = process.env.DATABASE_URL,
  options: { migrated?: boolean; template?: string } = {},
): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  if (!serverUrl) return { url: undefined, drop: async () => {} };
  const name = `board_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const template = options.template ?? (options.migrated ? process.env[templateEnv.postgres] : undefined);
  await admin.unsafe(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      // A backend the test role may not end (an autovacuum worker on the tables a test filled) can
      // hold the database for a moment: try again briefly before giving up.
      for (let attempt = 1; ; attempt++) {
        try {
          await admin.unsafe(`drop database if exists ${name} with (force)`);
          break;
        } catch (error) {
          if (attempt >= 10) throw error;
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      }
      await admin.end();
    },
  };
}

/**
 * The database a test opens: PostgreSQL at `url` (made by `createTestDatabase`), or without one
 * (outside the API suite) a PGlite, in memory or in a new `folder` on disk. Either way
 * `openDatabase` then applies the committed migrations (none left to do on a copy).
 */
export async function openTestDatabase(url: string | undefined, folder = 'memory://'): Promise<DatabaseHandle> {
  if (url) return openDatabase({ databaseUrl: url });
  return openDatabase({ pgliteDataDir: folder });
}
