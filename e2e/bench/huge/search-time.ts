/**
 * Call 1's search time on the huge board: in-process (the API's own `bench:search`: no HTTP, no
 * answer kept between requests) and over HTTP against the API's process as it serves. The API keeps
 * each answer 10 s (its response cache; the search index and the scope's facets until the data
 * changes), so over HTTP the searches are asked in rounds more than 10 s apart, each request
 * searching as a new search does; the same search repeated at once (its answer kept) is reported
 * beside it. Every search has filters or a sort and `limit=25`, and its answer carries the facets.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { rootDir } from '../processes';
import { roundedLoad } from '../run-info';
import { median, percentile } from '../stats';

export interface SearchTime {
  /** Over HTTP: the same search again within 10 s (its answer kept). */
  repeated?: { p50: number; p95: number };
  p50: number;
  p95: number;
  /** In-process: the same searches with every page's rows read by SQL (no row kept). */
  rowsAfresh?: { p50: number; p95: number };
  /** The first search of a fresh process, when the scope's facets are counted (in-process only). */
  firstSearchMs?: number;
  /** In-process: each search's p95 and total, slowest first (where the time goes). */
  bySearch?: { search: string; p95: number; total: number }[];
  loadAverage: number[];
}

const runs = 20;
const searches = [
  'limit=25',
  'limit=25&title=engineer',
  'limit=25&title=engineer&workplace=Remote,Hybrid',
  'limit=25&title=designer&sort=salary',
  'limit=25&investor=Accel',
  'limit=25&salary_min_k=80&salary_max_k=120',
  'limit=25&location=london&job_type=full-time',
  'limit=25&posted_within=7d&level=senior',
  'limit=25&title=zzz',
];

/** `pnpm --filter @board/api bench:search` on one database; its closing lines hold the figures. */
export async function searchInProcess(database: { dataDir: string } | { databaseUrl: string }): Promise<SearchTime> {
  const loadAverage = roundedLoad();
  const args = ['--import', 'tsx', 'bench/search-bench.ts', '--runs', String(runs)];
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development' };
  if ('dataDir' in database) args.push('--data-dir', database.dataDir);
  else env.DATABASE_URL = database.databaseUrl;
  const child = spawn(process.execPath, args, {
    cwd: path.join(rootDir, 'api'),
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`bench:search exited ${code}:\n${output}`);
  const all = /all searches: p50 ([\d.]+) ms, p95 ([\d.]+) ms/.exec(output);
  const afresh = /rows read afresh: p50 ([\d.]+) ms, p95 ([\d.]+) ms/.exec(output);
  const first = /first search of a fresh process \(index read, facets counted\): (\d+) ms/.exec(output);
  if (!all) throw new Error(`bench:search printed no summary:\n${output}`);
  const bySearch = [...output.matchAll(/^\s*[\d.]+ ms p50\s+([\d.]+) ms p95 \(CPU[^)]*\)\s+total\s+(\d+)\+?\s+(.+)$/gm)]
    .map(([, p95, total, search]) => ({ search: search ?? '', p95: Number(p95), total: Number(total) }))
    .sort((a, b) => b.p95 - a.p95);
  return {
    p50: Number(all[1]),
    p95: Number(all[2]),
    ...(afresh ? { rowsAfresh: { p50: Number(afresh[1]), p95: Number(afresh[2]) } } : {}),
    firstSearchMs: Number(first?.[1]),
    bySearch,
    loadAverage,
  };
}

async function timedCall(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
  const body = (await response.json()) as { facets?: unknown };
  if (response.status !== 200 || !body.facets) throw new Error(`${url}: ${response.status}, facets ${!!body.facets}`);
  return performance.now() - started;
}

const answerKeptMs = 10_000;
const httpRounds = 6;

/** The searches over HTTP, one at a time: in rounds past the kept answers, then each repeated. */
export async function searchOverHttp(apiUrl: string): Promise<SearchTime> {
  const loadAverage = roundedLoad();
  const urls = searches.map((search) => `${apiUrl}/public-job-posting?${search}`);
  const fresh: number[] = [];
  for (let round = 0; round < httpRounds; round++) {
    const started = Date.now();
    for (const url of urls) fresh.push(await timedCall(url));
    await new Promise((resolve) => setTimeout(resolve, answerKeptMs + 500 - (Date.now() - started)));
  }
  const repeated: number[] = [];
  for (const url of urls) for (let run = 0; run < runs; run++) repeated.push(await timedCall(url));
  return {
    p50: median(fresh),
    p95: percentile(fresh, 95),
    repeated: { p50: median(repeated), p95: percentile(repeated, 95) },
    loadAverage,
  };
}
