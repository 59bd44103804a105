/**
 * Reads while the data changes (decision 022), in-process, on a large board: call 1's searches
 * one after another through the API as `createApp` builds it, quiet and while jobs change,
 * applications arrive, other tables are written or an ATS source is synced (decision 023); how soon a job changed by SQL (the platform)
 * is found on every instance; and one transaction changing 1,000 jobs. It writes to the board:
 * run it on a copy (`pnpm bench` with BENCH_ONLY=live makes one).
 *
 *   pnpm --filter @board/api bench:live --data-dir .data/copy-of-a-large-board [--seconds 10]
 *   DATABASE_URL=postgres://…/copy LIVE_OTHER_DATABASE_URL=postgres://…/scratch pnpm --filter @board/api bench:live
 *
 * `--only import` (any of jobs, applications, unrelated, import, comma-separated) measures only
 * those writers' phases, between the two quiet ones, and skips the measures after the phases: a
 * quicker look at one writer (the section's table wants the whole run). `--only after` runs the
 * measures after the phases alone (a change found on every instance, the 1,000-job transaction). `--import-by command`
 * (PostgreSQL) runs the import writer's syncs as `pnpm sources sync <id>` does, in a process of
 * its own, instead of in the API's process as its scheduled sync does.
 *
 * The last line is the figures as JSON, after `LIVE_RESULT `.
 */

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { memoryLimits } from '@board/shared/lib/limits';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { createAlertsService } from '../alerts/alerts-service';
import { alertLinkMaker } from '../alerts/links';
import { createAlertTokens } from '../alerts/tokens';
import { createApp } from '../app/app';
import { dataVersion } from '../board-changes/data-version';
import { candidateLinkMaker, createCandidateTokens } from '../candidates/candidate-links';
import { createLocalCaptcha } from '../captcha/captcha';
import { type DatabaseHandle, openDatabase } from '../db/database';
import { selectRows } from '../db/select-rows';
import { type SourcesService, sourcesService } from '../sources/sources-service';
import { vendorHttp } from '../sources/vendor-http';
import { candidate } from '../test/application-form';
import { pdfBytes } from '../test/test-api';
import { benchSearches } from './bench-searches';
import { startBenchVendor } from './bench-vendor';
import {
  every,
  type InProcessApp,
  type LiveEngineResult,
  loadAverage,
  measureWhile,
  newSearches,
  type PhaseResult,
  type PhaseTarget,
  percentile,
  repeatedSearches,
  summary,
  timedSearch,
  together,
  turn,
  untilFound,
  type WindowTimes,
  type Workload,
  type Writer,
} from './live-load';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    seconds: { type: 'string' },
    only: { type: 'string' },
    'import-by': { type: 'string' },
  },
});
const databaseUrl = process.env.DATABASE_URL || undefined;
const otherDatabaseUrl = process.env.LIVE_OTHER_DATABASE_URL || undefined;
const seconds = Number(values.seconds ?? 10);
const origin = 'http://localhost';

/** Ashby's job-board API, as a local server in a process of its own: the source the import writer syncs. */
const vendors = await startBenchVendor();
const sourcesOf = (database: DatabaseHandle) =>
  sourcesService({
    db: database.db,
    http: vendorHttp({ trusted: Object.values(vendors.urls) }),
    vendorUrls: vendors.urls,
  });

