import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Context, MiddlewareHandler } from 'hono';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics of one service (the shell's server, the API), server-neutral: a registry
 * per service with the process's own metrics (event-loop lag, memory, CPU: prom-client's default
 * metrics), the request-duration histogram as Hono middleware, and the listener that serves
 * `GET /metrics` on METRICS_PORT only, never on the service's own port. Names are in
 * docs/operations.md.
 *
 *     const metrics = createMetrics('api');
 *     app.use(metrics.requestDuration());                      // before the routes
 *     const runs = metrics.counter('board_sync_runs_total', 'Sync runs', ['source', 'result']);
 *     const depth: Gauge = metrics.gauge('board_outbox_depth', 'Emails waiting', [], async () => depth.set(await count()));
 *     if (port) await serveMetrics(metrics.registry, port, host);
 */
export interface Metrics {
  readonly registry: Registry;
  counter<L extends string>(name: string, help: string, labelNames?: readonly L[]): Counter<L>;
  /** `collect` runs at each scrape, to set the gauge from its source (the outbox's depth, say). */
  gauge<L extends string>(
    name: string,
    help: string,
    labelNames?: readonly L[],
    collect?: () => void | Promise<void>,
  ): Gauge<L>;
  histogram<L extends string>(name: string, help: string, labelNames: readonly L[], buckets: number[]): Histogram<L>;
  /**
   * `board_http_request_duration_seconds{route,method,status}` for every request it wraps.
   * `routeOf` names a request's route (bounded: never the raw path); default Hono's matched pattern.
   */
  requestDuration(routeOf?: (c: Context) => string): MiddlewareHandler;
}

/**
 * The `method` label: HTTP's own methods, and `other` for the rest (Node takes WebDAV's and a
 * few dozen more), so no caller can add a label value by sending an odd method.
 */
const knownMethods: readonly string[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
export const methodLabel = (method: string) => (knownMethods.includes(method) ? method : 'other');

/** Seconds: from a kept page (~1 ms) to a render at its budget and past it. */
export const requestBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(service: string): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const metrics: Metrics = {
    registry,
    counter: (name, help, labelNames = []) => new Counter({ name, help, labelNames, registers: [registry] }),
    gauge: (name, help, labelNames = [], collect) =>
      new Gauge({ name, help, labelNames, registers: [registry], ...(collect ? { collect } : {}) }),
    histogram: (name, help, labelNames, buckets) =>
      new Histogram({ name, help, labelNames, buckets, registers: [registry] }),
    requestDuration(routeOf = (c) => c.req.routePath) {
      const histogram = metrics.histogram(
        'board_http_request_duration_seconds',
        'Time to answer a request, by route, method and status',
        ['route', 'method', 'status'],
        requestBuckets,
      );
      return async (c, next) => {
        const stop = histogram.startTimer();
        try {
          await next();
        } finally {
          stop({ route: routeOf(c), method: methodLabel(c.req.method), status: String(c.res.status) });
        }
      };
    },
  };
  return metrics;
}

export interface MetricsListener {
  url: string;
  close(): Promise<void>;
}

/** `GET /metrics` (Prometheus text) on `port` of `host`, and nothing else there (404). */
export async function serveMetrics(registry: Registry, port: number, host: string): Promise<MetricsListener> {
  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    registry.metrics().then(
      (text) =>
        response.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' }).end(text),
      (error: unknown) => response.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(error)),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
