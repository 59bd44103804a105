/**
 * Reads while the data changes (decision 022), in-process, on a large board: call 1's searches
 * one after another through the API as `createApp` builds it, quiet and while jobs change,
 * applications arrive, other tables are written, an ATS source is synced (decision 023) or a
 * portfolio file is applied; how soon a job changed by SQL (the platform) is found on every
 * instance; and one transaction changing 1,000 jobs. It writes to the board: run it on a copy
 * (`pnpm bench` with BENCH_ONLY=live makes one).
 *
 *   pnpm --filter @board/api bench:live --data-dir .data/copy-of-a-large-board [--seconds 10]
 *   DATABASE_URL=postgres://…/copy LIVE_OTHER_DATABASE_URL=postgres://…/scratch pnpm --filter @board/api bench:live
 *
 * `--only import` (any of jobs, applications, unrelated, import, portfolio, comma-separated)
 * measures only those writers' phases, between the two quiet ones, and skips the measures after
 * the phases: a quicker look at one writer (the section's table wants the whole run). `--only after` runs the
 * measures after the phases alone (a change found on every instance, the 1,000-job transaction).
 * The import's syncs run where the scheduled work runs (decision 041): on PostgreSQL in a process
 * of their own, as a worker beside the API instances (`--import-by process` runs them in the API's
 * process instead); on PGlite in the API's process. The portfolio writer applies a file of 500
 * new companies (all created), then the same companies changed (all updated), again and again:
 * on PostgreSQL as `pnpm portfolio apply` in a process of its own (`--import-by process`: the
 * portfolio's service in the API's process), on PGlite with the API's portfolio service; at least
 * one of each a phase, whose searches are timed until the last apply ends. Each apply's time is kept
 * (the target: 10 s), and how soon after it the investor filter finds the change (live-portfolio.ts).
 *
 * The last line is the figures as JSON, after `LIVE_RESULT `.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { dataVersion } from '../src/board-changes/data-version';
import { openDatabase } from '../src/db/database';
import { selectRows } from '../src/db/select-rows';
import { benchSearches } from './bench-searches';
import { startBenchVendor } from './bench-vendor';
import { bulkChange, platformChangeFound } from './live-after';
import { liveInstance, platformOf, sourcesOf } from './live-instance';
import {
  type InProcessApp,
  type LiveEngineResult,
  loadAverage,
  measureWhile,
  newSearches,
  type PhaseResult,
  type PhaseTarget,
  percentile,
  repeatedSearches,
  timedSearch,
  timing,
  type Workload,
  type Writer,
} from './live-load';
import { portfolioApplies, portfolioCompanies } from './live-portfolio';
import { applications, imports, jobChanges, unrelated, words } from './live-writers';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    seconds: { type: 'string' },
    only: { type: 'string' },
    'import-by': { type: 'string' },
  },
});
const databaseUrl = process.env.DATABASE_URL || undefined;
const seconds = Number(values.seconds ?? 10);

/** Ashby's job-board API, as a local server in a process of its own: the source the import writer syncs. */
const vendors = await startBenchVendor();

/** Each change an instance applied (how, rows, ms), for the figures of the phase it fell in. */
const appliedChanges: { at: number; how: string; rows: number; ms: number }[] = [];
const onApplied = (change: { how: string; rows: number; ms: number }) =>
  appliedChanges.push({ at: performance.now(), ...change });
const trace = process.env.LIVE_BENCH_TRACE === '1';

const open = () =>
  openDatabase({ databaseUrl, pgliteDataDir: path.resolve(apiDir, values['data-dir'] ?? '.data/pglite-large') });
const main = await open();
// Before the app is made: the instance's data version is made with these options.
dataVersion(main.db, { onApplied, log: trace ? (entry) => console.log(JSON.stringify(entry)) : undefined });
const mainSources = sourcesOf(main, vendors.urls);
const a = liveInstance(main, mainSources);
// PostgreSQL: the platform writing SQL (and, from the measures of a change on every instance on,
// a second instance).
const instances: InProcessApp[] = [a];
const { platform, other, platformSql, end } = platformOf(main, databaseUrl, process.env.LIVE_OTHER_DATABASE_URL);

const started = performance.now();
await timedSearch(a, 'limit=25'); // the index read whole
console.log(
  `${main.kind}: index read in ${Math.round(performance.now() - started)} ms; load average ${loadAverage().join(', ')}`,
);

const jobIds = (
  await selectRows<{ id: number }>(
    main.db,
    sql`select id from job_postings where status = 'published' and shown_on <> 'linkedin' order by id`,
  )
).map((row) => Number(row.id));
const { total: publicJobs, facets } = (await (await a.request('/public-job-posting?limit=1')).json()) as {
  total: number;
  facets: { locations: { value: string }[] };
};
const unrelatedTable =
  'create table if not exists bench_unrelated (id bigint generated always as identity, at timestamptz default now(), note text)';
await platformSql(unrelatedTable);
await other?.unsafe(unrelatedTable);

const workloads = {
  repeated: repeatedSearches([...benchSearches]),
  new: newSearches(
    words,
    facets.locations.slice(0, 40).map((location) => location.value),
  ),
} satisfies Record<string, Workload>;
const pick = (n: number) => jobIds[(n * 7919) % jobIds.length] ?? 0;

const sourceJobs = 1000;
if (values['import-by'] === 'command' && !databaseUrl)
  throw new Error('--import-by command needs DATABASE_URL (on PGlite the API holds the folder)');
