/**
 * `pnpm --filter @board/api bench:sources [--data-dir .data/pglite-large] [--jobs 1000]`: how long a
 * sync of one source takes on a large board (docs/performance.md, "Live data"). On a board made by
 * `generate:large` (PGlite; or the PostgreSQL database DATABASE_URL names), it adds a source whose
 * vendor is a local server answering as Ashby does, then times:
 *   1. the first sync (every job new),
 *   2. a sync in which every job changed (title, pay, description),
 *   3. a sync of the unchanged source (no row written),
 * and call 1's searches run in-process while the second sync writes (p50, p95, max), with a read of
 * the database (one row) every 20 ms beside them: on PGlite it waits while the sync's transaction
 * holds the one connection (its max is that hold). The board is left as it was: the source is
 * removed and its jobs deleted at the end.
 *
 * Prints one JSON line, for the bench to read.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { memoryLimits } from '@board/shared/lib/limits';
import { eq, inArray } from 'drizzle-orm';
import { createAlertsService } from '../src/alerts/alerts-service';
import { alertLinkMaker } from '../src/alerts/links';
import { createAlertTokens } from '../src/alerts/tokens';
import { createApp } from '../src/app';
import { candidateLinkMaker, createCandidateTokens } from '../src/candidates/candidate-links';
import { createLocalCaptcha } from '../src/captcha/captcha';
import { openDatabase } from '../src/db/database';
import { jobPostings, jobSources, organizations } from '../src/db/job-board-tables';
import { sourcesService } from '../src/sources/sources-service';
import { vendorHttp } from '../src/sources/vendor-http';
import { benchAshbyJobs } from '../src/test/ashby-jobs';
import { startFakeVendors } from '../src/test/fake-vendors';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { jobs: { type: 'string' }, 'data-dir': { type: 'string' } } });
const count = Number(values.jobs ?? 1000);
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = path.resolve(apiDir, values['data-dir'] ?? '.data/pglite-large');

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const database = await openDatabase({ databaseUrl, pgliteDataDir: dataDir });
const fake = await startFakeVendors();
const sources = sourcesService({
  db: database.db,
  http: vendorHttp({ trusted: Object.values(fake.urls) }),
  vendorUrls: fake.urls,
});
const tokens = createAlertTokens('bench-secret-of-enough-length-0123');
const links = alertLinkMaker(tokens, { api: () => 'http://localhost', siteUrl: 'http://localhost:8080' });
const app = createApp({
  database,
  sources,
  candidates: {
    links: candidateLinkMaker(createCandidateTokens('bench-secret-of-enough-length-0123'), () => 'http://localhost'),
  },
  captcha: createLocalCaptcha('bench-captcha-secret-0123456789').verifier(),
  corsOrigins: [],
  publicOrigin: () => 'http://localhost',
  limits: memoryLimits(),
  rateLimit: { max: 1000, windowSeconds: 600 },
  requestRateLimit: { max: 1_000_000, windowSeconds: 60 },
  log: () => {},
  clientAddress: () => '127.0.0.1',
  alerts: {
    tokens,
    links,
    service: createAlertsService({ db: database.db, links }),
    rateLimit: { max: 1000, windowSeconds: 600 },
    operatorLoopback: false,
    peerAddress: () => '127.0.0.1',
  },
});
const boardTotal = async () =>
  ((await (await app.request('/public-job-posting?limit=1')).json()) as { total: number }).total;
const before = await boardTotal();
let sourceId: number | null = null;
try {
  const board = `bench${Date.now()}`;
  fake.setJobs('ashby', board, benchAshbyJobs(count, 1));
  ({
    source: { id: sourceId },
  } = await sources.add('ashby', board, { company: 'Bench Co' }));
  const id = sourceId;
  const timed = async () => {
    const started = performance.now();
    const [result] = await sources.sync([id]);
    return { ms: Math.round(performance.now() - started), line: result?.line ?? '', phases: result?.ms };
  };
  const first = await timed();
  const round = (n: number) => fake.setJobs('ashby', board, benchAshbyJobs(count, n));
  round(2);
  const changed = await timed();
  const unchanged = await timed();
  // Every job changes again while a visitor searches (call 1, one search every 20 ms).
  round(3);
  const searches = ['title=engineer', 'location=london', 'workplace=Remote&sort=salary', 'title=designer', ''];
  const latencies: number[] = [];
  const reads: number[] = [];
  let syncing = true;
  const readingRows = (async () => {
    while (syncing) {
      const started = performance.now();
      await database.db.select({ id: jobSources.id }).from(jobSources).limit(1);
      reads.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const reading = (async () => {
    for (let index = 0; syncing; index++) {
      const started = performance.now();
      await app.request(`/public-job-posting?limit=25&${searches[index % searches.length]}`);
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const changedWhileSearched = await timed();
  syncing = false;
  await reading;
  await readingRows;
  const sorted = [...latencies].sort((a, b) => a - b);
  const sortedReads = [...reads].sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      engine: database.kind,
      board_jobs: before,
      source_jobs: count,
      first_sync_ms: first.ms,
      first_line: first.line,
      first_phases_ms: first.phases,
      all_changed_sync_ms: changed.ms,
      all_changed_phases_ms: changed.phases,
      all_changed_line: changed.line,
      unchanged_sync_ms: unchanged.ms,
      unchanged_phases_ms: unchanged.phases,
      unchanged_line: unchanged.line,
      all_changed_while_searched_ms: changedWhileSearched.ms,
      all_changed_while_searched_phases_ms: changedWhileSearched.phases,
      searches_during_sync: {
        count: sorted.length,
        p50_ms: Math.round(percentile(sorted, 50) * 10) / 10,
        p95_ms: Math.round(percentile(sorted, 95) * 10) / 10,
        max_ms: Math.round((sorted.at(-1) ?? 0) * 10) / 10,
      },
      database_reads_during_sync: {
        count: sortedReads.length,
        p50_ms: Math.round(percentile(sortedReads, 50) * 10) / 10,
        p95_ms: Math.round(percentile(sortedReads, 95) * 10) / 10,
        max_ms: Math.round((sortedReads.at(-1) ?? 0) * 10) / 10,
      },
    }),
  );
} finally {
  if (sourceId !== null) {
    const [source] = await database.db.select().from(jobSources).where(eq(jobSources.id, sourceId));
    await database.db.delete(jobPostings).where(eq(jobPostings.sourceId, sourceId));
    await database.db.delete(jobSources).where(eq(jobSources.id, sourceId));
    if (source) await database.db.delete(organizations).where(inArray(organizations.id, [source.organizationId]));
  }
  await fake.close();
  await database.close();
}
