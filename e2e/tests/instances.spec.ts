import { and, count, eq, isNotNull, isNull, like, sql } from 'drizzle-orm';
import { alerts, outbox } from '../../api/src/db/alert-tables';
import { applications } from '../../api/src/db/application-tables';
import { jobPostings, jobSources, organizations } from '../../api/src/db/job-board-tables';
import { scheduledRuns } from '../../api/src/db/scheduled-work-tables';
import { enqueue } from '../../api/src/mail/outbox';
import type { ApiProcess } from '../../api/src/test/api-process';
import { clusterLimits } from '../support/cluster';
import { clusterMissing, clusterSource } from '../support/cluster-parts';
import {
  apply,
  captchaToken,
  firstJobId,
  from,
  mailTo,
  operatorSend,
  searchTotal,
  subscribe,
  test,
} from '../support/cluster-test';
import { expect } from '../support/test';

/**
 * The board as a deploy runs several instances of each service (support/cluster.ts): two API
 * instances, a worker and two shell instances on one PostgreSQL and one Redis, behind nginx, round
 * robin. Whatever instance a request reaches, the limits count one client once, a challenge or a
 * link made by one works at the other, the worker does the scheduled work once (a source's sync,
 * the emails: each goes out once), and a promotion reaches every shell.
 */
const missing = clusterMissing();

