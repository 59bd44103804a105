import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

/**
 * A fresh database for one test file: when DATABASE_URL names a PostgreSQL server (the suite's
 * PostgreSQL run), a new database on it, dropped by `drop`; otherwise none (in-memory PGlite).
 */
export async function createTestDatabase(): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  if (!process.env.DATABASE_URL) return { url: undefined, drop: async () => {} };
  const name = `board_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
