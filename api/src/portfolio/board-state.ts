import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { jobPostings, jobSources, organizations } from '../db/job-board-tables';
import { type StoredCompany, storedCompany } from './board-companies';
import type { Board, BoardSource } from './plan';

/** The board's companies (in the order they were made) and every source, removed ones too, as the plan reads them. */
export interface BoardState {
  stored: StoredCompany[];
  bySlug: Map<string, StoredCompany>;
  board: Board;
  /** Each company's published jobs, by slug (a company with none is not pruned again). */
  openJobs: Map<string, number>;
}

export async function readBoardState(db: Database): Promise<BoardState> {
  const rows = await db.select().from(organizations).orderBy(asc(organizations.id));
  const sourceRows = await db
    .select({
      kind: jobSources.kind,
      board: jobSources.board,
      removedAt: jobSources.removedAt,
      slug: organizations.jobBoardSlug,
    })
    .from(jobSources)
    .innerJoin(organizations, eq(jobSources.organizationId, organizations.id))
    .orderBy(asc(jobSources.id));
  const counts = await db
    .select({ id: jobPostings.organizationId, open: sql<number>`count(*)::integer` })
    .from(jobPostings)
    .where(eq(jobPostings.status, 'published'))
    .groupBy(jobPostings.organizationId);
  const openById = new Map(counts.map((row) => [row.id, Number(row.open)]));
  const stored = rows.map(storedCompany);
  const sources: BoardSource[] = sourceRows.map((row) => ({
    kind: row.kind,
    board: row.board,
    company: row.slug,
    removed: row.removedAt !== null,
  }));
  return {
    stored,
    bySlug: new Map(stored.map((entry) => [entry.company.slug, entry])),
    board: { companies: stored.map((entry) => entry.company), sources },
    openJobs: new Map(stored.map((entry) => [entry.company.slug, openById.get(entry.id) ?? 0])),
  };
}
