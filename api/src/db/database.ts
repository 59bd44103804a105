import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Logger } from 'drizzle-orm/logger';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as alertTables from './alert-tables';
import * as applicationTables from './application-tables';
import * as boardChangeTables from './board-change-tables';
import * as jobBoardTables from './job-board-tables';
import * as scheduledWorkTables from './scheduled-work-tables';

/** Every table, by table group: the relational queries of both drivers see them all. */
const schema = {
  ...jobBoardTables,
  ...applicationTables,
  ...alertTables,
  ...boardChangeTables,
  ...scheduledWorkTables,
};

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** What the routes use: the common base of the PGlite and the PostgreSQL drivers. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Runs `work` while no other process does work under the same lock: on PostgreSQL a session
   * advisory lock, which PostgreSQL releases by itself if the process dies; PGlite has one
   * process by construction. Instances started together take turns.
   */
  exclusive<T>(lock: string, work: () => Promise<T>): Promise<T>;
  /** PGlite only: the whole data folder as one tarball, to open again with `pgliteSnapshot`. */
  snapshot?(): Promise<Blob>;
  close(): Promise<void>;
}

/** The start-up lock: migrations, then what server.ts does once (seeding an empty database). */
export const startUpLock = 'board:start-up';

/**
 * PostgreSQL when a connection string is given, otherwise embedded PGlite (a data folder, or
 * "memory://" for tests). Both get the committed migrations before use, on PostgreSQL under the
 * start-up lock: of instances started together on an empty database, one migrates and the
 * others wait for it, then find nothing left to do.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  pgliteDataDir?: string;
  /** Sees every query (the search benchmark's EXPLAIN). */
  logger?: Logger;
  /**
   * PGlite: start from this data folder (a `snapshot()` tarball) instead of an empty one. An empty
   * folder costs PGlite's initdb, seconds of WebAssembly (over 30 s on two busy cores): the unit
   * tests' databases copy one migrated once per run, the e2e boards one migrated and seeded.
   */
  pgliteSnapshot?: Blob;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const client = postgres(options.databaseUrl, { max: 10, onnotice: () => {} });
    const db = drizzlePostgres(client, { schema, logger: options.logger });
    const exclusive = async <T>(lock: string, work: () => Promise<T>): Promise<T> => {
      // The lock belongs to one connection (a session), held aside from the pool for the work.
      const session = await client.reserve();
      try {
        await session`select pg_advisory_lock(hashtextextended(${lock}, 0))`;
        try {
          return await work();
        } finally {
          await session`select pg_advisory_unlock(hashtextextended(${lock}, 0))`;
        }
      } finally {
        session.release();
      }
    };
    try {
      await exclusive(startUpLock, () => migratePostgres(db, { migrationsFolder }));
    } catch (error) {
      await client.end({ timeout: 5 });
      throw error;
    }
    // Waits for queries in flight, at most 5 s: a connection the server dropped never holds a stop up.
    return { db, kind: 'postgres', exclusive, close: () => client.end({ timeout: 5 }) };
  }
  const dataDir = options.pgliteDataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  // pg_trgm: the search's "contains" indexes (migration 0002).
  const client = new PGlite(dataDir, {
    extensions: { pg_trgm },
    ...(options.pgliteSnapshot ? { loadDataDir: options.pgliteSnapshot } : {}),
  });
  const db = drizzlePglite(client, { schema, logger: options.logger });
  await migratePglite(db, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    exclusive: (_lock, work) => work(),
    snapshot: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}