/** An API instance as the server builds one (local captcha, no mail), on its own database handle. */
function instance(database: DatabaseHandle, sources: SourcesService = sourcesOf(database)) {
  const localCaptcha = createLocalCaptcha(randomBytes(32).toString('hex'));
  const tokens = createAlertTokens(randomBytes(32).toString('hex'));
  const links = alertLinkMaker(tokens, { api: () => origin, siteUrl: 'http://localhost:8080' });
  const unlimited = { max: 1_000_000_000, windowSeconds: 60 };
  return createApp({
    database,
    sources,
    candidates: { links: candidateLinkMaker(createCandidateTokens(randomBytes(32).toString('hex')), () => origin) },
    captcha: localCaptcha.verifier(),
    localCaptcha,
    corsOrigins: [],
    publicOrigin: () => origin,
    limits: memoryLimits(),
    rateLimit: unlimited,
    requestRateLimit: unlimited,
    log: () => {},
    clientAddress: () => '127.0.0.1',
    alerts: {
      tokens,
      links,
      service: createAlertsService({ db: database.db, links }),
      rateLimit: unlimited,
      operatorLoopback: false,
      peerAddress: () => undefined,
    },
  });
}

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
const mainSources = sourcesOf(main);
const a = instance(main, mainSources);
// PostgreSQL: the platform writing SQL (and, from the measures of a change on every instance on,
// a second instance).
const instances: InProcessApp[] = [a];
const platform = databaseUrl ? postgres(databaseUrl, { max: 2, onnotice: () => {} }) : null;
const other = otherDatabaseUrl ? postgres(otherDatabaseUrl, { max: 1, onnotice: () => {} }) : null;

/** A statement as the platform sends it: its own connection on PostgreSQL; on PGlite, the process's one client. */
async function platformSql(text: string, parameters: (string | number | number[])[] = []) {
  if (platform) await platform.unsafe(text, parameters as never[]);
  else
    await (main.db as unknown as { $client: { query(t: string, p: unknown[]): Promise<unknown> } }).$client.query(
      text,
      parameters,
    );
}

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

const words = [
  'engineer',
  'designer',
  'product',
  'data',
  'sales',
  'marketing',
  'manager',
  'senior',
  'lead',
  'analyst',
  'developer',
  'support',
  'operations',
  'finance',
  'research',
  'security',
  'platform',
  'mobile',
  'backend',
  'growth',
];
const workloads: Record<string, Workload> = {
  repeated: repeatedSearches([...benchSearches]),
  new: newSearches(
    words,
    facets.locations.slice(0, 40).map((location) => location.value),
  ),
};

const pick = (n: number) => jobIds[(n * 7919) % jobIds.length] ?? 0;
/**
 * A job changed as the platform changes one: its title and salary. Numbered across the workloads
 * (`every` counts from 0 in each phase): the same values written again would change nothing, and
 * the second workload would measure no change at all.
 */
let jobChangesMade = 0;
const jobChanges: Writer = every(5, () => {
  const n = jobChangesMade++;
  return platformSql('update job_postings set title = $1, salary_max = $2 where id = $3', [
    `${words[n % words.length]} ${['Lead', 'Engineer', 'Manager'][n % 3]} ${n}`,
    60_000 + (n % 90) * 1000,
    pick(n),
  ]);
});
/** Applications arriving through the API (captcha, PDF, the database's submission limit). */
const applications: Writer = every(5, async (n) => {
  const challenge = (await (await a.request('/public/captcha/challenge')).json()) as {
    challenge_id: string;
    question: string;
  };
  const [, x, y] = /What is (\d+) \+ (\d+)\?/.exec(challenge.question) ?? [];
  const verified = await a.request('/public/captcha/verify', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ challenge_id: challenge.challenge_id, answer: String(Number(x) + Number(y)) }),
  });
  const form = new FormData();
  form.append('job_posting_id', String(pick(n)));
  for (const [name, value] of Object.entries(candidate)) form.append(name, value);
  form.append('recaptcha_token', ((await verified.json()) as { token: string }).token);
  form.append('candidate_resume', new Blob([pdfBytes() as BlobPart], { type: 'application/pdf' }), 'cv.pdf');
  const response = await a.request('/public/job-application/', { method: 'POST', body: form });
  if (response.status !== 201) throw new Error(`application: ${response.status}`);
});
/** Commits to a table the board never reads, in this database and (PostgreSQL) another one. */
const unrelated: Writer = together(
  every(20, (n) => platformSql('insert into bench_unrelated (note) values ($1)', [`note ${n}`])),
  ...(other ? [every(20, (n) => other.unsafe('insert into bench_unrelated (note) values ($1)', [`note ${n}`]))] : []),
);

/**
 * The import (`pnpm sources sync`, or the API's scheduled sync): a source of 1,000 jobs on a local
 * server answering as Ashby does, every job changed since the last sync (title, pay, a 3 KB
 * description), synced again as soon as the last sync ends. The first sync (every job new) runs
 * before the phases; each sync's time is kept (the target: 10 s).
 */
