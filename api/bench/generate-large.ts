/**
 * A large board for benchmarks: `pnpm --filter @board/api generate:large --jobs 10000` fills a
 * fresh PGlite folder (default .data/pglite-large) with the demo generator scaled up. Run the API
 * on it with PGLITE_DATA_DIR=.data/pglite-large SEED=none. With DATABASE_URL set, it fills that
 * PostgreSQL database instead, which must be empty.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/db/database';
import { generateDemoData } from '../src/seed/demo-data';
import { isEmpty, seed } from '../src/seed/seed';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { jobs: { type: 'string' }, 'data-dir': { type: 'string' } } });
const jobs = Number(values.jobs ?? 10_000);
if (!Number.isInteger(jobs) || jobs < 1) {
  console.error('--jobs must be a positive whole number');
  process.exit(1);
}
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = path.resolve(apiDir, values['data-dir'] ?? '.data/pglite-large');
if (!databaseUrl) rmSync(dataDir, { recursive: true, force: true });
const database = await openDatabase({ databaseUrl, pgliteDataDir: dataDir });
if (databaseUrl && !(await isEmpty(database.db))) {
  console.error('DATABASE_URL names a database that already holds a board: give an empty one');
  await database.close();
  process.exit(1);
}
const started = performance.now();
const counts = await seed(database.db, generateDemoData({ jobs, realistic: true }));
await database.close();
console.log(
  `${counts.jobs} jobs at ${counts.organizations} companies in ${databaseUrl ? 'PostgreSQL' : dataDir} (${Math.round(performance.now() - started)} ms)`,
);
