import { and, asc, desc, eq, exists, or, type SQL, sql } from 'drizzle-orm';
import type { JobWithOrganization, OrganizationRow } from '../db/board-rows';
import { type ListJobRow, listColumns } from '../db/board-rows';
import type { Database } from '../db/database';
import { jobPostings, organizations, workspaces } from '../db/job-board-tables';
import { selectRows } from '../db/select-rows';
import { closedJobs, type Visibility, visibleJobs } from '../search/visible';

const newestFirst = [desc(jobPostings.publishedAt), desc(jobPostings.id)];

export async function findWorkspace(db: Database, slug: string) {
  const [workspace] = await db.select().from(workspaces).where(eq(workspaces.slug, slug)).limit(1);
  return workspace ?? null;
}

/**
 * What call 1 lists, for every visibility and workspace at once: the jobs of the widest
 * visibility, newest first, without their long description (the list never sends it; the cache
 * narrows each answer with `placements`), and the companies and workspaces,
 * each read once instead of once per job (at 10,000 jobs, reading each job's ~20 values took
 * ~0.5 s in PGlite's protocol parser alone: `readListJobs` reads one per job).
 */
export async function loadBoard(db: Database): Promise<Board> {
  const jobs = await readListJobs(db, visibleJobs('linkedin_or_job_board'), sql.join(newestFirst, sql`, `));
  const companies = await db.select().from(organizations);
  const slugs = await db.select({ slug: workspaces.slug }).from(workspaces);
  return {
    jobs,
    organizations: new Map(companies.map((organization) => [organization.id, organization])),
    workspaces: new Set(slugs.map((workspace) => workspace.slug)),
  };
}

/**
 * The listed jobs (`listColumns`) that match `where`, each read as one JSON array rather than ~20
 * columns (PGlite's cost is per value returned), mapped as Drizzle maps the driver's values.
 */
export async function readListJobs(db: Database, where: SQL, orderBy?: SQL): Promise<ListJobRow[]> {
  const columns = Object.entries(listColumns);
  const rows = await selectRows<{ row: unknown[] | string }>(
    db,
    sql`select json_build_array(${sql.join(
      columns.map(([, column]) => column),
      sql`, `,
    )}) as row from ${jobPostings} where ${where}${orderBy ? sql` order by ${orderBy}` : sql``}`,
  );
  return rows.map(({ row }) => {
    const values = typeof row === 'string' ? (JSON.parse(row) as unknown[]) : row;
    const job: Record<string, unknown> = {};
    columns.forEach(([key, column], index) => {
      const value = values[index] ?? null;
      job[key] = value === null ? null : column.mapFromDriverValue(value);
    });
    return job as ListJobRow;
  });
}

export interface Board {
  jobs: ListJobRow[];
  organizations: Map<number, OrganizationRow>;
  workspaces: Set<string>;
}

/** A job call 4 may show; with `includeClosed`, also one that closed (with the same placement). */
export async function findJob(
  db: Database,
  id: number,
  visibility: Visibility,
  includeClosed = false,
): Promise<JobWithOrganization<typeof jobPostings.$inferSelect> | null> {
  const shown = includeClosed ? or(visibleJobs(visibility), closedJobs(visibility)) : visibleJobs(visibility);
  const [row] = await db
    .select({ job: jobPostings, organization: organizations })
    .from(jobPostings)
    .innerJoin(organizations, eq(jobPostings.organizationId, organizations.id))
    .where(and(eq(jobPostings.id, id), shown))
    .limit(1);
  return row ?? null;
}

export async function findOrganization(db: Database, id: number) {
  const [organization] = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  return organization ?? null;
}

export async function listOrganizationJobs(db: Database, organizationId: number, visibility: Visibility) {
  return db
    .select({ job: jobPostings, organization: organizations })
    .from(jobPostings)
    .innerJoin(organizations, eq(jobPostings.organizationId, organizations.id))
    .where(and(eq(jobPostings.organizationId, organizationId), visibleJobs(visibility)))
    .orderBy(...newestFirst);
}

/** Companies that are hiring: at least one job visible on the board. */
export async function listHiringOrganizations(db: Database, workspaceSlug?: string) {
  const hiring = exists(
    db
      .select({ id: jobPostings.id })
      .from(jobPostings)
      .where(and(eq(jobPostings.organizationId, organizations.id), visibleJobs('job_board_only'))),
  );
  return db
    .select({ id: organizations.id, name: organizations.name, jobBoardSlug: organizations.jobBoardSlug })
    .from(organizations)
    .where(workspaceSlug ? and(eq(organizations.workspaceSlug, workspaceSlug), hiring) : hiring)
    .orderBy(asc(organizations.name));
}
