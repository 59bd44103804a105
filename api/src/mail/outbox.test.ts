import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type OutboxMessage, outbox } from '../db/alert-tables';
import { createTestApi, type TestApi } from '../test/test-api';
import { type MailSink, startMailSink } from './mail-sink';
import { smtpTransport } from './mailer';
import { createOutboxSender, enqueue, type MailTransport } from './outbox';

let api: TestApi;
let sink: MailSink;
let transport: ReturnType<typeof smtpTransport>;
beforeAll(async () => {
  sink = await startMailSink();
  transport = smtpTransport(sink.smtpUrl, 'Foundry Jobs <alerts@foundry.jobs>');
  api = await createTestApi({ seedDemo: false });
});
afterAll(async () => {
  await api?.close();
  transport?.close();
  await sink?.close();
});
beforeEach(async () => {
  sink.messages.length = 0;
  sink.failNext(0);
  await api.db.delete(outbox);
});

const message = (index: number) => ({
  to: `seeker${index}@example.com`,
  subject: `Message ${index}`,
  text: `text ${index}`,
  html: `<p>html ${index}</p>`,
  headers: { 'List-Unsubscribe': '<http://localhost/u>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
});

async function queue(count: number, prefix = 'm') {
  const entries = Array.from({ length: count }, (_, index) => ({
    kind: 'notice',
    dedupeKey: `${prefix}:${index}`,
    message: message(index),
  }));
  return api.db.transaction((tx) => enqueue(tx, entries));
}

const subjects = () => sink.messages.map((m) => m.subject).sort();
const expected = (count: number) => Array.from({ length: count }, (_, index) => `Message ${index}`).sort();

/**
 * The senders' time, moved by the test (leases and retries are measured in it): it starts a
 * second after what was just queued, so that is due, and moves only when the test or a relay says.
 */
function testClock() {
  const clock = {
    ms: Date.now() + 1_000,
    sql: (): SQL => sql`${new Date(clock.ms).toISOString()}::timestamptz`,
  };
  return clock;
}

/**
 * A slow relay in the clock's time: `connections` emails at once, each taking `ms`; an email that
 * finds every connection busy waits for one. The clock moves on as each email is accepted.
 */
function slowRelay(clock: ReturnType<typeof testClock>, options: { connections: number; ms: number }) {
  const freeAt = Array<number>(options.connections).fill(0);
  const accepted: OutboxMessage[] = [];
  return {
    accepted,
    async send(m: OutboxMessage) {
      const slot = freeAt.indexOf(Math.min(...freeAt));
      const done = Math.max(clock.ms, freeAt[slot] ?? 0) + options.ms;
      freeAt[slot] = done;
      // The email is in flight while the other senders go on.
      await new Promise((resolve) => setImmediate(resolve));
      clock.ms = Math.max(clock.ms, done);
      accepted.push(m);
    },
  } satisfies MailTransport & { accepted: OutboxMessage[] };
}

describe('the outbox', () => {
  it('enqueues each event once (same key, one row)', async () => {
    expect(await queue(3)).toBe(3);
    expect(await queue(3)).toBe(0);
    expect(await api.db.select().from(outbox)).toHaveLength(3);
  });

  it('a transaction that fails leaves no email behind', async () => {
    await expect(
      api.db.transaction(async (tx) => {
        await enqueue(tx, [{ kind: 'notice', dedupeKey: 'rolled-back', message: message(0) }]);
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect(await api.db.select().from(outbox)).toHaveLength(0);
  });

  it('an SMTP server that fails twice, then accepts: retried with backoff, nothing lost, nothing twice', async () => {
    await queue(5);
    sink.failNext(2);
    const clock = testClock();
    const waits: number[] = [];
    const sender = createOutboxSender(api.db, transport, {
      clock: clock.sql,
      backoffMs: (attempt) => {
        waits.push(attempt);
        return 30_000 * 2 ** (attempt - 1);
      },
    });
    expect(await sender.drain()).toEqual({ sent: 3, failed: 2 });
    const failed = await api.db.select().from(outbox).where(sql`${outbox.sentAt} is null`);
    expect(failed).toHaveLength(2);
    for (const row of failed) {
      expect(row.attempts).toBe(1);
      expect(row.lastError).toMatch(/451/);
      expect(row.lockedUntil).toBeNull();
      expect(row.nextAttemptAt.getTime()).toBe(clock.ms + 30_000);
    }
    // Before the backoff ends nothing is claimed; after it, the retries go out.
    clock.ms += 29_000;
    expect(await sender.drain()).toEqual({ sent: 0, failed: 0 });
    clock.ms += 1_000;
    expect(await sender.drain()).toEqual({ sent: 2, failed: 0 });
    expect(subjects()).toEqual(expected(5));
    expect(waits).toEqual([1, 1]);
    expect(await api.db.select().from(outbox).where(sql`${outbox.sentAt} is null`)).toHaveLength(0);
  });

  it('a row whose sender died is sent again once its lease ends, not before', async () => {
    await queue(1);
    const clock = testClock();
    await api.db.update(outbox).set({ lockedUntil: new Date(clock.ms + 60_000) });
    const sender = createOutboxSender(api.db, transport, { clock: clock.sql });
    expect(await sender.drain()).toEqual({ sent: 0, failed: 0 });
    clock.ms += 60_000;
    expect(await sender.drain()).toEqual({ sent: 1, failed: 0 });
    expect(subjects()).toEqual(expected(1));
  });

  it('marks each email sent as soon as the relay accepts it; a sender that dies mid-send leaves only that one', async () => {
    await queue(10);
    const clock = testClock();
    let stuck: (() => void) | undefined;
    const stuckAt = new Promise<void>((resolve) => {
      stuck = resolve;
    });
    const accepted: string[] = [];
    // The first sender's relay takes four emails, then never answers the fifth: its process is gone.
    const dying: MailTransport = {
      async send(m) {
        if (accepted.length === 4) {
          stuck?.();
          return new Promise<void>(() => {});
        }
        accepted.push(m.subject);
      },
    };
    // As the server makes it: one email in flight at a time (decision 027).
    void createOutboxSender(api.db, dying, { clock: clock.sql, leaseSeconds: 60 }).drain();
    await stuckAt;
    const unsent = async () =>
      (await api.db.select().from(outbox).where(sql`${outbox.sentAt} is null`)).map((row) => row.message.subject);
    // The four it sent are marked; of the rest, only the one in flight is held.
    expect((await unsent()).sort()).toEqual([
      'Message 4',
      'Message 5',
      'Message 6',
      'Message 7',
      'Message 8',
      'Message 9',
    ]);
    const held = await api.db.select().from(outbox).where(sql`${outbox.lockedUntil} is not null`);
    expect(held.map((row) => row.message.subject)).toEqual(['Message 4']);
    // Another sender sends the others at once, and the one in flight when its lease ends.
    const relay = slowRelay(clock, { connections: 4, ms: 10 });
    const survivor = createOutboxSender(api.db, relay, { clock: clock.sql, leaseSeconds: 60 });
    expect(await survivor.drain()).toEqual({ sent: 5, failed: 0 });
    expect(await unsent()).toEqual(['Message 4']);
    clock.ms += 60_000;
    expect(await survivor.drain()).toEqual({ sent: 1, failed: 0 });
    const all = [...accepted, ...relay.accepted.map((m) => m.subject)];
    expect(all.sort()).toEqual(expected(10));
  });

  it('two senders and a slow relay (8 s leases, 0.4 s an email, 4 connections) send 200 emails once each', async () => {
    await queue(200);
    const clock = testClock();
    const relay = slowRelay(clock, { connections: 4, ms: 400 });
    // The clock moves as the relay accepts emails, whatever the database's speed: while one sender's
    // "sent" waits on a loaded database, the other seven workers' emails move it on. A lease of 8 s
    // is 20 such acceptances (with 3 s, a stall of 8 round trips under load sent one email twice);
    // the 20 s the relay takes are still far past any one lease.
    const options = { clock: clock.sql, leaseSeconds: 8 };
    const [a, b] = [createOutboxSender(api.db, relay, options), createOutboxSender(api.db, relay, options)];
    const [fromA, fromB] = await Promise.all([a.drain(), b.drain()]);
    expect(fromA.sent + fromB.sent).toBe(200);
    // The relay took 20 s of the clock's time for them, far past any one lease.
    expect(clock.ms).toBeGreaterThan(Date.now() + 15_000);
    const subjectsAccepted = relay.accepted.map((m) => m.subject).sort();
    expect(subjectsAccepted).toEqual(expected(200));
  });

  it('two senders draining the same outbox at once, through SMTP, send each email exactly once', async () => {
    await queue(100);
    const a = createOutboxSender(api.db, transport);
    const b = createOutboxSender(api.db, transport);
    const [fromA, fromB] = await Promise.all([a.drain(), b.drain()]);
    expect(fromA.sent + fromB.sent).toBe(100);
    expect(subjects()).toEqual(expected(100));
  });
});
