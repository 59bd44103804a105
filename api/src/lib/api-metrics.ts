import { createMetrics, type Metrics } from '@board/shared/lib/metrics';
import type { Context } from 'hono';
import { matchedRoutes } from 'hono/route';

type Gauge = ReturnType<Metrics['gauge']>;

/** A lookup in one of the API's caches: the cache's name, and whether it held the answer. */
export type CacheLookup = (cache: string, hit: boolean) => void;

/**
 * How a source's sync ended: `ok`; `failed`, by the vendor's answer (an error, a timeout, a
 * malformed or held answer: nothing written); `error`, by the board's own fault (its log has it).
 */
export type SyncRunResult = 'ok' | 'failed' | 'error';

/**
 * The metrics of one of the API's processes (the API, `service="api"`, or the worker,
 * `service="worker"`): what it counts as it happens, and the gauges read at each scrape.
 * docs/operations.md lists them with what to alert on. No label carries a visitor's or a
 * candidate's data: routes are patterns, caches and email kinds are the code's names, sources
 * are the operator's `kind/board`.
 */
export interface ApiMetrics {
  readonly metrics: Metrics;
  cache: CacheLookup;
  /** One sync of a source (`greenhouse/acme`) that held its claim; `ok` sets its last success time. */
  synced(source: string, result: SyncRunResult): void;
  /** One email the mail relay accepted, by the outbox's kind (`digest`, `confirmation`, `notice`, `receipt`). */
  emailSent(kind: string): void;
  /** The outbox's unsent emails and the age of the oldest, read from the database at each scrape. */
  watchOutbox(read: () => Promise<{ depth: number; oldestAgeSeconds: number }>): void;
  /** How far the search index is behind the database, read at each scrape. */
  watchIndex(lagSeconds: () => Promise<number>): void;
}

/**
 * The route a request matched, as registered (`/public-job-posting/:id`): never the raw path, so
 * no id or address is a label. A request no route took (a 404 from `notFound`) is `other`.
 */
export function routeOf(c: Context): string {
  const routes = matchedRoutes(c).filter((route) => route.method !== 'ALL');
  return routes.at(-1)?.path ?? 'other';
}

export function apiMetrics(service: 'api' | 'worker' = 'api', metrics: Metrics = createMetrics(service)): ApiMetrics {
  const cache = metrics.counter('board_cache_lookups_total', 'Lookups in a cache of the server, by cache and result', [
    'cache',
    'result',
  ]);
  const runs = metrics.counter('board_sync_runs_total', 'Syncs of a source, by source and result', [
    'source',
    'result',
  ]);
  const lastSuccess = metrics.gauge(
    'board_sync_last_success_timestamp_seconds',
    'When this process last synced the source successfully (Unix seconds); take the max across processes',
    ['source'],
  );
  const sent = metrics.counter('board_alerts_sent_total', 'Emails the mail relay accepted from the outbox, by kind', [
    'kind',
  ]);
  return {
    metrics,
    cache: (name, hit) => cache.inc({ cache: name, result: hit ? 'hit' : 'miss' }),
    synced(source, result) {
      runs.inc({ source, result });
      if (result === 'ok') lastSuccess.set({ source }, Date.now() / 1000);
    },
    emailSent: (kind) => sent.inc({ kind }),
    watchOutbox(read) {
      // One read per scrape for both gauges (a scrape collects them side by side).
      let reading: ReturnType<typeof read> | null = null;
      const backlog = () => {
        reading ??= read().finally(() => {
          reading = null;
        });
        return reading;
      };
      // Created when watched: a process that does not send the outbox shows no figure rather than 0.
      const depth: Gauge = metrics.gauge('board_outbox_depth', 'Emails in the outbox not sent yet', [], async () =>
        depth.set((await backlog()).depth),
      );
      const oldest: Gauge = metrics.gauge(
        'board_outbox_oldest_age_seconds',
        'Age of the oldest email in the outbox not sent yet (0: none)',
        [],
        async () => oldest.set((await backlog()).oldestAgeSeconds),
      );
    },
    watchIndex(lagSeconds) {
      const lag: Gauge = metrics.gauge(
        'board_index_lag_seconds',
        "Seconds since the oldest change committed that this instance's search index does not hold yet (0: none)",
        [],
        async () => lag.set(await lagSeconds()),
      );
    },
  };
}
