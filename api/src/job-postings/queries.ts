import { and, asc, desc, eq, exists, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database';
import { jobPostings, organizations, workspaces } from '../db/schema';
import type { JobWithOrganization } from './serialize';

export const visibilities = ['job_board_only', 'linkedin_or_job_board'] as const;
export type Visibility = (typeof visibilities)[number];

/**
 * `job_board_only`: published jobs shown on the board. `linkedin_or_job_board`: also published
 * jobs shown only on LinkedIn. Drafts and closed jobs never appear.
 */
export function visibleJobs(visibility: Visibility): SQL {
  const placements =
    visibility === 'job_board_only' ? (['job_board', 'both'] as const) : (['job_board', 'linkedin', 'both'] as const);
  return and(eq(jobPostings.status, 'published'), inArray(jobPostings.shownOn, [...placements])) as SQL;
}

const newestFirst = [desc(jobPostings.publishedAt), desc(jobPostings.id)];

export async function findWorkspace(db: Database, slug: string) {
  const [workspace] = await db.select().from(workspaces).where(eq(workspaces.slug, slug)).limit(1);
  return workspace ?? null;
}

export async function listJobs(
  db: Database,
  options: { visibility: Visibility; workspaceSlug?: string },
): Promise<JobWithOrganization[]> {
  const conditions = [visibleJobs(options.visibility)];
  if (options.workspaceSlug) conditions.push(eq(organizations.workspaceSlug, options.workspaceSlug));
  return db
    .select({ job: jobPostings, organization: organizations })
    .from(jobPostings)
    .innerJoin(organizations, eq(jobPostings.organizationId, organizations.id))
    .where(and(...conditions))
    .orderBy(...newestFirst);
}

export async function findJob(db: Database, id: number, visibility: Visibility): Promise<JobWithOrganization | null> {
  const [row] = await db
    .select({ job: jobPostings, organization: organizations })
    .from(jobPostings)
    .innerJoin(organizations, eq(jobPostings.organizationId, organizations.id))
    .where(and(eq(jobPostings.id, id), visibleJobs(visibility)))
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
