/**
 * `pnpm --filter @board/api alerts:worker`: the alerts' background work (digests due, the
 * outbox) in a process of its own, for deployments that run the API with
 * ALERTS_INTERVAL_SECONDS=0. Any number may run beside the API instances: rows are claimed with
 * FOR UPDATE SKIP LOCKED. Needs the API's database, SMTP_URL and ALERTS_SECRET; stops on SIGTERM.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { jsonLines } from '@board/shared/lib/request-log';
import { alertsFromConfig } from '../alerts/from-config';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/database';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function main() {
  const config = loadConfig(process.env);
  if (!config.SMTP_URL || !config.ALERTS_SECRET)
    throw new ConfigError('alerts:worker needs SMTP_URL and ALERTS_SECRET (the API’s: the links are signed with it)');
  const dataDir = config.PGLITE_DATA_DIR.startsWith('memory://')
    ? config.PGLITE_DATA_DIR
    : path.resolve(apiDir, config.PGLITE_DATA_DIR);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDataDir: dataDir });
  const apiOrigin = config.API_PUBLIC_URL ?? `http://127.0.0.1:${config.PORT}`;
  const alerts = alertsFromConfig(config, database.db, () => apiOrigin, jsonLines);
  const interval = config.ALERTS_INTERVAL_SECONDS || 60;
  alerts.service.start(interval);
  jsonLines({
    time: new Date().toISOString(),
    level: 'info',
    message: 'alerts worker running',
    interval_seconds: interval,
  });
  const stop = async () => {
    await alerts.service.stop();
    alerts.transport?.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // A first run at once, then on the timer.
  await alerts.service.tick().catch(() => {});
}

try {
  await main();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
