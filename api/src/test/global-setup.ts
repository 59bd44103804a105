import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { openDatabase } from '../db/database';
import { templateEnv } from './test-database';

/**
 * Once per API suite run, before any test file: one database with every committed migration,
 * which the test files' databases copy instead of each being made and migrated from nothing
 * (test-database.ts). On PGlite an archive of its data folder; on PostgreSQL (DATABASE_URL, the
 * suite's PostgreSQL run) a template database, dropped at the end. The workers inherit the
 * environment set here.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
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
    };
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'board-test-template-'));
  const archive = path.join(folder, 'migrated.tar');
  const database = await openDatabase({ pgliteDataDir: 'memory://' });
  // The PGlite driver's own client, which the common Database type does not name.
  const client = (database.db as unknown as { $client: PGlite }).$client;
  writeFileSync(archive, new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer()));
  await database.close();
  process.env[templateEnv.pglite] = archive;
  return async () => {
    delete process.env[templateEnv.pglite];
    rmSync(folder, { recursive: true, force: true });
  };
}
