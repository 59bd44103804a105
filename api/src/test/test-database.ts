import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

/**
 * A fresh database for one test file: when `serverUrl` (by default DATABASE_URL) names a PostgreSQL
 * server (the suite's PostgreSQL run), a new database on it, dropped by `drop`; otherwise none
 * (in-memory PGlite).
 */
export async function createTestDatabase(
  serverUrl = process.env.DATABASE_URL,
): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  if (!serverUrl) return { url: undefined, drop: async () => {} };
  const name = `board_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
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
