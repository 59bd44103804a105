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
import { availabilityGate, gatedClient } from './availability';
import * as boardChangeTables from './board-change-tables';
import * as jobBoardTables from './job-board-tables';
import { holdDataFolder, prepareDataFolder, unopenableFolder } from './pglite-folder';
import * as scheduledWorkTables from './scheduled-work-tables';

/** Every table, by table group: the relational queries of both drivers see them all. */
const schema = {
  ...jobBoardTables,
  ...applicationTables,
  ...alertTables,
  ...boardChangeTables,
  ...scheduledWorkTables,
};

/**
 * PGlite's own bytea text codec goes byte by byte through an array of strings: writing a 10 MB
 * resume held the API's thread for about 18 s, reading it back 1.6 s. Node's hex codec does the same
 * in milliseconds, on the same text PostgreSQL reads and writes (`\x`, then two hex digits a byte).
 */
const byteaOid = 17;
const byteaCodec = {
  serializers: {
    [byteaOid]: (value: Uint8Array) =>
      `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`,
  },
  parsers: { [byteaOid]: (text: string) => new Uint8Array(Buffer.from(text.slice(2), 'hex')) },
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
  /**
   * Whether the database answers now (`GET /ready`): on PostgreSQL a probe of its own (shared
   * by whoever asks at once); PGlite lives in this process, and answers while it is open.
   */
  ready(): Promise<boolean>;
  /** PGlite only: the whole data folder as one tarball, to open again with `pgliteSnapshot`. */
  snapshot?(): Promise<Blob>;
  close(): Promise<void>;
}

/** The start-up lock: migrations, then what server.ts does once (seeding an empty database). */
export const startUpLock = 'board:start-up';

/**
 * PGlite's page cache, in its process's memory for good once filled (PostgreSQL's default, 128 MB,
 * is a server's, not this process's). Pages past it are read from the folder, which the system
 * keeps cached: a search reads a page's rows by id and the index is in memory (decision
 * 051-pglite-memory).
 */
export const pgliteSharedBuffers = '32MB';

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
  /** Where PostgreSQL going away and coming back is said, once each. */
  log?: (entry: Record<string, unknown>) => void;
  /**
   * PGlite: start from this data folder (a `snapshot()` tarball) instead of an empty one. An empty
   * folder costs PGlite's initdb, seconds of WebAssembly (over 30 s on two busy cores): the unit
   * tests' databases copy one migrated once per run, the e2e boards one migrated and seeded.
   */
  pgliteSnapshot?: Blob;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const url = options.databaseUrl;
    const log = options.log ?? (() => {});
    // The probe's own connection, made again after a probe that did not answer; none once closing.
    let prober: postgres.Sql | null = null;
    let closing = false;
    const endProbe = async () => {
      const ending = prober;
      prober = null;
      await ending?.end({ timeout: 0 }).catch(() => {});
    };
    const gate = availabilityGate({
      probe: async () => {
        if (closing) throw new Error('closing');
        // One connection, closed after a minute without probes (an instance no one checks holds none).
        prober ??= postgres(url, {
          max: 1,
          connect_timeout: 1,
          idle_timeout: 60,
          backoff: () => 0,
          onnotice: () => {},
        });
        await prober`select 1`;
      },
      abandon: () => void endProbe(),
      changed: (available) =>
        log({
          time: new Date().toISOString(),
          level: available ? 'info' : 'error',
          message: available
            ? 'database answering again'
            : 'database not answering: requests that need it get 503 until it does',
        }),
    });
    const client = postgres(url, {
      max: 10,
      onnotice: () => {},
      // A connection attempt that has not answered in 2 s failed (the default waits 30 s).
      connect_timeout: 2,
      // Reconnections wait at most half a second (the default grows to 20 s, shared by the pool,
      // and holds the queries queued behind it long after the database is back).
      backoff: (retries) => Math.min(0.05 * 2 ** retries, 0.5) * (0.5 + Math.random() / 2),
      // A connection closing (the server stopped, a connection refused): find out whether it is away.
      onclose: () => {
        if (!closing) gate.suspect();
      },
    });
    // What drizzle and the locks use: the client behind the gate (availability.ts).
    const gated = gatedClient(client, gate);
    const db = drizzlePostgres(gated, { schema, logger: options.logger });
    const exclusive = async <T>(lock: string, work: () => Promise<T>): Promise<T> => {
      // The lock belongs to one connection (a session), held aside from the pool for the work.
      const session = await gated.reserve();
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
      closing = true;
      await Promise.all([client.end({ timeout: 5 }), endProbe()]);
      throw error;
    }
    return {
      db,
      kind: 'postgres',
      exclusive,
      ready: () => gate.check(),
      // Waits for queries in flight, at most 5 s: a connection the server dropped never holds a stop up.
      close: async () => {
        closing = true;
        await Promise.all([client.end({ timeout: 5 }), endProbe()]);
      },
    };
  }
  const dataDir = options.pgliteDataDir ?? 'memory://';
  const onDisk = !dataDir.startsWith('memory://');
  // One process at a time on a folder, and a new folder made all or nothing (pglite-folder.ts).
  const release = onDisk ? holdDataFolder(dataDir) : () => {};
  try {
    const folder = onDisk ? prepareDataFolder(dataDir) : { fresh: true, created: () => {} };
    // pg_trgm: the search's "contains" indexes (migration 0002).
    const client = new PGlite(dataDir, {
      extensions: { pg_trgm },
      ...byteaCodec,
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${pgliteSharedBuffers}`],
      ...(options.pgliteSnapshot ? { loadDataDir: options.pgliteSnapshot } : {}),
    });
    try {
      // PGlite's start: the folder read, and after a crash its log replayed.
      await client.query('select 1');
    } catch (error) {
      await client.close().catch(() => {});
      throw folder.fresh ? error : unopenableFolder(dataDir, error);
    }
    const db = drizzlePglite(client, { schema, logger: options.logger });
    await migratePglite(db, { migrationsFolder }).catch(async (error: unknown) => {
      await client.close().catch(() => {});
      throw error;
    });
    folder.created();
    return {
      db,
      kind: 'pglite',
      exclusive: (_lock, work) => work(),
      ready: async () => !client.closed,
      snapshot: () => client.dumpDataDir('none'),
      close: async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
