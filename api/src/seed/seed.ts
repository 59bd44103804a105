import { count, sql } from 'drizzle-orm';
import { boardWritten } from '../board-changes/board-written';
import type { Database } from '../db/database';
import { jobPostings, organizations, workspaces } from '../db/job-board-tables';
import { jobPlaceColumns } from '../db/job-places';
import { type generateDemoData, IN_SITE_APPLICATION } from './demo-data';

type DemoData = ReturnType<typeof generateDemoData>;

export async function isEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(workspaces);
  return (row?.n ?? 0) === 0;
}

/** Inserts demo data in one transaction; job ids are assigned by the database. */
export async function seed(
  db: Database,
  data: DemoData,
  now = new Date(),
): Promise<{ organizations: number; jobs: number }> {
  const counts = await db.transaction(async (tx) => {
    await tx.insert(workspaces).values(data.workspaces).onConflictDoNothing();
    const orgIds = await tx.insert(organizations).values(data.organizations).returning({ id: organizations.id });
    const day = 24 * 60 * 60 * 1000;
    const rows = data.jobs.map(({ organization, publishedDaysAgo, ...job }) => {
      const organizationId = orgIds[organization]?.id;
      if (organizationId === undefined)
        throw new Error(`demo job refers to organization ${organization}, which does not exist`);
      return {
        ...job,
        ...jobPlaceColumns(job),
        organizationId,
        publishedAt:
          publishedDaysAgo === null ? null : new Date(now.getTime() - publishedDaysAgo * day - organization * 60_000),
      };
    });
    for (let start = 0; start < rows.length; start += 500) {
      await tx.insert(jobPostings).values(rows.slice(start, start + 500));
    }
    // Application links that point into the board need the job's own id.
    await tx
      .update(jobPostings)
      .set({ applicationUrl: sql`'/job/' || ${jobPostings.id} || '/apply'` })
      .where(sql`${jobPostings.applicationUrl} = ${IN_SITE_APPLICATION}`);
    await tx
      .update(jobPostings)
      .set({ applicationUrl: sql`replace(${jobPostings.applicationUrl}, '__ID__', ${jobPostings.id}::text)` })
      .where(sql`${jobPostings.applicationUrl} like '%__ID__%'`);
    return { organizations: orgIds.length, jobs: rows.length };
  });
  boardWritten(db);
  // The planner's statistics and the visibility map, now: PGlite never vacuums by itself, and
  // PostgreSQL's autovacuum only after a while. Without them the search's plans read every job
  // and its counts are not index-only (docs/search.md).
  await db.execute(sql`vacuum (analyze) job_postings, organizations, workspaces`);
  return counts;
}
