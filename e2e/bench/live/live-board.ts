/**
 * The live section: reads while the data changes (decision 022), on the 100,000-job board of the
 * huge section (BENCH_HUGE_JOBS), on PGlite and, with BOARD_TEST_POSTGRES_URL, on PostgreSQL. The
 * API's own `bench:live` (api/bench/live-bench.ts) measures in-process, on a copy of the board
 * made for the run (it writes to it) and removed after: a copied PGlite folder, or a PostgreSQL
 * database made from the board's as a template, with a scratch database beside it for the
 * commits to another database.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { LiveEngineResult } from '../../../api/bench/live-load';
import { pgliteBoard, postgresBoard } from '../huge/dataset';
import { hugeJobs } from '../huge/huge-board';
import { rootDir } from '../processes';

const apiDir = path.join(rootDir, 'api');
const seconds = Number(process.env.BENCH_LIVE_SECONDS ?? 10);

export type { LiveEngineResult };

export interface LiveResult {
  jobs: number;
  pglite: LiveEngineResult;
  postgres?: LiveEngineResult;
}

function run(args: string[], env: Record<string, string>): Promise<LiveEngineResult> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/live-bench.ts', '--seconds', String(seconds), ...args],
    {
      cwd: apiDir,
      env: { ...process.env, NODE_ENV: 'development', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    output += text;
    for (const line of text.split('\n')) if (line && !line.startsWith('LIVE_RESULT ')) console.log(`live: ${line}`);
  });
  return new Promise((resolve, reject) =>
    child.on('exit', (code) => {
      const line = output.split('\n').find((candidate) => candidate.startsWith('LIVE_RESULT '));
      if (code !== 0 || !line) return reject(new Error(`bench:live exited ${code}`));
      resolve(JSON.parse(line.slice('LIVE_RESULT '.length)) as LiveEngineResult);
    }),
  );
}

async function onPglite(): Promise<LiveEngineResult> {
  const board = await pgliteBoard(hugeJobs);
  const copy = path.join(apiDir, '.data', `live-run-${randomBytes(4).toString('hex')}`);
  cpSync(board, copy, { recursive: true });
  try {
    return await run(['--data-dir', copy], {});
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

type Sql = { unsafe(query: string): Promise<unknown>; end(): Promise<void> };
type Postgres = (url: string, options: { max: number; onnotice: () => void }) => Sql;

async function onPostgres(serverUrl: string): Promise<LiveEngineResult> {
  const board = new URL(await postgresBoard(serverUrl, hugeJobs, 'live'));
  const suffix = randomBytes(4).toString('hex');
  const names = { copy: `live_run_${suffix}`, other: `live_other_${suffix}` };
  const postgres = createRequire(path.join(apiDir, 'package.json'))('postgres') as Postgres;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const urlOf = (name: string) => Object.assign(new URL(serverUrl), { pathname: `/${name}` }).href;
  try {
    await admin.unsafe(`create database ${names.copy} template ${board.pathname.slice(1)}`);
    await admin.unsafe(`create database ${names.other}`);
    return await run([], { DATABASE_URL: urlOf(names.copy), LIVE_OTHER_DATABASE_URL: urlOf(names.other) });
  } finally {
    for (const name of Object.values(names)) await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

export async function liveBench(): Promise<LiveResult> {
  const pglite = await onPglite();
  const serverUrl = process.env.BOARD_TEST_POSTGRES_URL;
  const postgres = serverUrl ? await onPostgres(serverUrl) : undefined;
  return { jobs: hugeJobs, pglite, ...(postgres ? { postgres } : {}) };
}
