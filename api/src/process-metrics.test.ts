import { describe, expect, it } from 'vitest';
import { outbox } from './db/alert-tables';
import { startMailSink } from './mail/mail-sink';
import { startApi } from './server';
import { startApiProcess, startWorkerProcess } from './test/api-process';
import { benchAshbyJobs } from './test/ashby-jobs';
import { startFakeVendors } from './test/fake-vendors';
import { scrape } from './test/scrape';
import { createTestDatabase, openTestDatabase } from './test/test-database';

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('the API with METRICS_PORT', () => {
  it('serves on that port only what its requests, caches, syncs, emails, outbox and index did', async () => {
    const fake = await startFakeVendors();
    const sink = await startMailSink();
    // On PostgreSQL (the suite's second run) a database of its own, the scheduled work in the API.
    // Either way a copy of the suite's migrated database: a PGlite made from nothing is initdb in
    // WebAssembly, most of a minute on two busy cores, and not what this test is about.
    const database = process.env.DATABASE_URL ? await createTestDatabase(undefined, { migrated: true }) : null;
    const opened = await openTestDatabase(database?.url);
    const api = await startApi(
      {
        BOARD_ENV: 'test',
        PORT: '0',
        METRICS_PORT: '0',
        LOG_LEVEL: 'silent',
        ...(database ? { DATABASE_URL: database.url } : { PGLITE_DATA_DIR: 'memory://' }),
        WORK_IN_API: 'on',
        SMTP_URL: sink.smtpUrl,
        ALERTS_INTERVAL_SECONDS: '3600',
        SOURCES_SYNC_MINUTES: '0',
        ...fake.env,
      },
      { database: opened },
    );
    try {
      expect(api.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(api.metricsUrl).not.toBe(api.url);
      expect((await fetch(`${api.url}/metrics`)).status, 'not on the public port').toBe(404);

      // Requests: by the route's pattern and status, never the raw path.
      const before = await scrape(api.metricsUrl);
      const list = (await (await fetch(`${api.url}/public-job-posting`)).json()) as { jobs: { id: string }[] };
      const id = list.jobs[0]?.id ?? '';
      expect((await fetch(`${api.url}/public-job-posting/${id}`)).status).toBe(200);
      expect((await fetch(`${api.url}/public-job-posting`)).status).toBe(200);
      expect((await fetch(`${api.url}/no-such-page/${id}`)).status).toBe(404);
      const after = await scrape(api.metricsUrl);
      const requests = (labels: Record<string, string>) =>
        after.value('board_http_request_duration_seconds_count', { service: 'api', ...labels }) -
        before.value('board_http_request_duration_seconds_count', { service: 'api', ...labels });
      expect(requests({ route: '/public-job-posting/:id', method: 'GET', status: '200' })).toBe(1);
      expect(requests({ route: '/public-job-posting', method: 'GET', status: '200' })).toBe(2);
      expect(requests({ route: 'other', method: 'GET', status: '404' })).toBe(1);
      expect(after.text).not.toContain(`/${id}`);
      // Caches: the second list was the response cache's; the first was built from the list cache.
      const lookups = (cache: string, result: string) =>
        after.value('board_cache_lookups_total', { cache, result }) -
        before.value('board_cache_lookups_total', { cache, result });
      expect(lookups('responses', 'hit')).toBe(1);
      expect(lookups('job-list', 'hit') + lookups('job-list', 'miss')).toBe(1);
      expect(after.has('board_cache_lookups_total', { cache: 'index-facets' }), 'the warm-up search').toBe(true);
      expect(after.value('nodejs_eventloop_lag_seconds', { service: 'api' })).toBeGreaterThanOrEqual(0);
      expect(after.has('nodejs_eventloop_lag_seconds', { service: 'api' })).toBe(true);
      await expect
        .poll(async () => (await scrape(api.metricsUrl)).value('board_index_lag_seconds', { service: 'api' }))
        .toBe(0);
      expect(after.has('board_index_lag_seconds', { service: 'api' })).toBe(true);

      // Syncs: one that succeeds, one whose vendor no longer knows the board.
      fake.setJobs('ashby', 'harbour', benchAshbyJobs(3, 1));
      fake.setJobs('ashby', 'gone', benchAshbyJobs(2, 2));
      const added = await Promise.all(
        ['harbour', 'gone'].map(async (board) => {
          const response = await post(`${api.url}/operator/sources`, { kind: 'ashby', board });
          expect(response.status).toBe(201);
          return ((await response.json()) as { source: { id: number } }).source.id;
        }),
      );
      fake.removeBoard('ashby', 'gone');
      const syncStarted = Date.now() / 1000;
      const synced = await (await post(`${api.url}/operator/sources/sync`, { ids: added })).text();
      expect(synced).toMatch(/3 new/);
      const runs = await scrape(api.metricsUrl);
      expect(runs.value('board_sync_runs_total', { source: 'ashby/harbour', result: 'ok' })).toBe(1);
      expect(runs.value('board_sync_runs_total', { source: 'ashby/gone', result: 'failed' })).toBe(1);
      expect(runs.has('board_sync_runs_total', { source: 'ashby/gone', result: 'ok' })).toBe(false);
      const lastSuccess = runs.value('board_sync_last_success_timestamp_seconds', { source: 'ashby/harbour' });
      expect(lastSuccess).toBeGreaterThanOrEqual(Math.floor(syncStarted));
      expect(lastSuccess).toBeLessThanOrEqual(Date.now() / 1000);
      expect(runs.has('board_sync_last_success_timestamp_seconds', { source: 'ashby/gone' })).toBe(false);

      // An alert's confirmation, sent by the outbox.
      expect(
        (await post(`${api.url}/public/alerts/subscribe`, { email: 'gauge@example.com', frequency: 'daily' })).status,
      ).toBe(202);
      await expect
        .poll(async () => (await scrape(api.metricsUrl)).value('board_alerts_sent_total', { kind: 'confirmation' }))
        .toBe(1);
      expect(sink.messages.filter((message) => message.to.includes('gauge@example.com'))).toHaveLength(1);

      // The outbox, read from the database at the scrape: an email waiting since two minutes ago.
      await api.db.insert(outbox).values({
        kind: 'notice',
        dedupeKey: 'metrics-test-waiting',
        message: { to: 'later@example.com', subject: 'Later', text: 'Later', html: '<p>Later</p>', headers: {} },
        createdAt: new Date(Date.now() - 120_000),
        nextAttemptAt: new Date(Date.now() + 3_600_000),
      });
      const backlog = await scrape(api.metricsUrl);
      expect(backlog.value('board_outbox_depth', { service: 'api' })).toBe(1);
      expect(backlog.value('board_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(120);
      expect(backlog.text).not.toContain('example.com');
    } finally {
      await api.close();
      await sink.close();
      await fake.close();
      await database?.drop();
    }
  });
});

// The worker beside an API instance, on one machine: each on a metrics port of its own (PostgreSQL run only).
describe.runIf(process.env.DATABASE_URL)('the API and a worker with METRICS_PORT (PostgreSQL run only)', () => {
  it('each serves its own figures on its own port: the worker its syncs, emails and outbox', async () => {
    const database = await createTestDatabase(undefined, { migrated: true });
    const fake = await startFakeVendors();
    const sink = await startMailSink();
    const stopping: (() => Promise<unknown>)[] = [];
    try {
      const env = { DATABASE_URL: database.url, LOG_LEVEL: 'silent', PORT: '0', METRICS_PORT: '0', ...fake.env };
      const api = await startApiProcess(env);
      stopping.push(() => api.stop());
      fake.setJobs('ashby', 'harbour', benchAshbyJobs(4, 1));
      expect((await post(`${api.url}/operator/sources`, { kind: 'ashby', board: 'harbour' })).status).toBe(201);
      const worker = await startWorkerProcess({
        ...env,
        ALERTS_SECRET: 'worker-test-secret-of-enough-length',
        SMTP_URL: sink.smtpUrl,
        ALERTS_INTERVAL_SECONDS: '3600',
      });
      stopping.push(() => worker.stop());
      expect(worker.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(api.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(worker.metricsUrl).not.toBe(api.metricsUrl);
      expect((await fetch(`${api.url}/metrics`)).status, 'not on the public port').toBe(404);

      // The worker's first round syncs the source.
      const workerSays = async (name: string, labels: Record<string, string>) =>
        (await scrape(worker.metricsUrl)).value(name, { service: 'worker', ...labels });
      await expect.poll(() => workerSays('board_sync_runs_total', { source: 'ashby/harbour', result: 'ok' })).toBe(1);
      expect(
        await workerSays('board_sync_last_success_timestamp_seconds', { source: 'ashby/harbour' }),
      ).toBeGreaterThan(0);

      // A subscription through the API: the worker sends its confirmation.
      expect(
        (await post(`${api.url}/public/alerts/subscribe`, { email: 'pair@example.com', frequency: 'daily' })).status,
      ).toBe(202);
      await expect.poll(() => workerSays('board_alerts_sent_total', { kind: 'confirmation' })).toBe(1);
      const fromWorker = await scrape(worker.metricsUrl);
      expect(fromWorker.has('board_outbox_depth', { service: 'worker' })).toBe(true);
      expect(fromWorker.value('board_outbox_depth')).toBe(0);
      expect(fromWorker.has('nodejs_eventloop_lag_seconds', { service: 'worker' })).toBe(true);

      const fromApi = await scrape(api.metricsUrl);
      expect(
        fromApi.value('board_http_request_duration_seconds_count', {
          service: 'api',
          route: '/public/alerts/subscribe',
          method: 'POST',
          status: '202',
        }),
      ).toBe(1);
      expect(fromApi.has('board_index_lag_seconds', { service: 'api' })).toBe(true);
      expect(fromApi.has('board_outbox_depth'), 'the worker sends the outbox, and reports it').toBe(false);
      expect(fromApi.has('board_sync_runs_total', { source: 'ashby/harbour' })).toBe(false);
    } finally {
      for (const stop of stopping.reverse()) await stop();
      await sink.close();
      await fake.close();
      await database.drop();
    }
  });
});
