/**
 * `pnpm --filter @board/api privacy:purge [--now ISO-date] [--dry-run]`: delete what is past
 * retention (privacy/purge.ts) now, as the API does once a day, and print the counts. `--now`
 * purges as that day would; `--dry-run` only counts. A future `--now` (what will go by then) runs
 * only with `--dry-run`: otherwise it would delete what is still within retention today.
 *
 * - On PostgreSQL (DATABASE_URL set) it works on the database directly.
 * - Otherwise the running API holds the embedded database: the command asks it through its
 *   operator endpoint (POST /operator/privacy/purge) at ALERTS_API_URL (default
 *   http://127.0.0.1:$PORT or :8000), with OPERATOR_TOKEN as a bearer token when set.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { futurePurgeRefusal, type PurgeCounts, purgeExpired, purgeSummary } from '../privacy/purge';
import { useRunningLocalDatabase } from './command-main';
import { callOperator, OperatorCallError } from './operator-call';

export async function runPrivacyPurge(argv: string[], env = process.env, print = console.log): Promise<number> {
  let values: { now?: string; 'dry-run'?: boolean };
  try {
    ({ values } = parseArgs({ args: argv, options: { now: { type: 'string' }, 'dry-run': { type: 'boolean' } } }));
  } catch (error) {
    print(`${(error as Error).message}\nUsage: privacy:purge [--now <ISO date>] [--dry-run]`);
    return 2;
  }
  const now = values.now === undefined ? new Date() : new Date(values.now);
  if (Number.isNaN(now.getTime())) {
    print(`--now must be an ISO date (2029-12-01 or 2029-12-01T08:00:00Z), not ${JSON.stringify(values.now)}`);
    return 2;
  }
  const dryRun = values['dry-run'] ?? false;
  const refusal = futurePurgeRefusal(now, dryRun);
  if (refusal) {
    print(refusal);
    return 2;
  }
  const config = loadConfig(env);
  let counts: PurgeCounts;
  if (config.DATABASE_URL) {
    const database = await openDatabase({ databaseUrl: config.DATABASE_URL });
    try {
      counts = await purgeExpired(database.db, now, { dryRun });
    } finally {
      await database.close();
    }
  } else {
    const apiUrl = env.ALERTS_API_URL ?? `http://127.0.0.1:${config.PORT || 8000}`;
    try {
      const response = await callOperator({
        apiUrl,
        token: config.OPERATOR_TOKEN,
        method: 'POST',
        path: 'privacy/purge',
        // Without --now, the API's own clock: a clock ahead of it here is not a future purge.
        body: { ...(values.now === undefined ? {} : { now: now.toISOString() }), dry_run: dryRun },
        timeoutMs: 10 * 60 * 1000,
      });
      counts = (await response.json()) as PurgeCounts;
    } catch (error) {
      if (!(error instanceof OperatorCallError)) throw error;
      print(error.message);
      return 1;
    }
  }
  print(`${dryRun ? 'Would delete' : 'Deleted'} as of ${now.toISOString()}: ${purgeSummary(counts)}.`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  useRunningLocalDatabase();
  try {
    process.exitCode = await runPrivacyPurge(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exitCode = 1;
  }
}
