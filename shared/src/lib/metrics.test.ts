// @vitest-environment node
import { Hono } from 'hono';
import type { Gauge } from 'prom-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMetrics, type MetricsListener, serveMetrics } from './metrics';

let listener: MetricsListener | undefined;
afterEach(async () => {
  await listener?.close();
  listener = undefined;
});

describe('metrics', () => {
  it('serves the request histogram, its own counters and the event-loop lag as Prometheus text, on its port only', async () => {
    const metrics = createMetrics('api');
    const runs = metrics.counter('board_sync_runs_total', 'Sync runs', ['source', 'result']);
    const app = new Hono();
    app.use(metrics.requestDuration());
    app.get('/jobs/:id', (c) => c.text('ok'));
    app.get('/missing', (c) => c.text('no', 404));
    await app.request('/jobs/7');
    await app.request('/jobs/8');
    await app.request('/missing');
    await app.request('/jobs/7', { method: 'PROPFIND' });
    await app.request('/jobs/7', { method: 'MKCOL' });
    runs.inc({ source: 'acme-greenhouse', result: 'ok' });
    // A gauge read from its source at each scrape, as the API's outbox depth will be.
    const depth: Gauge = metrics.gauge('board_outbox_depth', 'Emails waiting in the outbox', [], async () =>
      depth.set(await Promise.resolve(7)),
    );
    listener = await serveMetrics(metrics.registry, 0, '127.0.0.1');
    // The listener is real, on loopback: the suite's stray-request guard is lifted for it.
    vi.unstubAllGlobals();
    const response = await fetch(`${listener.url}/metrics`);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).toContain(
      'board_http_request_duration_seconds_count{service="api",route="/jobs/:id",method="GET",status="200"} 2',
    );
    expect(text).toContain(
      'board_http_request_duration_seconds_count{service="api",route="/missing",method="GET",status="404"} 1',
    );
    // An odd method is counted as `other`: a caller cannot add label values by inventing methods.
    expect(text).toContain(
      'board_http_request_duration_seconds_count{service="api",route="/*",method="other",status="404"} 2',
    );
    expect(text).not.toMatch(/method="(PROPFIND|MKCOL)"/);
    expect(text).toMatch(
      /^board_sync_runs_total\{(?=[^}]*source="acme-greenhouse")(?=[^}]*result="ok")(?=[^}]*service="api")[^}]*\} 1$/m,
    );
    expect(text).toContain('board_outbox_depth{service="api"} 7');
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds\{service="api"\} \d/m);
    expect((await fetch(`${listener.url}/`)).status).toBe(404);
    expect((await fetch(`${listener.url}/metrics`, { method: 'POST' })).status).toBe(404);
  });
});
