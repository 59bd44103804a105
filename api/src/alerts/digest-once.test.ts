import { emptyJobSearch } from '@board/shared/api/job-search';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, outbox } from '../db/alert-tables';
import { type Database, type DatabaseHandle, openDatabase } from '../db/database';
import { jobPostings, organizations } from '../db/job-board-tables';
import { createTestApi, type TestApi } from '../test/test-api';
import { queueDueDigests } from './digests';

/**
 * Digest sends that overlap or follow one another, as two instances (or an operator's
 * `alerts:send --since` and the schedule) make them: however they interleave, a job reaches an
 * alert's address once. On PostgreSQL the two sends go through two database handles, as two
 * instances' would; PGlite has one process, whose transactions take turns.
 */
let api: TestApi;
let other: DatabaseHandle | undefined;
let second: Database;
beforeAll(async () => {
  api = await createTestApi();
  other = api.databaseUrl ? await openDatabase({ databaseUrl: api.databaseUrl }) : undefined;
  second = other?.db ?? api.db;
});
afterAll(async () => {
  await other?.close();
  await api?.close();
});

const ancient = new Date('2020-01-01T00:00:00Z');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function addJob(title: string): Promise<number> {
  const [organization] = await api.db.select({ id: organizations.id }).from(organizations).limit(1);
  const [job] = await api.db
    .insert(jobPostings)
    .values({
      organizationId: organization?.id ?? 0,
      title,
      location: 'Lisbon',
      status: 'published',
      shownOn: 'job_board',
      publishedAt: new Date(),
    })
    .returning({ id: jobPostings.id });
  return job?.id ?? 0;
}

/** The job ids of every digest queued for the alert, one entry per time a job was mailed. */
async function mailedJobs(alertId: string): Promise<number[]> {
  const rows = await api.db.select({ message: outbox.message }).from(outbox).where(eq(outbox.alertId, alertId));
  return rows.flatMap(({ message }) => [...message.text.matchAll(/\/job\/(\d+)/g)].map((match) => Number(match[1])));
}

describe('digest sends that overlap or follow', () => {
  it('mail each new job once to an alert, forced (since) or scheduled, whatever their order', async () => {
    const [alert] = await api.db
      .insert(alerts)
      .values({
        email: 'once@example.com',
        emailHash: api.alertTokens.addresses.address('once@example.com'),
        search: { ...emptyJobSearch, title: 'Wombat' },
        frequency: 'daily',
        status: 'active',
        confirmedAt: new Date(Date.now() - 3600_000),
        lastDigestAt: new Date(Date.now() - 3600_000),
        nextDigestAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    if (!alert) throw new Error('no alert');
    // forced + forced (two sends asked for at once), forced + scheduled, scheduled + forced, scheduled + scheduled.
    const pairs: [boolean, boolean][] = [
      [true, true],
      [true, false],
      [false, true],
      [false, false],
    ];
    const delays = [0, 1, 3, 8, 15];
    const added: number[] = [];
    for (let round = 0; round < 20; round++) {
      added.push(await addJob(`Wombat wrangler ${round}`));
      // Due by the schedule too, so a scheduled send has something to do.
      await api.db
        .update(alerts)
        .set({ nextDigestAt: new Date(Date.now() - 1000) })
        .where(eq(alerts.id, alert.id));
      const [firstForced, secondForced] = pairs[round % pairs.length] as [boolean, boolean];
      const send = (db: Database, forced: boolean) =>
        queueDueDigests(db, api.alertLinks, { now: new Date(), ...(forced ? { since: ancient } : {}) });
      const first = send(api.db, firstForced);
      await sleep(delays[round % delays.length] as number);
      await Promise.all([first, send(second, secondForced)]);
    }
    const mailed = await mailedJobs(alert.id);
    // Never twice, and none lost: every job added was in exactly one digest.
    expect(mailed.filter((id, index) => mailed.indexOf(id) !== index)).toEqual([]);
    expect([...mailed].sort((a, b) => a - b)).toEqual(added);
  });
});

describe('a forced send reaching back before the first digest', () => {
  it('holds the older jobs the digests never held, and none they did', async () => {
    const hourAgo = new Date(Date.now() - 3600_000);
    const [alert] = await api.db
      .insert(alerts)
      .values({
        email: 'back@example.com',
        emailHash: api.alertTokens.addresses.address('back@example.com'),
        search: { ...emptyJobSearch, title: 'Quoll' },
        frequency: 'daily',
        status: 'active',
        confirmedAt: hourAgo,
        lastDigestAt: hourAgo,
        nextDigestAt: new Date(Date.now() - 1000),
      })
      .returning();
    if (!alert) throw new Error('no alert');
    const older = await addJob('Quoll keeper (before the alert)');
    await api.db
      .update(jobPostings)
      .set({ publishedAt: new Date(hourAgo.getTime() - 60_000) })
      .where(eq(jobPostings.id, older));
    const newer = await addJob('Quoll keeper (after the alert)');
    // The schedule's digest: what came after the confirmation.
    await queueDueDigests(api.db, api.alertLinks, { now: new Date() });
    expect(await mailedJobs(alert.id)).toEqual([newer]);
    // Forced from long before: only what no digest held.
    await queueDueDigests(second, api.alertLinks, { now: new Date(), since: ancient });
    expect((await mailedJobs(alert.id)).sort((a, b) => a - b)).toEqual([older, newer].sort((a, b) => a - b));
    await queueDueDigests(api.db, api.alertLinks, { now: new Date(), since: ancient });
    expect((await mailedJobs(alert.id)).sort((a, b) => a - b)).toEqual([older, newer].sort((a, b) => a - b));
  });
});
