import { whereBody } from '@board/shared/api/job-where-body';
import type { JobCommonBody, JobDetailBody, JobListItemBody, OrganizationJobBody } from '@board/shared/api/job-wire';
import type { OrganizationProfileBody } from '@board/shared/api/page-bodies';
import { parseTeamMemberObject, parseTeamMemberString, type TeamMember } from '@board/shared/api/team';
import type { JobRow, JobWithOrganization, ListJobRow, OrganizationRow } from '../db/board-rows';
import { jobPlaceColumns } from '../db/job-places';

/**
 * The keys every call sends, typed against the wire contract (shared/src/api/job-wire.ts): a key
 * this builds and the contract do not both name fails the type check.
 */
function jobBody({ job, organization }: JobWithOrganization, origin: string): JobCommonBody {
  const { funding, investors } = fundingAndInvestors(organization);
  // A company's profile states its equity and benefits once; a job that states its own shows those.
  const equity = job.equity ?? organization.equity;
  const benefits = job.benefits.length > 0 ? job.benefits : organization.benefits;
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
    job_type: job.jobType,
    workplace_type: job.workplaceType,
    level: job.level,
    requirements: job.requirements,
    skills: job.skills,
    benefits,
    application_url: job.applicationUrl,
    company_overview: organization.overview,
    funding,
    investors,
    equity: equity
      ? {
          type: equity.type ?? null,
          percentage: equity.percentage ?? null,
          cliff_period: equity.cliff_period ?? null,
          vesting_period: equity.vesting_period ?? null,
          additional_details: equity.additional_details ?? null,
        }
      : null,
    logo: organization.logo ? new URL(organization.logo, origin).href : null,
    company_website: organization.website,
    initial_projects: job.initialProjects,
    ...placesBody(job),
  };
}

/**
 * The job's stored readings; a job written without them (before they were stored, or by the
 * platform's own SQL: `work_from` null) is read as it is sent.
 */
function placesBody(job: ListJobRow) {
  const read = job.workFrom === null ? { ...job, ...jobPlaceColumns({ ...job, description: null }) } : job;
  return whereBody(
    { places: read.places, remote: read.remoteEligibility, timeZones: read.timeZones },
    read.visaSponsorship,
  );
}

const postedDate = (job: ListJobRow) => job.publishedAt?.toISOString() ?? null;

/** Call 1's job: no long description (cards never show it), team members as the platform stores them. */
export function listJobBody(row: JobWithOrganization, origin: string): JobListItemBody {
  return { ...jobBody(row, origin), posted_date: postedDate(row.job), team_members: row.organization.teamMembers };
}

/**
 * Call 4's job: call 1's with the long description, the imported description as safe blocks (null:
 * `description` is the text), the last day to apply (JobPosting's validThrough), and when the job
 * closed (only ever set with `include_closed=true`).
 */
export function detailJobBody(row: JobWithOrganization<JobRow>, origin: string): JobDetailBody {
  const { job } = row;
  return {
    ...listJobBody(row, origin),
    description: job.description,
    description_blocks: job.descriptionBlocks,
    valid_through: job.validThrough?.toISOString() ?? null,
    closed_at: job.status === 'closed' ? (job.closedAt ?? new Date(0)).toISOString() : null,
  };
}

/** Call 5's job: `published_at` instead of `posted_date`, the long description, team members as objects. */
export function organizationJobBody(
  row: JobWithOrganization<ListJobRow & Pick<JobRow, 'description'>>,
  origin: string,
): OrganizationJobBody {
  return {
    ...jobBody(row, origin),
    description: row.job.description,
    published_at: postedDate(row.job),
    team_members: teamAsObjects(row.organization.teamMembers),
  };
}

/** Call 5's reading: objects; strings that fit "name, title, bio" are converted, the rest dropped. */
function teamAsObjects(entries: unknown[]): TeamMember[] {
  return entries
    .map((entry) => (typeof entry === 'string' ? parseTeamMemberString(entry) : parseTeamMemberObject(entry)))
    .filter((member): member is TeamMember => member !== null);
}

function fundingAndInvestors(organization: OrganizationRow): Pick<JobCommonBody, 'funding' | 'investors'> {
  const { funding, investors } = organization;
  return {
    funding: funding
      ? {
          total_funding_amount: funding.total_funding_amount ?? null,
          last_round_amount: funding.last_round_amount ?? null,
          last_round_type: funding.last_round_type ?? null,
          last_round_date: funding.last_round_date ?? null,
        }
      : null,
    investors: investors ? { all: investors.all, last_round: investors.last_round } : null,
  };
}

/** Call 5's company: the profile its page's header shows (a portfolio file's and its site's). */
export function organizationProfileBody(organization: OrganizationRow, origin: string): OrganizationProfileBody {
  return {
    organization_id: organization.id,
    organization_name: organization.name,
    job_board_slug: organization.jobBoardSlug,
    logo: organization.logo ? new URL(organization.logo, origin).href : null,
    overview: organization.overview,
    website: organization.website,
    headquarters: organization.headquarters,
    headcount: organization.headcount,
    founded: organization.founded,
    ...fundingAndInvestors(organization),
  };
}
