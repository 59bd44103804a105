/**
 * The worker: the board's scheduled work (source syncs, alert digests, the outbox, retention:
 * work/background-work.ts) in a process of its own, beside the API instances on PostgreSQL, which
 * then answer requests only (WORK_IN_API, decision 041). Any number may run: every kind of work
 * is claimed in the database. It reads the API's validated configuration (the same environment:
 * ALERTS_SECRET and API_PUBLIC_URL sign and address the links in its emails), logs one JSON line
 * when it runs, and on SIGTERM finishes the work under way before it exits 0.
 *
 *   pnpm --filter @board/api worker        (pnpm serve:worker from the root)
 */
import { jsonLines } from '@board/shared/lib/request-log';
import { loadGazetteer } from '@board/shared/places/read-places';
import { alertsFromConfig } from './alerts/from-config';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { isMainModule, runService } from './lib/run-service';
import { processMetrics, serveProcessMetrics } from './process-metrics';
import { backgroundWork } from './work/background-work';
import { companiesFromConfig } from './work/portfolio-from-config';

export async function startWorker(env: Record<string, string | undefined> = process.env) {
  const config = loadConfig(env);
  if (!config.DATABASE_URL)
    throw new ConfigError(
      'The worker needs DATABASE_URL: on PGlite only the API process may open the database, and it does the scheduled work itself (WORK_IN_API)',
    );
  if (!config.ALERTS_SECRET)
    throw new ConfigError('The worker needs ALERTS_SECRET, the API’s: the links in its emails are signed with it');
  const log = config.LOG_LEVEL === 'silent' ? () => {} : jsonLines;
  // The syncs read jobs' places (db/job-places.ts): the gazetteer is read once, now.
  loadGazetteer();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL });
  const apiOrigin = config.API_PUBLIC_URL ?? `http://127.0.0.1:${config.PORT}`;
  // Its own figures (`service="worker"`): the syncs it ran, the emails it sent, the outbox's backlog.
  const metrics = processMetrics('worker', database.db, { outbox: true, index: false });
  const alerts = alertsFromConfig(config, database.db, () => apiOrigin, log, metrics);
  const companies = companiesFromConfig(config, database.db, log, { waitForAll: true, metrics });
  const work = backgroundWork({
    db: database.db,
    alerts: alerts.service,
    ...companies,
    alertsIntervalSeconds: config.ALERTS_INTERVAL_SECONDS,
    sourcesSyncMinutes: config.SOURCES_SYNC_MINUTES,
    log,
  });
  const metricsListener = await serveProcessMetrics(metrics, config);
  await work.start();
  if (!alerts.transport)
    log({
      time: new Date().toISOString(),
      level: 'warn',
      message: 'SMTP_URL is not set: alert emails wait in the outbox until a process with SMTP_URL sends them',
    });
  return {
    environment: config.BOARD_ENV,
    alertsIntervalSeconds: config.ALERTS_INTERVAL_SECONDS,
    sourcesSyncMinutes: config.SOURCES_SYNC_MINUTES,
    /** `GET /metrics`, when METRICS_PORT is set (a port of its own, not the API's). */
    metricsUrl: metricsListener?.url,
    /** Stops the timers, lets the work under way end, then closes the database. */
    async close() {
      await work.stop();
      await metricsListener?.close();
      alerts.transport?.close();
      await database.close();
    },
  };
}

if (isMainModule(import.meta.url))
  await runService({
    start: startWorker,
    started: (worker) => ({
      message: 'worker running',
      environment: worker.environment,
      alerts_interval_seconds: worker.alertsIntervalSeconds,
      sources_sync_minutes: worker.sourcesSyncMinutes,
      metrics_url: worker.metricsUrl,
    }),
    stopping: 'worker stopping: ending the work under way',
    oneLine: (error) => error instanceof ConfigError,
  });
