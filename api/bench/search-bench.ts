/**
 * Call 1's search on a large board, in-process (no HTTP, no response cache): p50/p95 per search
 * with `limit=25`, facets included, and, with --explain, the plan of every query each search runs.
 * The page's rows come from the API's row cache (row-cache.ts) as a repeated page's do; the same
 * searches with every page's rows read afresh are summed up after them ("rows read afresh").
 *
 *   pnpm --filter @board/api generate:large --jobs 100000 --data-dir .data/pglite-100k
 *   pnpm --filter @board/api bench:search --data-dir .data/pglite-100k [--runs 40] [--explain] [--exact-total]
 *   DATABASE_URL=postgres://… pnpm --filter @board/api bench:search [--explain]
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm/logger';
import { openDatabase } from '../src/db/database';
import { jobPostingRoutes } from '../src/job-postings/routes';
import { indexFacets } from '../src/search/index-facets';
import { readSearchIndex } from '../src/search/read-search-index';
import { benchSearches } from './bench-searches';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    runs: { type: 'string' },
    explain: { type: 'boolean' },
    // Every match counted, as before totals stopped at 10,000: the same searches, for comparison.
    'exact-total': { type: 'boolean' },
  },
});
const databaseUrl = process.env.DATABASE_URL || undefined;
const runs = Number(values.runs ?? 40);

let captured: { query: string; params: unknown[] }[] | null = null;
const logger: Logger = {
  logQuery(query, params) {
    captured?.push({ query, params });
  },
};
const database = await openDatabase({
  databaseUrl,
  pgliteDataDir: path.resolve(apiDir, values['data-dir'] ?? '.data/pglite-large'),
  logger,
});
const app = jobPostingRoutes(
  database.db,
  () => 'http://localhost',
  undefined,
  values['exact-total'] ? { exactTotalLimit: null } : {},
);

// The same searches with every page's rows read by SQL: a page none asked for lately.
const afresh = jobPostingRoutes(database.db, () => 'http://localhost', undefined, {
  ...(values['exact-total'] ? { exactTotalLimit: null } : {}),
  rowCache: false,
});

const searches = [...benchSearches];

async function call(
  query: string,
  on = app,
): Promise<{ next_cursor: string | null; total: number; total_is_lower_bound?: boolean }> {
  const response = await on.request(`/?${query}`);
  if (response.status !== 200) throw new Error(`${query}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { next_cursor: string | null; total: number; total_is_lower_bound?: boolean };
}

// The second page of a few searches: the keyset, not the first page, is what "Show more" runs.
for (const query of ['limit=25', 'limit=25&sort=salary', 'limit=25&title=engineer&workplace=Remote,Hybrid']) {
  const first = await call(query);
  if (first.next_cursor) searches.push(`${query}&cursor=${first.next_cursor}`);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] ?? 0;
const all: number[] = [];
// This process's CPU time per search (user + system): on PGlite that is all the search's work, and
// it moves far less with the machine's load than the wall time does (on PostgreSQL the server's
// share is not in it).
const allCpu: number[] = [];
const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
console.log(
  `${database.kind}, ${runs} runs per search (after one warm-up), totals ${values['exact-total'] ? 'exact' : 'exact up to 10,000'}; load average ${loadAverage()}`,
);
for (const query of searches) {
  const { total, total_is_lower_bound } = await call(query); // warm-up: the first reads the index, each scope's facets are counted once
  const times: number[] = [];
  const cpu: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    await call(query);
    const used = process.cpuUsage(cpuStarted);
    times.push(performance.now() - started);
    cpu.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  all.push(...times);
  allCpu.push(...cpu);
  const shownTotal = `${total}${total_is_lower_bound ? '+' : ''}`;
  console.log(
    `${percentile(times, 0.5).toFixed(1).padStart(6)} ms p50 ${percentile(times, 0.95).toFixed(1).padStart(6)} ms p95 (CPU ${percentile(cpu, 0.5).toFixed(1).padStart(5)} / ${percentile(cpu, 0.95).toFixed(1).padStart(5)})  total ${shownTotal.padStart(6)}  ${query.length > 80 ? `${query.slice(0, 80)}…` : query}`,
  );
}
all.sort((a, b) => a - b);
allCpu.sort((a, b) => a - b);
const allAfresh: number[] = [];
for (const query of searches) {
  await call(query, afresh);
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await call(query, afresh);
    allAfresh.push(performance.now() - started);
  }
}
allAfresh.sort((a, b) => a - b);
console.log(
  `all searches: p50 ${percentile(all, 0.5).toFixed(1)} ms, p95 ${percentile(all, 0.95).toFixed(1)} ms; this process's CPU p50 ${percentile(allCpu, 0.5).toFixed(1)} ms, p95 ${percentile(allCpu, 0.95).toFixed(1)} ms; load average ${loadAverage()}`,
);

console.log(
  `rows read afresh: p50 ${percentile(allAfresh, 0.5).toFixed(1)} ms, p95 ${percentile(allAfresh, 0.95).toFixed(1)} ms`,
);

// What a fresh process's first search pays (the server pays it at start): the index read whole,
// the facets counted over it. A change of the data after that is applied row by row (bench:live).
{
  const started = performance.now();
  const { index } = await readSearchIndex(database.db);
  indexFacets(index, { visibility: 'linkedin_or_job_board' });
  console.log(
    `first search of a fresh process (index read, facets counted): ${(performance.now() - started).toFixed(0)} ms`,
  );
}

if (values.explain) {
  const client = (database.db as unknown as { $client: unknown }).$client;
  const explain = async (query: string, params: unknown[]) => {
    const text = `explain (analyze, costs off, timing off, summary off) ${query}`;
    if (client instanceof PGlite) {
      const result = await client.query<Record<string, string>>(text, params);
      return result.rows.map((row) => Object.values(row)[0]).join('\n');
    }
    const rows = (await (client as { unsafe(q: string, p: unknown[]): Promise<Record<string, string>[]> }).unsafe(
      text,
      params,
    )) as Record<string, string>[];
    return rows.map((row) => Object.values(row)[0]).join('\n');
  };
  const seen = new Set<string>();
  for (const query of searches) {
    captured = [];
    await call(query);
    const queries = captured ?? [];
    captured = null;
    for (const { query: text, params } of queries) {
      const key = `${text} ${JSON.stringify(params)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      console.log(`\n--- ${query}\n${text}\n-- params ${JSON.stringify(params)}\n${await explain(text, params)}`);
    }
  }
}
await database.close();