test.describe('several instances of each service behind a load balancer', () => {
  test.skip(missing !== null, missing ?? '');
  test.describe.configure({ mode: 'serial' });

  test('instances started together on an empty database all come up: migrated and seeded once', async ({ cluster }) => {
    const { rows } = (await cluster.database.db.execute(
      sql`select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash having count(*) > 1`,
    )) as unknown as { rows?: unknown[] };
    expect(rows ?? [], 'no migration ran twice').toEqual([]);
    // The demo's companies, and the one company of the deploy's source (added once both were up).
    const [organizationsStored] = await cluster.database.db.select({ n: count() }).from(organizations);
    const { generateDemoData } = await import('../../api/src/seed/demo-data');
    expect(organizationsStored?.n, 'the demo data seeded once').toBe(generateDemoData().organizations.length + 1);
    for (const api of cluster.apis) {
      const health = await fetch(`${api.url}/health`);
      expect(await health.json()).toEqual({ status: 'ok', database: 'postgres' });
    }
  });

  test('limits hold at one instance’s figure, whichever instance each request reaches', async ({ cluster }) => {
    // The API's request cap: 30 requests, 15 to each instance, each under the cap alone.
    const reads = await Promise.all(
      Array.from({ length: 30 }, () => fetch(`${cluster.apiUrl}/public-job-posting?limit=1`, from('203.0.113.10'))),
    );
    const readStatuses = reads.map((answer) => answer.status);
    expect(readStatuses.filter((status) => status === 200)).toHaveLength(clusterLimits.requests);
    expect(readStatuses.filter((status) => status === 429)).toHaveLength(30 - clusterLimits.requests);

    // The shell's visitor limit: feeds (each may read the API), 10 from one visitor.
    const feeds: number[] = [];
    for (let index = 0; index < 10; index++)
      feeds.push((await fetch(`${cluster.siteUrl}/feed.xml?n=${index}`, from('203.0.113.11'))).status);
    expect(feeds.filter((status) => status === 200)).toHaveLength(clusterLimits.visitors);
    expect(feeds.filter((status) => status === 429)).toHaveLength(10 - clusterLimits.visitors);

    // Valid applications from one client, each with its own captcha token.
    const jobId = await firstJobId(cluster);
    const [one, other] = cluster.apis as [ApiProcess, ApiProcess];
    const submitted: number[] = [];
    for (let index = 0; index < 5; index++) {
      const token = await captchaToken(index % 2 ? one : other, index % 2 ? other : one);
      submitted.push((await apply(cluster, '203.0.113.12', jobId, token)).status);
    }
    expect(submitted.filter((status) => status === 201)).toHaveLength(clusterLimits.submissions);
    expect(submitted.filter((status) => status === 429)).toHaveLength(5 - clusterLimits.submissions);

    // Alert subscriptions from one client: past the limit, the captcha is asked for.
    const subscribed: number[] = [];
    for (let index = 0; index < 5; index++)
      subscribed.push((await subscribe(cluster, '203.0.113.13', `limit${index}@example.com`)).status);
    expect(subscribed).toEqual([202, 202, 202, 429, 429]);
  });

  test('an application, a subscription with its confirmation, and a digest each go through, one email each', async ({
    cluster,
  }) => {
    const [one, other] = cluster.apis as [ApiProcess, ApiProcess];
    // The application: its captcha answered at the other instance than the one that asked it.
    const jobId = await firstJobId(cluster);
    const before = await cluster.database.db.select({ n: count() }).from(applications);
    const applied = await apply(cluster, '203.0.113.20', jobId, await captchaToken(one, other));
    expect(applied.status).toBe(201);
    const { id } = (await applied.json()) as { id: string };
    const stored = await cluster.database.db.select().from(applications).where(eq(applications.id, id));
    expect(stored).toHaveLength(1);
    const after = await cluster.database.db.select({ n: count() }).from(applications);
    expect((after[0]?.n ?? 0) - (before[0]?.n ?? 0)).toBe(1);

    // The subscription: one confirmation email, sent by the worker (told of it at the commit).
    const address = 'one-email-each@example.com';
    expect((await subscribe(cluster, '203.0.113.21', address)).status).toBe(202);
    await expect.poll(() => mailTo(cluster, address).length).toBe(1);
    const confirmation = mailTo(cluster, address)[0]?.text ?? '';
    const link = /http:\/\/127\.0\.0\.1:\d+\/public\/alerts\/confirm\?token=[A-Za-z0-9_%.-]+/.exec(confirmation)?.[0];
    expect(link, 'the confirmation link names the balanced API').toContain(cluster.apiUrl);
    const token = new URL(link ?? '').searchParams.get('token') ?? '';
    // Confirmed at each instance in turn: the first POST confirms, the second finds it done.
    const confirmAt = (api: ApiProcess) =>
      fetch(`${api.url}/public/alerts/confirm`, { method: 'POST', body: new URLSearchParams({ token }) });
    const confirmed = await confirmAt(other);
    expect(confirmed.status).toBe(200);
    const page = await confirmed.text();
    expect(page).toContain('Your job alert is on');
    expect((await confirmAt(one)).status).toBe(400);
    // The manage link one instance wrote opens at the other, listing the alert.
    const manage = /href="([^"]+\/public\/alerts\/manage\?token=[^"]+)"/.exec(page)?.[1]?.replaceAll('&amp;', '&');
    const managePath = new URL(manage ?? '').pathname + new URL(manage ?? '').search;
    for (const api of cluster.apis) {
      const listed = await fetch(`${api.url}${managePath}`);
      expect(listed.status).toBe(200);
      expect(await listed.text()).toContain('daily · on');
    }

    // The digest, sent by the worker on its round once the alert is due, a new job in its window.
    const [alert] = await cluster.database.db.select().from(alerts).where(eq(alerts.status, 'active'));
    expect(alert?.email).toBe(address);
    const [company] = await cluster.database.db.select({ id: organizations.id }).from(organizations).limit(1);
    await cluster.database.db.insert(jobPostings).values({
      organizationId: company?.id ?? 0,
      title: 'Tide Gauge Reader',
      status: 'published',
      shownOn: 'job_board',
      publishedAt: new Date(),
    });
    await cluster.database.db
      .update(alerts)
      .set({ nextDigestAt: sql`now()` })
      .where(eq(alerts.id, alert?.id ?? ''));
    await expect.poll(() => mailTo(cluster, address).length).toBe(2);
    expect(cluster.workerSink.messages.filter((message) => message.to.includes(address))).toHaveLength(2);
    // Asked for again through the load balancer (twice: each instance once) beside the worker: nothing more is due.
    const sends = await Promise.all([operatorSend(cluster.apiUrl, cluster), operatorSend(cluster.apiUrl, cluster)]);
    expect(sends.map((answer) => answer.status)).toEqual([200, 200]);
    const unsent = await cluster.database.db.select({ n: count() }).from(outbox).where(isNull(outbox.sentAt));
    expect(unsent[0]?.n).toBe(0);
    expect(mailTo(cluster, address).map((message) => message.subject)).toEqual([
      expect.stringMatching(/^Confirm your job alert/),
      expect.stringMatching(/new job/i),
    ]);
  });

  test('the worker syncs the source once, and both API instances then find its jobs by themselves', async ({
    cluster,
  }) => {
    const lastSync = async () =>
      (await cluster.database.db.select({ line: jobSources.lastSyncLine }).from(jobSources))[0]?.line ?? null;
    await expect.poll(lastSync).toMatch(new RegExp(`: ${clusterSource.jobs} new`));
    expect(cluster.sourceRequests() - cluster.sourceRequestsBefore, 'one read of the vendor: one sync').toBe(1);
    const [round] = await cluster.database.db
      .select()
      .from(scheduledRuns)
      .where(eq(scheduledRuns.name, 'sources-sync'));
    expect(round?.lastClaimedBy, 'the round was the worker’s').toMatch(new RegExp(`:${cluster.worker.child.pid}$`));
    // The sync has committed: each instance learns of it by itself.
    for (const api of cluster.apis)
      await expect
        .poll(() => searchTotal(api, 'title=lighthouse%20keeper'), { intervals: [100, 250, 500] })
        .toBe(clusterSource.jobs);
  });

  test('a release promotion reaches both shells (each reads the pointer again once it is 5 s old)', async ({
    cluster,
  }) => {
    const releasesOf = async (url: string, visitor: string) =>
      (await fetch(`${url}/companies`, from(visitor))).headers.get('x-board-releases') ?? '';
    for (const [index, shell] of cluster.shells.entries())
      expect(await releasesOf(shell.url, `203.0.113.3${index}`)).toContain(`listings=${cluster.releases.first}`);
    expect(cluster.promote(cluster.releases.second)).toBe(0);
    // Each shell reads the pointer again once it is 5 s old (release-pointers.ts, unit-tested), so a
    // promotion reaches every instance within 10 s; the poll's limit is only how long this test
    // waits on a loaded machine, not a figure it asserts.
    let visitor = 0;
    await Promise.all(
      cluster.shells.map((shell) =>
        expect
          .poll(() => releasesOf(shell.url, `198.51.100.${++visitor}`), { intervals: [250] })
          .toContain(`listings=${cluster.releases.second}`),
      ),
    );
  });

  test('the board renders and hydrates through the load balancer', async ({ visit, page }) => {
    await visit('/', { heading: 'Find your dream job' });
    await expect(page.getByRole('article').first()).toBeVisible();
  });

  test('a worker killed in the middle of sending loses no email and duplicates none', async ({ cluster }) => {
    const doomed = cluster.worker;
    const doomedRelay = cluster.workerSink;
    const recipients = Array.from({ length: 12 }, (_, index) => `crash${index}@example.com`);
    // The worker's relay accepts its first emails, then takes the next one and never answers: that
    // one is in flight when the worker dies. The accepted ones must not go again.
    const acceptedBeforeHang = 5;
    doomedRelay.hang(acceptedBeforeHang);
    // Queued as an event's transaction queues them: the worker hears of them at the commit.
    await cluster.database.db.transaction((tx) =>
      enqueue(
        tx,
        recipients.map((to, index) => ({
          kind: 'notice',
          dedupeKey: `crash:${index}`,
          message: {
            to,
            subject: `Notice ${index}`,
            text: `notice ${index}`,
            html: `<p>notice ${index}</p>`,
            headers: {},
          },
        })),
      ),
    );
    // Killed once the accepted ones are marked sent (an email accepted in the instant before a
    // crash, not yet marked, goes again: decision 027) and the next one is in flight.
    const markedSent = async () =>
      (
        await cluster.database.db
          .select({ n: count() })
          .from(outbox)
          .where(and(like(outbox.dedupeKey, 'crash:%'), isNotNull(outbox.sentAt)))
      )[0]?.n;
    await expect.poll(markedSent).toBe(acceptedBeforeHang);
    await expect.poll(() => doomedRelay.held).toBeGreaterThan(0);
    expect(doomedRelay.held, 'one email in flight when it dies').toBe(1);
    doomed.child.kill('SIGKILL');
    await doomed.stop();
    // Another worker sends what nobody holds at once, and what the dead one held once its lease ends.
    await cluster.startWorker();
    const unsent = async () =>
      (await cluster.database.db.select({ n: count() }).from(outbox).where(isNull(outbox.sentAt)))[0]?.n;
    await expect.poll(unsent, { intervals: [500] }).toBe(0);
    const delivered = recipients.flatMap((to) => mailTo(cluster, to).map((message) => message.to.join()));
    expect(delivered.sort(), 'each email once, none lost').toEqual([...recipients].sort());
    expect(
      doomedRelay.messages.filter((message) => recipients.some((to) => message.to.includes(to))),
      'what the dead worker’s relay accepted',
    ).toHaveLength(acceptedBeforeHang);
  });
});