const sourceJobs = 1000;
const sourceBoard = `bench${randomBytes(4).toString('hex')}`;
let sourceRound = 1;
await vendors.setRound(sourceBoard, sourceJobs, sourceRound);
const { source } = await mainSources.add('ashby', sourceBoard, { company: 'Bench Imports' });
const syncTimes: number[] = [];
/** Each in-process sync's read (the vendor's answer, mapped) and write (its transactions), in ms. */
const syncSplits: { read: number; write: number }[] = [];
const byCommand = values['import-by'] === 'command';
if (byCommand && !databaseUrl)
  throw new Error('--import-by command needs DATABASE_URL (on PGlite the API holds the folder)');
/** One sync as the command makes it: its own process, on the database directly; its one line parsed. */
async function syncByCommand(): Promise<{ ok: boolean; line: string; counts?: { updated: number } }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/sources.ts', 'sync', String(source.id)], {
    cwd: apiDir,
    env: { ...process.env, ASHBY_API_URL: vendors.urls.ashby },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const line = output.trim().split('\n').at(-1) ?? '';
  const updated = /(\d+) updated/.exec(line)?.[1];
  return { ok: code === 0, line, ...(updated ? { counts: { updated: Number(updated) } } : {}) };
}
async function syncSource() {
  const started = performance.now();
  const [synced] = byCommand ? [await syncByCommand()] : await mainSources.sync([source.id]);
  if (!synced?.ok) throw new Error(`the import failed: ${synced?.line}`);
  syncTimes.push(performance.now() - started);
  if ('ms' in synced && synced.ms) syncSplits.push(synced.ms);
  return synced;
}
const firstSync = await syncSource();
console.log(`import, first sync: ${Math.round(syncTimes[0] ?? 0)} ms: ${firstSync.line}`);
syncTimes.length = 0;
syncSplits.length = 0;
const imports: Writer = async (signal) => {
  let syncs = 0;
  while (!signal.aborted) {
    await vendors.setRound(sourceBoard, sourceJobs, ++sourceRound);
    const synced = await syncSource();
    if (synced.counts?.updated !== sourceJobs) throw new Error(`the import did not change every job: ${synced.line}`);
    syncs++;
  }
  return syncs;
};

/**
 * The phases, each measured against the first (quiet): a writer, and what its searches must stay
 * within (`PhaseTarget`). A new writer is one more line here.
 */
