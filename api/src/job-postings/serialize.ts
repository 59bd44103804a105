import { parseTeamMemberObject, parseTeamMemberString, type TeamMember } from '@board/shared/api/team';
import type { jobPostings, organizations } from '../db/job-board-tables';
import type { ListJobRow } from './list-columns';

type JobRow = typeof jobPostings.$inferSelect;
export type OrganizationRow = typeof organizations.$inferSelect;
export interface JobWithOrganization {
  job: JobRow;
  organization: OrganizationRow;
}

/**
 * The job object of SPEC section 3, snake_case. Variants:
 * - `list` (call 1): no long `description` (cards never show it), team members as strings;
 * - `detail` (call 4): everything, team members as strings;
 * - `organization` (call 5): `published_at` instead of `posted_date`, team members as objects.
 * Beyond the spec's fields: `organization_id`, `logo` (absolute URL or null) and
 * `initial_projects` (list or null); on call 4 also `description_blocks`, `valid_through`, `closed_at`.
 */
export function serializeJob(
  {
    job,
    organization,
  }: {
    job: ListJobRow & { description?: string | null } & Partial<
        Pick<JobRow, 'descriptionBlocks' | 'validThrough' | 'closedAt' | 'status'>
      >;
    organization: OrganizationRow;
  },
  variant: 'list' | 'detail' | 'organization',
  origin: string,
) {
  const date = job.publishedAt?.toISOString() ?? null;
  return {
    id: job.id,
    title: job.title,
    organization_id: organization.id,
    organization_name: organization.name,
    location: job.location,
    salary_min: job.salaryMin,
    salary_max: job.salaryMax,
    salary_currency: job.salaryCurrency,
    short_description: job.shortDescription,
    ...(variant === 'list' || job.description === undefined ? {} : { description: job.description }),
    ...(variant === 'organization' ? { published_at: date } : { posted_date: date }),
    job_type: job.jobType,
    workplace_type: job.workplaceType,
    level: job.level,
    requirements: job.requirements,
    skills: job.skills,
    benefits: job.benefits,
    application_url: job.applicationUrl,
    company_overview: organization.overview,
    funding: organization.funding ?? null,
    investors: organization.investors ?? null,
    team_members: variant === 'organization' ? teamAsObjects(organization.teamMembers) : organization.teamMembers,
    equity: job.equity ?? null,
    logo: organization.logo ? new URL(organization.logo, origin).href : null,
    initial_projects: job.initialProjects ?? null,
    ...(variant === 'detail' ? detailExtensions(job) : {}),
  };
}

/**
 * Call 4's extensions, read by the board's job page: the imported description as safe blocks
 * (null: `description` is the text), the last day to apply (JobPosting's validThrough), and when
 * the job closed (only ever set with `include_closed=true`).
 */
function detailExtensions(job: Partial<Pick<JobRow, 'descriptionBlocks' | 'validThrough' | 'closedAt' | 'status'>>) {
  return {
    description_blocks: job.descriptionBlocks ?? null,
    valid_through: job.validThrough?.toISOString() ?? null,
    closed_at: job.status === 'closed' ? (job.closedAt ?? new Date(0)).toISOString() : null,
  };
}

/** Call 5's reading: objects; strings that fit "name, title, bio" are converted, the rest dropped. */
function teamAsObjects(entries: unknown[]): TeamMember[] {
  return entries
    .map((entry) => (typeof entry === 'string' ? parseTeamMemberString(entry) : parseTeamMemberObject(entry)))
    .filter((member): member is TeamMember => member !== null);
}