const byCommand = databaseUrl !== undefined && values['import-by'] !== 'process';
const importer = await imports({ vendors, sources: mainSources, jobs: sourceJobs, byCommand, apiDir });
const only = values.only ? new Set(values.only.split(',')) : null;
if (!only || only.has('import')) console.log(`import, first sync: ${(await importer.first()).line}`);
const portfolio = portfolioApplies({ vendors, app: a, db: main.db, sources: mainSources, byCommand, apiDir });

/**
 * The phases, each measured against the first (quiet): a writer, and what its searches must stay
 * within (`PhaseTarget`). A new writer is one more line here.
 */
const allPhases: { name?: string; phase: string; writer: Writer | null; target: PhaseTarget | null }[] = [
  { phase: 'quiet', writer: null, target: null },
  { name: 'jobs', phase: 'while 5 jobs change a second', writer: jobChanges(platformSql, pick), target: 'within 2×' },
  {
    name: 'applications',
    phase: 'while 5 applications arrive a second',
    writer: applications(a, pick),
    target: 'within 2×',
  },
  {
    name: 'unrelated',
    phase: `20 commits a second to a table the board does not read${other ? ' (and 20 in another database)' : ''}`,
    writer: unrelated(platformSql, other),
    target: 'unchanged',
  },
  {
    name: 'import',
    phase: `while a ${sourceJobs.toLocaleString('en-GB')}-job ATS source syncs, every job changed`,
    writer: importer.writer,
    target: 'within 2×',
  },
  {
    name: 'portfolio',
    phase: `while a ${portfolioCompanies}-company portfolio file is applied (created, then updated)`,
    writer: portfolio.writer,
    target: 'within 2×',
  },
  { phase: 'quiet again', writer: null, target: null },
];
const phases = allPhases.filter(({ name }) => !only || !name || only.has(name));
const results: Record<string, PhaseResult[]> = {};
const measuresAfter = !only || only.has('after');
for (const [name, workload] of Object.entries(only && only.size === 1 && measuresAfter ? {} : workloads)) {
  results[name] = [];
  // Warmed first (the code compiled, the answers kept), then measured.
  await measureWhile('warm-up', a, workload, null, Math.max(2, seconds / 2));
  for (const { phase, writer, target } of phases) {
    const from = performance.now();
    const result = await measureWhile(phase, a, workload, writer, seconds, (query, ms) => {
      if (trace && ms > 100)
        console.log(`slow search at ${Math.round(performance.now() - from)} ms: ${Math.round(ms)} ms ${query}`);
    });
    const changes = appliedChanges.filter((change) => change.at >= from).map((change) => change.ms);
    const sorted = [...changes].sort((x, y) => x - y);
    result.applied = {
      changes: changes.length,
      p50: Math.round(percentile(sorted, 0.5) * 10) / 10,
      max: Math.round((sorted.at(-1) ?? 0) * 10) / 10,
      whole: appliedChanges.filter((change) => change.at >= from && change.how === 'whole').length,
    };
    results[name]?.push({ ...result, target });
    console.log(`${name} searches, ${phase}:`, JSON.stringify(result));
  }
}

const { count: syncs, ...syncTimes } = timing(importer.times);
const sourceSyncs = { jobs: sourceJobs, syncs, ...syncTimes };
console.log(
  `syncs of a 1,000-job source, every job changed (${importer.times.length ? 'read and write' : 'none'}):`,
  JSON.stringify({ splits: importer.splits, ...sourceSyncs }),
);
const { creates, updates, found } = portfolio.times;
const portfolioFigures = {
  companies: portfolioCompanies,
  byCommand,
  creates: timing(creates),
  updates: timing(updates),
  found: timing(found),
};
console.log(`applies of a ${portfolioCompanies}-company portfolio file, ms:`, JSON.stringify(portfolioFigures));
await portfolio.close();
if (!measuresAfter) {
  await vendors.close();
  await end();
  await main.close();
  process.exit(0);
}

// PostgreSQL: a second instance (its own connections, LISTEN and index), made now so that the
// phases above measure one instance's work alone.
const second = databaseUrl ? await open() : null;
if (second) {
  dataVersion(second.db, { onApplied });
  const b = liveInstance(second, sourcesOf(second, vendors.urls));
  await timedSearch(b, 'limit=25');
  instances.push(b);
}

const platformChange = await platformChangeFound(instances, platformSql, pick);
console.log('a job changed by SQL, ms until found, per instance:', JSON.stringify(platformChange));
const bulk = await bulkChange({ instances, workload: workloads.new, jobIds, main, platform, appliedChanges });
console.log('one transaction changing 1,000 jobs:', JSON.stringify(bulk));

await vendors.close();
await end();
await second?.close();
await main.close();
const result: LiveEngineResult = {
  engine: main.kind,
  publicJobs,
  seconds,
  instances: instances.length,
  workloads: results,
  platformChange: platformChange.map((times) => {
    const sorted = [...times].sort((x, y) => x - y);
    return {
      samples: sorted.length,
      p50: Math.round(percentile(sorted, 0.5)),
      max: Math.round(sorted.at(-1) ?? Number.NaN),
    };
  }),
  bulk,
  sourceSyncs,
  ...(creates.length > 0 ? { portfolio: portfolioFigures } : {}),
};
console.log(`LIVE_RESULT ${JSON.stringify(result)}`);
