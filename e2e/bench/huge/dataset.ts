/**
 * The 100,000-job board the huge section measures, made by the API's own generator
 * (`generate:large`) and kept between runs: a PGlite folder under api/.data (gitignored) and, when
 * BOARD_TEST_POSTGRES_URL names a server, a database on it. Both are named by the job count and a
 * hash of everything that decides their content (the generator, the seed, the schema and its
 * migrations), so a change of any of them makes a new one and a run never measures stale data.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { rootDir } from '../processes';

const apiDir = path.join(rootDir, 'api');
const generatorInputs = [
  'bench/generate-large.ts',
  'src/seed/demo-data.ts',
  'src/seed/seed.ts',
  'src/db/job-board-tables.ts',
  'src/db/application-tables.ts',
  'src/db/alert-tables.ts',
  ...readdirSync(path.join(apiDir, 'drizzle'))
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => `drizzle/${file}`),
];

/** A short hash of the generator's inputs: the name of the data they make. */
function generatorHash(): string {
  const hash = createHash('sha256');
  for (const file of generatorInputs) hash.update(file).update(readFileSync(path.join(apiDir, file)));
  return hash.digest('hex').slice(0, 10);
}

function generate(jobs: number, dataDir: string, env: Record<string, string> = {}): Promise<void> {
  const started = Date.now();
  console.log(`Generating ${jobs} jobs (${env.DATABASE_URL ? 'PostgreSQL' : dataDir}); about 95 s for 100,000`);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/generate-large.ts', '--jobs', String(jobs), '--data-dir', dataDir],
    {
      cwd: apiDir,
      env: { ...process.env, NODE_ENV: 'development', ...env },
      stdio: 'inherit',
    },
  );
  return new Promise((resolve, reject) =>
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`generate:large exited ${code}`));
      console.log(`Generated in ${Math.round((Date.now() - started) / 1000)} s`);
      resolve();
    }),
  );
}

/** Removes the folders of a board of `jobs` jobs made by an earlier generator. */
function removeStale(jobs: number, current: string) {
  const dataDir = path.join(apiDir, '.data');
  for (const name of readdirSync(dataDir)) {
    if (name.startsWith(`bench-${jobs}-`) && !name.startsWith(current))
      rmSync(path.join(dataDir, name), { recursive: true, force: true });
  }
}

/** The PGlite folder of a board of `jobs` jobs, generated when missing (or left half-made). */
export async function pgliteBoard(jobs: number): Promise<string> {
  const name = `bench-${jobs}-${generatorHash()}`;
  const dir = path.join(apiDir, '.data', name);
  const done = path.join(dir, 'PG_VERSION');
  const marker = `${dir}.done`;
  if (existsSync(done) && existsSync(marker)) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.dirname(dir), { recursive: true });
  removeStale(jobs, name);
  await generate(jobs, dir);
  // Written last: a run stopped while generating leaves no marker, and the next one starts again.
  writeFileSync(marker, `${new Date().toISOString()}\n`);
  return dir;
}

/** What this file uses of the API's PostgreSQL client (a dependency of the API, not of e2e). */
type Sql = {
  <Row = Record<string, unknown>>(strings: TemplateStringsArray, ...values: unknown[]): Promise<Row[]>;
  unsafe(query: string): Promise<unknown>;
  end(): Promise<void>;
};
type Postgres = (url: string, options: { max: number; onnotice: () => void }) => Sql;

/**
 * The PostgreSQL database of a board of `jobs` jobs on `serverUrl`'s server, generated when missing
 * (named `<prefix>_<jobs>_<hash>`: a section that writes to its board copies one of its own).
 */
export async function postgresBoard(serverUrl: string, jobs: number, prefix = 'bench'): Promise<string> {
  const name = `${prefix}_${jobs}_${generatorHash()}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const postgres = createRequire(path.join(apiDir, 'package.json'))('postgres') as Postgres;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    const [existing] = await admin`select 1 from pg_database where datname = ${name}`;
    if (existing) {
      const board = postgres(url.href, { max: 1, onnotice: () => {} });
      const [row] = await board<{ n: number }>`select count(*)::int as n from job_postings`.catch(() => [{ n: 0 }]);
      await board.end();
      if ((row?.n ?? 0) >= jobs) return url.href;
      await admin.unsafe(`drop database ${name} with (force)`);
    }
    const stale = await admin<{
      datname: string;
    }>`select datname from pg_database where datname like ${`${prefix}_${jobs}_%`}`;
    for (const { datname } of stale) await admin.unsafe(`drop database "${datname}" with (force)`);
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end();
  }
  try {
    await generate(jobs, path.join(apiDir, '.data', 'unused'), { DATABASE_URL: url.href });
  } catch (error) {
    const again = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await again.unsafe(`drop database if exists ${name} with (force)`);
    await again.end();
    throw error;
  }
  return url.href;
}
