import { type MetricsListener, serveMetrics } from '@board/shared/lib/metrics';
import { indexLagSeconds } from './board-changes/data-version';
import type { Database } from './db/database';
import { type ApiMetrics, apiMetrics } from './lib/api-metrics';
import { outboxBacklog } from './mail/outbox';

/**
 * The metrics of one of the API's processes (server.ts, worker.ts): what it counts, plus the
 * figures read from the database at each scrape where they are this process's to watch. The
 * process that sends the outbox (the worker, or the API with WORK_IN_API) reports its backlog;
 * the API, how far its search index is behind the database.
 */
export function processMetrics(
  service: 'api' | 'worker',
  db: Database,
  watches: { outbox: boolean; index: boolean },
): ApiMetrics {
  const metrics = apiMetrics(service);
  if (watches.outbox) metrics.watchOutbox(() => outboxBacklog(db));
  if (watches.index) metrics.watchIndex(() => indexLagSeconds(db));
  return metrics;
}

/**
 * `GET /metrics` on METRICS_PORT of HOST, never on PORT; none when METRICS_PORT is unset. The API
 * and a worker on one machine need a port each: the second to start would find it taken and stop.
 */
export async function serveProcessMetrics(
  metrics: ApiMetrics,
  config: { METRICS_PORT?: number; HOST: string },
): Promise<MetricsListener | undefined> {
  if (config.METRICS_PORT === undefined) return undefined;
  return serveMetrics(metrics.metrics.registry, config.METRICS_PORT, config.HOST);
}
