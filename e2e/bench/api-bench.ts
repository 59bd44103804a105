/**
 * The api section: calls 1 and 4 under load (autocannon, 10 connections, 10 s) on an API in its own
 * process, over the demo data (150 jobs) and over 10,000 generated jobs.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { apiProcess, rootDir } from './processes';

async function load(url: string) {
  const result = await autocannon({ url, duration: 10, connections: 10, headers: { 'accept-encoding': 'br, gzip' } });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}
export async function apiBench(jobs: number) {
  const env: Record<string, string> = { PGLITE_DATA_DIR: 'memory://', SEED: 'demo' };
  if (jobs > 150) {
    const dir = mkdtempSync(path.join(tmpdir(), 'bench-pglite-'));
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'bench/generate-large.ts', '--jobs', String(jobs), '--data-dir', dir],
        {
          cwd: path.join(rootDir, 'api'),
          stdio: 'inherit',
        },
      );
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`generate-large exited ${code}`))));
    });
    Object.assign(env, { PGLITE_DATA_DIR: dir, SEED: 'none' });
  }
  const { url, child } = await apiProcess(env);
  try {
    const list = await (await fetch(`${url}/public-job-posting`)).json();
    const id = (list as { jobs: { id: number }[] }).jobs[0]?.id;
    return {
      list: await load(`${url}/public-job-posting?visibility=job_board_only`),
      detail: await load(`${url}/public-job-posting/${id}?visibility=linkedin_or_job_board`),
    };
  } finally {
    child.kill();
  }
}

export function printApiBench(api: Record<string, Awaited<ReturnType<typeof apiBench>>>) {
  console.log('API (autocannon, 10 connections, 10 s)');
  console.table(
    Object.fromEntries(
      Object.entries(api).flatMap(([jobCount, calls]) =>
        Object.entries(calls).map(([call, r]) => [
          `${call === 'list' ? 'call 1' : 'call 4'}, ${jobCount} jobs`,
          { 'req/s': Math.round(r.rps), 'p50 ms': r.p50, 'p99 ms': r.p99, errors: r.errors },
        ]),
      ),
    ),
  );
}
