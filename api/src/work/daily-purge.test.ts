import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications } from '../db/application-tables';
import { openDatabase } from '../db/database';
import { scheduledRuns } from '../db/scheduled-work-tables';
import { applicationForm, publishedJobId, submitApplication } from '../test/application-form';
import { useTestApi } from '../test/use-test-api';
import { dailyPrivacyPurge } from './daily-purge';

const api = useTestApi();

describe('the daily privacy purge', () => {
  it('runs once a day across instances: of two asking at once, one purges; the next is due a day later', async () => {
    const jobId = await publishedJobId(api);
    const ids: string[] = [];
    for (const email of ['expired@example.com', 'current@example.com']) {
      const response = await submitApplication(api, await applicationForm(api, jobId, { candidate_email: email }));
      ids.push(((await response.json()) as { id: string }).id);
    }
    const [expired, current] = ids as [string, string];
    await api.db
      .update(applications)
      .set({ receivedAt: sql`now() - interval '36 months 1 day'` })
      .where(eq(applications.id, expired));

    // Two instances: on PostgreSQL, two connection pools on one database.
    const other = api.databaseUrl ? await openDatabase({ databaseUrl: api.databaseUrl }) : null;
    const logs: Record<string, unknown>[] = [];
    try {
      const first = dailyPrivacyPurge(api.db, (entry) => logs.push(entry));
      const second = dailyPrivacyPurge(other?.db ?? api.db, (entry) => logs.push(entry));
      const ran = await Promise.all([first.runIfDue(), second.runIfDue()]);
      expect(ran.filter(Boolean)).toHaveLength(1);
      expect((await api.db.select().from(applications)).map((row) => row.id)).toEqual([current]);
      expect(logs.find((entry) => entry.message === 'privacy purge: past retention deleted')).toMatchObject({
        applications: 1,
        resumes: 1,
        receipts: 1,
      });
      // Not due again until a day after this round started.
      expect(await first.runIfDue()).toBe(false);
      await api.db
        .update(scheduledRuns)
        .set({ lastStartedAt: sql`now() - interval '1 day 1 minute'` })
        .where(eq(scheduledRuns.name, 'privacy-purge'));
      expect(await second.runIfDue()).toBe(true);
    } finally {
      await other?.close();
    }
  });
});
