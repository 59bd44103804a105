import { readFileSync, writeFileSync } from 'node:fs';
import { like, sql } from 'drizzle-orm';
import { openDatabase } from '../../api/src/db/database';
import { jobPostings } from '../../api/src/db/job-board-tables';
import { generateDemoData } from '../../api/src/seed/demo-data';
import { seed } from '../../api/src/seed/seed';
import { startApi } from '../../api/src/server';

/**
 * Where the run's seeded database is (`makeSeededSnapshot`, in the global set-up): every board's
 * API opens a copy of it. Without it (a bench, a script) an API starts from an empty database.
 */
const snapshotVariable = 'BOARD_E2E_PGLITE_SNAPSHOT';

/** The site the snapshot's demo data was made for: each board's API rewrites it to its own. */
const snapshotSite = 'http://snapshot.board.invalid';

/**
 * The demo data in a migrated PGlite database, dumped to `file` once per run: PGlite's initdb and
 * the migrations cost seconds of WebAssembly per database (over 30 s on two busy cores), which
 * every board, and every test that starts an API of its own, paid again.
 */
export async function makeSeededSnapshot(file: string): Promise<void> {
  const database = await openDatabase({ pgliteDataDir: 'memory://' });
  try {
    await seed(database.db, generateDemoData({ siteUrl: snapshotSite }));
    const tarball = await database.snapshot?.();
    if (!tarball) throw new Error('the database gives no snapshot');
    writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
  } finally {
    await database.close();
  }
  process.env[snapshotVariable] = file;
}

/** A copy of the run's seeded database, its in-site application links on `siteUrl`; null without one. */
async function seededDatabase(siteUrl: string) {
  const file = process.env[snapshotVariable];
  if (!file) return null;
  const database = await openDatabase({
    pgliteDataDir: 'memory://',
    pgliteSnapshot: new Blob([readFileSync(file)]),
  });
  // What the API's own seed would have written for this site (generateDemoData's siteUrl).
  await database.db
    .update(jobPostings)
    .set({ applicationUrl: sql`${siteUrl} || substr(${jobPostings.applicationUrl}, ${snapshotSite.length + 1})` })
    .where(like(jobPostings.applicationUrl, `${snapshotSite}/%`));
  return database;
}

/** The real API on an in-memory database (resumes included), allowing one board origin. */
export async function startMemoryApi(boardOrigin: string, env: Record<string, string> = {}) {
  const database = env.SEED === 'none' ? null : await seededDatabase(env.BOARD_SITE_URL ?? boardOrigin);
  return startApi(
    {
      PORT: '0',
      HOST: '127.0.0.1',
      PGLITE_DATA_DIR: 'memory://',
      CORS_ORIGINS: boardOrigin,
      BOARD_SITE_URL: boardOrigin,
      LOG_LEVEL: 'silent',
      // A whole suite's pages and tests talk to one API from 127.0.0.1: the flood guard would only make them flaky
      // (its own tests are in api/src/app.test.ts).
      REQUEST_RATE_LIMIT_MAX: '1000000',
      // `GET /metrics` on a port of its own, as deployed (Board's apiMetricsUrl).
      METRICS_PORT: '0',
      ...env,
    },
    database ? { database } : {},
  );
}
