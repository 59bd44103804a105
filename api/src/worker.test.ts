import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ConfigError } from './config';
import { openDatabase } from './db/database';
import { jobPostings, jobSources } from './db/job-board-tables';
import { startMailSink } from './mail/mail-sink';
import { sourcesService } from './sources/sources-service';
import { vendorHttp } from './sources/vendor-http';
import { type ApiProcess, startApiProcess, startWorkerProcess } from './test/api-process';
import { benchAshbyJobs } from './test/ashby-jobs';
import { startFakeVendors } from './test/fake-vendors';
import { createTestDatabase } from './test/test-database';
import { startWorker } from './worker';

describe('the worker', () => {
  it('refuses to start on PGlite, whose folder only the API process may open', async () => {
    await expect(startWorker({ ALERTS_SECRET: 'a-secret-of-enough-length' })).rejects.toThrow(ConfigError);
    await expect(startWorker({ ALERTS_SECRET: 'a-secret-of-enough-length' })).rejects.toThrow(/DATABASE_URL/);
  });
});

const search = async (api: ApiProcess, query: string) =>
  ((await (await fetch(`${api.url}/public-job-posting?limit=100&${query}`)).json()) as { total: number }).total;

// A worker and the API instances share one database: this runs in the suite's PostgreSQL run.
describe.runIf(process.env.DATABASE_URL)('a worker beside two API instances (PostgreSQL run only)', () => {
  it('syncs a source once, and its jobs are searchable on both instances within 5 s; emails go at once', async () => {
    const database = await createTestDatabase(undefined, { migrated: true });
    const fake = await startFakeVendors();
    const sink = await startMailSink();
    const handle = await openDatabase({ databaseUrl: database.url });
    const stopping: (() => Promise<unknown>)[] = [];
    try {
      const env = { DATABASE_URL: database.url, LOG_LEVEL: 'silent', PORT: '0', ...fake.env };
      const apis = [await startApiProcess(env), await startApiProcess({ ...env, SEED: 'none' })];
      for (const api of apis) stopping.push(() => api.stop());
      // The source is there before the worker starts: its first round syncs it.
      fake.setJobs(
        'ashby',
        'harbour',
        benchAshbyJobs(12, 1).map((job, index) => ({ ...job, title: `Harbour Pilot ${index}` })),
      );
      const sources = sourcesService({
        db: handle.db,
        http: vendorHttp({ trusted: Object.values(fake.urls) }),
        vendorUrls: fake.urls,
      });
      const { source } = await sources.add('ashby', 'harbour', { company: 'Harbour Works' });
      const listRequests = () => fake.requests.filter((request) => request.path.includes('harbour')).length;
      const before = listRequests();
      expect(await search(apis[0] as ApiProcess, 'title=harbour%20pilot')).toBe(0);

      const worker = await startWorkerProcess({
        ...env,
        ALERTS_SECRET: 'worker-test-secret-of-enough-length',
        SMTP_URL: sink.smtpUrl,
        // Hours apart: an email that goes at once went because it was queued, not on a round.
        ALERTS_INTERVAL_SECONDS: '3600',
      });
      stopping.push(() => worker.stop());
      const synced = async () =>
        (await handle.db.select().from(jobSources).where(eq(jobSources.id, source.id)))[0]?.lastSyncLine ?? null;
      await expect.poll(synced).toMatch(/12 new/);
      const [stored] = await handle.db
        .select({ n: count() })
        .from(jobPostings)
        .where(eq(jobPostings.sourceId, source.id));
      expect(stored?.n).toBe(12);
      expect(listRequests() - before, 'one read of the vendor: one sync, by the worker alone').toBe(1);
      for (const api of apis) await expect.poll(() => search(api, 'title=harbour%20pilot'), { interval: 100 }).toBe(12);

      // A subscription through an instance: its confirmation is sent by the worker, told at the commit.
      const subscribed = await fetch(`${apis[1]?.url}/public/alerts/subscribe`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'night-watch@example.com', frequency: 'daily' }),
      });
      expect(subscribed.status).toBe(202);
      await expect
        .poll(() => sink.messages.filter((message) => message.to.includes('night-watch@example.com')).length)
        .toBe(1);

      expect(await worker.stop(), 'SIGTERM: the work under way ends, then the worker exits 0').toBe(0);
      expect(worker.output()).toMatch(/"message":"worker stopping/);
    } finally {
      for (const stop of stopping.reverse()) await stop();
      await handle.close();
      await sink.close();
      await fake.close();
      await database.drop();
    }
  });
});
