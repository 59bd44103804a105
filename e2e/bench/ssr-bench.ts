import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../api/src/db/database';
import { placements } from '../../api/src/search/visible';
import { generateDemoData } from '../../api/src/seed/demo-data';
import { seed } from '../../api/src/seed/seed';
import type { Board } from '../support/board';
import { apiProcess } from './processes';
import { ssrConnections, ssrLoad, ssrSeconds, ssrWarmupSeconds } from './ssr-load';

const ssrBoardJobs = 150;

/**
 * Server rendering throughput: `/job/:id` and `/` with 150 public jobs, the shell's server
 * of `board` against the API in its own process on PGlite: the demo data with the generator's next
 * jobs until 150 are public (its first 150 are the demo data: the generator is sequential).
 */
export async function ssrBench(board: Board) {
  if (process.env.NODE_ENV !== 'production')
    throw new Error(`SSR bench: NODE_ENV is "${process.env.NODE_ENV}"; the figures are for production mode`);
  // The machine's load before the section (1, 5, 15 min): the figures are read against it.
  const loadAverage = loadavg();
  const generated = generateDemoData({ jobs: ssrBoardJobs * 2, siteUrl: board.url }).jobs;
  let jobs = 0;
  for (let publicJobs = 0; publicJobs < ssrBoardJobs; jobs++) {
    const job = generated[jobs];
    if (!job) throw new Error('SSR bench: the generator gave too few public jobs');
    if (job.status === 'published' && placements('job_board_only').includes(job.shownOn)) publicJobs++;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-ssr-pglite-'));
  const database = await openDatabase({ pgliteDataDir: dir });
  await seed(database.db, generateDemoData({ jobs, siteUrl: board.url }));
  await database.close();
  const { url: apiUrl, child } = await apiProcess({
    PGLITE_DATA_DIR: dir,
    SEED: 'none',
    BOARD_SITE_URL: board.url,
    CORS_ORIGINS: board.url,
  });
  const original = board.config;
  try {
    const list = (await (await fetch(`${apiUrl}/public-job-posting`)).json()) as {
      jobs: { id: number; title: string }[];
    };
    if (list.jobs.length !== ssrBoardJobs)
      throw new Error(`SSR bench: the board lists ${list.jobs.length} public jobs, not ${ssrBoardJobs}`);
    // The newest job: first on `/` (newest first, the board's default sort) and the job page measured.
    const job = list.jobs[0];
    if (!job) throw new Error('SSR bench: no public job');
    board.config = { ...original, apiBaseUrl: apiUrl };
    const routes = {
      '/job/:id': await ssrLoad(`${board.url}/job/${job.id}`, 'job', job.title),
      '/': await ssrLoad(`${board.url}/`, 'board', job.title),
    };
    const faults = Object.entries(routes)
      .filter(([, r]) => r.non2xx + r.errors + r.mismatches > 0)
      .map(
        ([route, r]) =>
          `${route}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.mismatches} of ${r.checked} bodies checked not the page`,
      );
    if (faults.length > 0) {
      console.table(routes);
      throw new Error(`SSR bench: responses under load were not all the page: ${faults.join('; ')}`);
    }
    return {
      publicJobs: list.jobs.length,
      jobId: job.id,
      nodeEnv: process.env.NODE_ENV,
      loadAverage: loadAverage.map((load) => Number(load.toFixed(2))),
      connections: ssrConnections,
      seconds: ssrSeconds,
      warmupSeconds: ssrWarmupSeconds,
      routes,
    };
  } finally {
    board.config = original;
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}
/** The section's table, and each route's figures against its target. */
export function printSsrBench(ssr: Awaited<ReturnType<typeof ssrBench>>) {
  console.log(
    `Server rendering (autocannon, ${ssr.connections} connections, ${ssr.seconds} s gzip after a ${ssr.warmupSeconds} s ` +
      `warm-up that checks every body; API in its own process, ${ssr.publicJobs} public jobs; NODE_ENV=${ssr.nodeEnv}; ` +
      `load average before: ${ssr.loadAverage.join(', ')})`,
  );
  console.table(
    Object.fromEntries(
      Object.entries(ssr.routes).map(([route, r]) => [
        route,
        {
          rendered: r.rendered ? 'yes' : 'NO',
          'pages/s': Math.round(r.rps),
          'p50 ms': r.p50,
          'p99 ms': r.p99,
          non2xx: r.non2xx,
          errors: r.errors,
          'not the page': `${r.mismatches} of ${r.checked}`,
          'bytes/page': r.bytesPerPage,
          'HTML bytes': r.htmlBytes,
          articles: r.articles,
        },
      ]),
    ),
  );
  const targets = { '/job/:id': { rps: 200, p99: 100 }, '/': { rps: 50, p99: Number.POSITIVE_INFINITY } };
  for (const [route, r] of Object.entries(ssr.routes)) {
    const target = targets[route as keyof typeof targets];
    const met = r.rps >= target.rps && r.p99 <= target.p99;
    const wanted = `≥ ${target.rps} pages/s${Number.isFinite(target.p99) ? `, p99 ≤ ${target.p99} ms` : ''}`;
    console.log(
      `  ${route}: ${Math.round(r.rps)} pages/s, p99 ${r.p99} ms (target ${wanted}): ` +
        (r.rendered ? (met ? 'met' : 'MISSED') : 'not a render (the page is not server-rendered): no verdict'),
    );
  }
}
