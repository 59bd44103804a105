import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outbox } from '../db/alert-tables';
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
}, 60_000);
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
    kind: 'notice' as const,
    dedupeKey: `${prefix}:${index}`,
    message: message(index),
  }));
  return api.db.transaction((tx) => enqueue(tx, entries));
}

const subjects = () => sink.messages.map((m) => m.subject).sort();
const expected = (count: number) => Array.from({ length: count }, (_, index) => `Message ${index}`).sort();

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
    const waits: number[] = [];
    const sender = createOutboxSender(api.db, transport, {
      backoffMs: (attempt) => {
        waits.push(attempt);
        return 50 * 2 ** (attempt - 1);
      },
    });
    const first = await sender.drain();
    expect(first).toEqual({ sent: 3, failed: 2 });
    const failed = await api.db.select().from(outbox).where(sql`${outbox.sentAt} is null`);
    expect(failed).toHaveLength(2);
    for (const row of failed) {
      expect(row.attempts).toBe(1);
      expect(row.lastError).toMatch(/451/);
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() - 1000);
    }
    // Before the backoff ends nothing is claimed; after it, the retries go out.
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await sender.drain()).toEqual({ sent: 2, failed: 0 });
    expect(subjects()).toEqual(expected(5));
    expect(waits).toEqual([1, 1]);
    expect(await api.db.select().from(outbox).where(sql`${outbox.sentAt} is null`)).toHaveLength(0);
  });

  it('a row whose sender died is sent again once its lease ends, not before', async () => {
    await queue(1);
    await api.db.update(outbox).set({ lockedUntil: sql`now() + interval '1 minute'` });
    const sender = createOutboxSender(api.db, transport);
    expect(await sender.drain()).toEqual({ sent: 0, failed: 0 });
    await api.db.update(outbox).set({ lockedUntil: sql`now() - interval '1 second'` });
    expect(await sender.drain()).toEqual({ sent: 1, failed: 0 });
    expect(subjects()).toEqual(expected(1));
  });

  it('two senders draining the same outbox at once send each email exactly once', async () => {
    await queue(300);
    const slow: MailTransport = {
      async send(m) {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
        await transport.send(m);
      },
    };
    const a = createOutboxSender(api.db, slow, { batchSize: 20 });
    const b = createOutboxSender(api.db, slow, { batchSize: 20 });
    const [fromA, fromB] = await Promise.all([a.drain(), b.drain()]);
    expect(fromA.sent + fromB.sent).toBe(300);
    expect(subjects()).toEqual(expected(300));
  });
});
