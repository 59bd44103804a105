import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { jobPostings } from '../db/job-board-tables';
import { generateDemoData } from '../seed/demo-data';
import { seed } from '../seed/seed';
import { createTestDatabase } from '../test/test-database';
import { readBoardVersion } from './board-changes';
import { dataVersion, indexLagSeconds, indexReached } from './data-version';

// A commit an instance has not learned of: only another connection's write shows it (PostgreSQL run only).
describe.runIf(process.env.DATABASE_URL)("the search index's lag behind the database (PostgreSQL run only)", () => {
  it('is 0 while the index holds every commit, and counts from a commit it does not hold until it does', async () => {
    const created = await createTestDatabase(undefined, { migrated: true });
    const writer = await openDatabase({ databaseUrl: created.url });
    const deaf = await openDatabase({ databaseUrl: created.url });
    const listening = await openDatabase({ databaseUrl: created.url });
    try {
      await seed(writer.db, generateDemoData());
      // An instance that hears of no change by itself (no LISTEN, no poll), and one that does.
      dataVersion(deaf.db, { listen: false, pollMs: 0 });
      await indexReached(deaf.db, 0);
      dataVersion(listening.db, { pollMs: 0 });
      await indexReached(listening.db, 0);
      expect(await indexLagSeconds(deaf.db)).toBe(0);

      const [job] = await writer.db.select().from(jobPostings).where(eq(jobPostings.status, 'published')).limit(1);
      await writer.db.execute(sql`update job_postings set title = 'Keeper of the Tide Tables' where id = ${job?.id}`);
      const version = await readBoardVersion(writer.db);
      expect(await indexLagSeconds(deaf.db), 'a commit its index does not hold').toBeGreaterThan(0);
      await indexReached(listening.db, version);
      expect(await indexLagSeconds(listening.db), 'once its index holds it').toBe(0);
    } finally {
      await Promise.all([writer.close(), deaf.close(), listening.close()]);
      await created.drop();
    }
  });
});
