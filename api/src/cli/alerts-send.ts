/**
 * `pnpm --filter @board/api alerts:send [--since ISO-date]`: queue the due digests and send the
 * outbox now. `--since` makes every active alert due, its window starting then, less what its
 * earlier digests held (for operators and tests).
 *
 * - On PostgreSQL (DATABASE_URL set) it works on the database directly, as any API instance
 *   does (SMTP_URL and ALERTS_SECRET must be the API's, so the links in the digests work).
 * - Otherwise the running API holds the embedded database: the command asks it through its
 *   operator endpoint (POST /operator/alerts/send) at ALERTS_API_URL (default
 *   http://127.0.0.1:$PORT or :8000), with OPERATOR_TOKEN as a bearer token when set.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { jsonLines } from '@board/shared/lib/request-log';
import { alertsFromConfig } from '../alerts/from-config';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { useRunningLocalDatabase } from './command-main';
import { callOperator, OperatorCallError } from './operator-call';

export async function runAlertsSend(argv: string[], env = process.env, print = console.log): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { since: { type: 'string' } } });
  const since = values.since === undefined ? undefined : new Date(values.since);
  if (since && Number.isNaN(since.getTime())) {
    print(`--since must be an ISO date (2026-11-20 or 2026-11-20T08:00:00Z), not ${JSON.stringify(values.since)}`);
    return 2;
  }
  const config = loadConfig(env);
  if (config.DATABASE_URL) {
    if (!config.ALERTS_SECRET) {
      print('ALERTS_SECRET must be set (the API’s): the links in the digests are signed with it');
      return 2;
    }
    const database = await openDatabase({ databaseUrl: config.DATABASE_URL });
    try {
      const apiOrigin = config.API_PUBLIC_URL ?? `http://127.0.0.1:${config.PORT}`;
      const alerts = alertsFromConfig(config, database.db, () => apiOrigin, jsonLines);
      const result = await alerts.service.sendDigests(since ? { since } : {});
      alerts.transport?.close();
      print(summary(result, Boolean(alerts.transport)));
      return 0;
    } finally {
      await database.close();
    }
  }
  const apiUrl = env.ALERTS_API_URL ?? `http://127.0.0.1:${config.PORT || 8000}`;
  let body: { alerts: number; digests: number; sent: number; failed: number };
  try {
    const response = await callOperator({
      apiUrl,
      token: config.OPERATOR_TOKEN,
      method: 'POST',
      path: 'alerts/send',
      body: since ? { since: since.toISOString() } : {},
      timeoutMs: 10 * 60 * 1000,
    });
    body = (await response.json()) as typeof body;
  } catch (error) {
    if (!(error instanceof OperatorCallError)) throw error;
    print(error.message);
    return 1;
  }
  print(summary(body, true));
  return 0;
}

function summary(result: { alerts: number; digests: number; sent: number; failed: number }, sending: boolean): string {
  const sent = sending
    ? `${result.sent} email(s) sent, ${result.failed} to retry`
    : 'no SMTP_URL: the emails wait in the outbox';
  return `${result.alerts} alert(s) due, ${result.digests} digest(s) queued; ${sent}.`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  useRunningLocalDatabase();
  try {
    process.exitCode = await runAlertsSend(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exitCode = 1;
  }
}