const only = values.only ? new Set(values.only.split(',')) : null;
const allPhases: { name?: string; phase: string; writer: Writer | null; target: PhaseTarget | null }[] = [
  { phase: 'quiet', writer: null, target: null },
  { name: 'jobs', phase: 'while 5 jobs change a second', writer: jobChanges, target: 'within 2×' },
  { name: 'applications', phase: 'while 5 applications arrive a second', writer: applications, target: 'within 2×' },
  {
    name: 'unrelated',
    phase: `20 commits a second to a table the board does not read${other ? ' (and 20 in another database)' : ''}`,
    writer: unrelated,
    target: 'unchanged',
  },
  {
    name: 'import',
    phase: `while a ${sourceJobs.toLocaleString('en-GB')}-job ATS source syncs, every job changed`,
    writer: imports,
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

if (!measuresAfter) {
  const sorted = [...syncTimes].sort((x, y) => x - y);
  console.log(
    'syncs of a 1,000-job source, every job changed:',
    JSON.stringify({
      splits: syncSplits,
      syncs: sorted.length,
      p50: Math.round(percentile(sorted, 0.5)),
      max: Math.round(sorted.at(-1) ?? 0),
    }),
  );
  await vendors.close();
  await platform?.end();
  await other?.end();
  await main.close();
  process.exit(0);
}

// PostgreSQL: a second instance (its own connections, LISTEN and index), made now so that the
// phases above measure one instance's work alone.
const second = databaseUrl ? await open() : null;
if (second) {
  dataVersion(second.db, { onApplied });
  const b = instance(second);
  await timedSearch(b, 'limit=25');
  instances.push(b);
}

// A job changed by the platform, found on every instance: from its commit to each instance's
// first answer holding it.
const platformChange: number[][] = instances.map(() => []);
for (let sample = 0; sample < 10; sample++) {
  const marker = `relay${randomBytes(4).toString('hex')}`;
  const id = pick(1000 + sample);
  await platformSql('update job_postings set title = $1 where id = $2', [`Lighthouse ${marker}`, id]);
  const committed = performance.now();
  const times = await untilFound(
    instances,
    `limit=5&title=${marker}`,
    (body) => body.jobs.some((job) => job.id === id),
    committed,
  );
  for (const [at, ms] of times.entries()) platformChange[at]?.push(ms);
  await new Promise((resolve) => setTimeout(resolve, 300));
}
console.log('a job changed by SQL, ms until found, per instance:', JSON.stringify(platformChange));

// One transaction changing 1,000 jobs, while searches go on.
const bulkMarker = `bulk${randomBytes(4).toString('hex')}`;
const bulkIds = Array.from({ length: 1000 }, (_, n) => jobIds[(n * 97) % jobIds.length] ?? 0);
const bulkSql = `update job_postings set title = 'Bulk ${bulkMarker} ' || id where id = any($1::integer[])`;
const searches: { at: number; ms: number }[] = [];
const readingFrom = performance.now();
let reading = true;
const reader = (async () => {
  const workload = workloads.new as Workload;
  let next = 0;
  while (reading) {
    const at = performance.now();
    searches.push({ at, ms: await timedSearch(instances[next++ % instances.length] as InProcessApp, workload()) });
    await turn();
  }
})();
await new Promise((resolve) => setTimeout(resolve, 1000));
const begun = performance.now();
if (platform) await platform.begin((tx) => tx.unsafe(bulkSql, [[...new Set(bulkIds)]] as never[]));
else
  await main.db.transaction((tx) =>
    tx.execute(sql.raw(bulkSql.replace('$1::integer[]', `array[${[...new Set(bulkIds)].join(',')}]`))),
  );
const committed = performance.now();
const distinct = new Set(bulkIds).size;
const visibleMs = await untilFound(
  instances,
  `limit=1&title=${bulkMarker}`,
  (body) => body.total === distinct,
  committed,
);
const visible = committed + Math.max(...visibleMs);
await new Promise((resolve) => setTimeout(resolve, 1000));
reading = false;
await reader;
/** The searches that ran during [from, to] (`started`: that began in it). */
const window = (from: number, to: number, started = false): WindowTimes => {
  const inside = searches
    .filter((search) => (started ? search.at >= from : search.at + search.ms >= from) && search.at <= to)
    .map((search) => search.ms);
  const sorted = [...inside].sort((x, y) => x - y);
  return {
    searches: inside.length,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? Number.NaN,
  };
};
const bulk = {
  jobs: distinct,
  writeMs: Math.round(committed - begun),
  visibleMs: visibleMs.map(Math.round),
  duringWrite: window(begun, committed),
  // From the commit until a second after it is found on every instance: applied, and the answers
  // kept before it built again (the few searches of the apply alone say little at p99).
  whileApplied: window(committed, visible + 1000, true),
  wholeRun: summary(
    '1,000 jobs in one transaction',
    searches.map((search) => search.ms),
    performance.now() - readingFrom,
    1,
  ),
  loadAverage: loadAverage(),
};
console.log('one transaction changing 1,000 jobs:', JSON.stringify(bulk));

const sortedSyncs = [...syncTimes].sort((x, y) => x - y);
const sourceSyncs = {
  jobs: sourceJobs,
  syncs: sortedSyncs.length,
  p50: Math.round(percentile(sortedSyncs, 0.5)),
  max: Math.round(sortedSyncs.at(-1) ?? Number.NaN),
};
console.log('syncs of a 1,000-job source, every job changed:', JSON.stringify(sourceSyncs));

await vendors.close();
await platform?.end();
await other?.end();
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
};
console.log(`LIVE_RESULT ${JSON.stringify(result)}`);
