import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrivatePostgres } from '../test/private-postgres';
import { createTestApi, type TestApi } from '../test/test-api';
import { organizations } from './job-board-tables';

/**
 * PostgreSQL stopped under two API instances answering a steady load, as a restart or a failover
 * does, then started again. Runs in the suite's PostgreSQL run (as database-outage.test.ts does) on
 * a private cluster it may stop. What it asserts is an order of events, never a duration: a
 * request sent while the database is away is answered (503) before the database is started again,
 * `/ready` says so, `/health` never does, and once the database is back every request is answered.
 */
const canStopPostgres = Boolean(process.env.DATABASE_URL);

interface Sample {
  instance: number;
  path: string;
  sent: number;
  answered: number;
  status: number;
  retryAfter: string | null;
}

/** Every `everyMs`, each path on each instance, without waiting for the answers. */
function steadyLoad(apis: TestApi[], paths: string[], everyMs: number) {
  const samples: Sample[] = [];
  const inFlight = new Set<Promise<void>>();
  const tick = () => {
    for (const [instance, api] of apis.entries())
      for (const path of paths) {
        const sent = performance.now();
        const request: Promise<void> = Promise.resolve(api.app.request(path)).then(async (response) => {
          await response.arrayBuffer();
          samples.push({
            instance,
            path,
            sent,
            answered: performance.now(),
            status: response.status,
            retryAfter: response.headers.get('retry-after'),
          });
          inFlight.delete(request);
        });
        inFlight.add(request);
      }
  };
  const timer = setInterval(tick, everyMs);
  return {
    samples,
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
      return samples;
    },
  };
}

/** Polls `/ready` until it answers 200 (or, so a failing run ends, 30 s have passed). */
async function readyAgain(api: TestApi) {
  const giveUp = performance.now() + 120_000;
  while (performance.now() < giveUp) {
    if ((await api.app.request('/ready')).status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.runIf(canStopPostgres)('PostgreSQL stopped under load (private cluster, PostgreSQL run only)', () => {
  let cluster: Awaited<ReturnType<typeof startPrivatePostgres>>;
  let apis: TestApi[];
  let logo: string;
  beforeAll(async () => {
    cluster = await startPrivatePostgres();
    const first = await createTestApi({ databaseUrl: cluster.url });
    apis = [first, await createTestApi({ databaseUrl: cluster.url, seedDemo: false })];
    const [withLogo] = await first.db
      .select({ slug: organizations.jobBoardSlug })
      .from(organizations)
      .where(isNotNull(organizations.logo))
      .limit(1);
    logo = `/public/logos/${withLogo?.slug}.svg`;
  });
  afterAll(async () => {
    await Promise.all((apis ?? []).map((api) => api.close().catch(() => {})));
    await cluster?.remove();
  });

  for (const downMs of [3000, 8000])
    it(`for ${downMs / 1000} s: 503s while it is away, none waiting for its return; answered again once it is back`, async () => {
      const [first] = apis as [TestApi];
      // The logo is read from the database on every request: a request that needs it.
      expect((await first.app.request(logo)).status).toBe(200);
      const load = steadyLoad(apis, [logo, '/ready', '/health'], 100);
      await new Promise((resolve) => setTimeout(resolve, 500));
      await cluster.stop();
      const stopped = performance.now();
      await new Promise((resolve) => setTimeout(resolve, downMs));
      const restarting = performance.now();
      await cluster.start();
      const started = performance.now();
      // As a load balancer would: each instance is taken back once its /ready answers 200.
      await Promise.all(apis.map(readyAgain));
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const samples = await load.stop();
      const answeredBetween = `requests answered ${JSON.stringify(summary(samples, stopped, restarting))}`;

      // Liveness: the process answers throughout.
      expect(new Set(samples.filter((sample) => sample.path === '/health').map((sample) => sample.status))).toEqual(
        new Set([200]),
      );
      // Every answer is a success or a 503 that says when to try again: never a 500.
      for (const sample of samples) {
        expect([200, 503], `${sample.path} answered ${sample.status}`).toContain(sample.status);
        if (sample.status === 503) expect(sample.retryAfter).toBe('5');
      }
      // Sent while it was away (up to a second before its restart began): answered before the
      // restart began, none held until the database came back.
      const whileAway = samples.filter(
        (sample) => sample.path !== '/health' && sample.sent >= stopped && sample.sent < restarting - 1000,
      );
      expect(whileAway.length, answeredBetween).toBeGreaterThan(0);
      expect(
        whileAway.filter((sample) => sample.answered >= restarting),
        answeredBetween,
      ).toEqual([]);
      expect(new Set(whileAway.map((sample) => sample.status)), answeredBetween).toEqual(new Set([503]));
      // Sent once it was back: every one answered.
      const back = samples.filter((sample) => sample.sent >= started);
      expect(back.length).toBeGreaterThan(0);
      expect(
        back.filter((sample) => sample.status !== 200),
        answeredBetween,
      ).toEqual([]);
      // And the data is there, through both instances.
      for (const api of apis) expect((await api.app.request(logo)).status).toBe(200);
      const [row] = await first.db
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.jobBoardSlug, logo.slice('/public/logos/'.length, -'.svg'.length)));
      expect(row).toBeDefined();
    });
});

/** What was answered when, for a failure's message: per path and status, the slowest answer. */
function summary(samples: Sample[], stopped: number, restarting: number) {
  const rows = new Map<string, { count: number; slowestMs: number }>();
  for (const sample of samples) {
    if (sample.sent < stopped || sample.sent >= restarting) continue;
    const key = `${sample.path} ${sample.status}`;
    const row = rows.get(key) ?? { count: 0, slowestMs: 0 };
    row.count++;
    row.slowestMs = Math.max(row.slowestMs, Math.round(sample.answered - sample.sent));
    rows.set(key, row);
  }
  return Object.fromEntries(rows);
}
