import { emptyJobSearch } from '@board/shared/api/job-search';
import { isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { alerts, outbox } from '../db/alert-tables';
import { openDatabase } from '../db/database';
import { startMailSink } from '../mail/mail-sink';
import { startApiProcess } from '../test/api-process';
import { createTestDatabase } from '../test/test-database';
import { createAlertTokens } from './tokens';

const waitFor = async (check: () => Promise<boolean> | boolean, ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('timed out');
};

// Two processes cannot share an embedded PGlite: this runs in the suite's PostgreSQL run.
describe.runIf(process.env.DATABASE_URL)('two API instances sending the same digests (PostgreSQL run only)', () => {
  it('each digest is sent exactly once, by one of them', async () => {
    const database = await createTestDatabase(undefined, { migrated: true });
    const sink = await startMailSink();
    const env = {
      DATABASE_URL: database.url,
      BOARD_ENV: 'test',
      PORT: '0',
      LOG_LEVEL: 'silent',
      SMTP_URL: sink.smtpUrl,
      ALERTS_SECRET: 'one-secret-for-every-instance',
      // Both schedulers run every second, while the operator endpoint is called on both too.
      ALERTS_INTERVAL_SECONDS: '1',
    };
    const a = await startApiProcess(env);
    const b = await startApiProcess({ ...env, SEED: 'none' });
    const handle = await openDatabase({ databaseUrl: database.url });
    try {
      const count = 150;
      await handle.db.insert(alerts).values(
        Array.from({ length: count }, (_, index) => ({
          email: `seeker${index}@example.com`,
          emailHash: createAlertTokens('one-secret-for-every-instance').addresses.address(`seeker${index}@example.com`),
          search: emptyJobSearch,
          frequency: 'daily' as const,
          status: 'active' as const,
          confirmedAt: new Date('2020-01-01T00:00:00Z'),
          lastDigestAt: new Date('2020-01-01T00:00:00Z'),
          nextDigestAt: new Date(Date.now() - 1000),
        })),
      );
      const send = (url: string) =>
        fetch(`${url}/operator/alerts/send`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '{}',
        });
      const answers = await Promise.all([send(a.url), send(b.url), send(a.url), send(b.url)]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
      await waitFor(
        async () => (await handle.db.select().from(outbox).where(isNull(outbox.sentAt))).length === 0,
        120_000,
      );
      await waitFor(() => sink.messages.length >= count, 120_000);
      // Room for a duplicate to show up.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(sink.messages).toHaveLength(count);
      expect(new Set(sink.messages.flatMap((message) => message.to)).size).toBe(count);
      expect(await handle.db.select().from(outbox)).toHaveLength(count);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await handle.close();
      await sink.close();
      await database.drop();
    }
  });
});
