import { type DescriptionBlock, DescriptionBlocksSchema } from '@board/shared/api/description-blocks';
import { distinctEntries, fundingAmountText, jobDefaults, salaryText } from '@board/shared/api/job-display';
import { parseTeamMemberObject, parseTeamMemberString, type TeamMember } from '@board/shared/api/team';
import * as v from 'valibot';

/**
 * A job as the board shows it (SPEC section 3, "Job as displayed"), parsed from the server's
 * snake_case job. Every field is parsed leniently: a wrong type becomes the field's default, bad
 * list entries are dropped, so one malformed job never takes a page down.
 */
export interface Job {
  id: string;
  title: string;
  company: string;
  organizationId: string | null;
  location: string;
  /** '{min}k - {max}k' (see salaryText); '' when not disclosed. */
  salary: string;
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: string;
  description: string;
  detailedDescription: string;
  /** ISO date the job was posted, or null (shown as 'Recently'). */
  postedAt: string | null;
  type: string;
  workplaceType: string;
  level: string;
  requirements: string[];
  skills: string[];
  applicationUrl: string;
  funding: { total: string; lastRound: { amount: string; type: string; date: string } };
  investors: { all: string[]; lastRound: string[] };
  companyOverview: string;
  team: TeamMember[];
  equity: { type: string; percentage: string; cliffPeriod: string; vestingPeriod: string; additionalDetails: string };
  benefits: string[];
  logo: string | null;
  initialProjects: string[];
  /** An imported description as safe blocks (rendered instead of `detailedDescription`); null: the text. */
  descriptionBlocks: DescriptionBlock[] | null;
  /** The last day to apply, when the company's ATS gives one (ISO date); JobPosting's validThrough. */
  validThrough: string | null;
  /** When the job closed (ISO date): its page says so (410); null while it is open. */
  closedAt: string | null;
}

const text = v.fallback(v.nullish(v.string()), null);
const number = v.fallback(v.nullish(v.pipe(v.number(), v.finite())), null);
const id = v.fallback(v.nullish(v.union([v.string(), v.number()])), null);
/** A list of strings; entries that are not strings are dropped. */
const stringList = v.pipe(
  v.fallback(v.nullish(v.array(v.unknown())), null),
  v.transform((items) => (items ?? []).filter((item): item is string => typeof item === 'string')),
);
const amount = v.fallback(v.nullish(v.union([v.string(), v.number()])), null);

export const ServerJobSchema = v.object({
  id,
  title: text,
  organization_id: id,
  organization_name: text,
  location: text,
  salary_min: number,
  salary_max: number,
  salary_currency: text,
  short_description: text,
  description: text,
  posted_date: text,
  published_at: text,
  job_type: text,
  workplace_type: text,
  level: text,
  requirements: stringList,
  skills: stringList,
  benefits: stringList,
  application_url: text,
  company_overview: text,
  funding: v.fallback(
    v.nullish(
      v.object({
        total_funding_amount: amount,
        last_round_amount: amount,
        last_round_type: text,
        last_round_date: text,
      }),
    ),
    null,
  ),
  investors: v.fallback(v.nullish(v.object({ all: stringList, last_round: stringList })), null),
  team_members: v.fallback(v.nullish(v.array(v.unknown())), null),
  equity: v.fallback(
    v.nullish(
      v.object({
        type: text,
        percentage: text,
        cliff_period: text,
        vesting_period: text,
        additional_details: text,
      }),
    ),
    null,
  ),
  logo: text,
  initial_projects: stringList,
  // Call 4's extensions (api/README.md): absent from an API that answers as the SPEC states it.
  description_blocks: DescriptionBlocksSchema,
  valid_through: text,
  closed_at: text,
});

export type ServerJob = v.InferOutput<typeof ServerJobSchema>;

function clean(value: string | null | undefined): string {
  return (value ?? '').trim();
}

export function toJob(server: ServerJob, index = 0): Job {
  const teamEntries = server.team_members ?? [];
  const seenMembers = new Set<string>();
  const team = teamEntries
    .map((entry) => (typeof entry === 'string' ? parseTeamMemberString(entry) : parseTeamMemberObject(entry)))
    .filter((member): member is TeamMember => member !== null)
    .filter((member) => {
      const key = `${member.name}-${member.title}`;
      if (seenMembers.has(key)) return false;
      seenMembers.add(key);
      return true;
    });
  const equity = server.equity;
  return {
    id: server.id === null ? `unknown-${index}` : String(server.id),
    title: clean(server.title),
    company: clean(server.organization_name) || jobDefaults.company,
    organizationId: server.organization_id === null ? null : String(server.organization_id),
    location: clean(server.location) || jobDefaults.location,
    salary: salaryText(server.salary_min, server.salary_max, clean(server.salary_currency)),
    salaryMin: server.salary_min ?? null,
    salaryMax: server.salary_max ?? null,
    salaryCurrency: clean(server.salary_currency),
    description: clean(server.short_description),
    detailedDescription: server.description ?? '',
    postedAt: validDate(server.posted_date ?? server.published_at ?? null),
    type: clean(server.job_type) || jobDefaults.type,
    workplaceType: clean(server.workplace_type),
    level: clean(server.level),
    requirements: distinctEntries(server.requirements),
    skills: distinctEntries(server.skills),
    applicationUrl: clean(server.application_url),
    funding: {
      total: fundingAmountText(server.funding?.total_funding_amount),
      lastRound: {
        amount: fundingAmountText(server.funding?.last_round_amount),
        type: clean(server.funding?.last_round_type),
        date: roundDate(clean(server.funding?.last_round_date)),
      },
    },
    investors: {
      all: distinctEntries(server.investors?.all),
      lastRound: distinctEntries(server.investors?.last_round),
    },
    companyOverview: clean(server.company_overview),
    team,
    equity: {
      type: clean(equity?.type),
      percentage: clean(equity?.percentage),
      cliffPeriod: clean(equity?.cliff_period),
      vestingPeriod: clean(equity?.vesting_period),
      additionalDetails: clean(equity?.additional_details),
    },
    benefits: server.benefits ?? [],
    logo: clean(server.logo) || null,
    initialProjects: distinctEntries(server.initial_projects),
    descriptionBlocks: server.description_blocks ?? null,
    validThrough: validDate(server.valid_through ?? null),
    closedAt: validDate(server.closed_at ?? null),
  };
}

/**
 * The last round's date, shown as a local date: an ISO date (2025-03-14, or with a time) that
 * exists, else '' (hidden). Never 'Invalid Date', nor a day guessed from free text.
 */
function roundDate(value: string): string {
  return /^\d{4}-\d{2}-\d{2}([T ].*)?$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : '';
}

function validDate(value: string | null): string | null {
  if (!value) return null;
  return Number.isNaN(Date.parse(value)) ? null : value;
}

/** A list answer: items that are not objects are dropped, the rest parsed leniently; a repeated id is shown once. */
export function parseJobList(body: unknown): Job[] {
  const items = (body as { jobs?: unknown } | null)?.jobs;
  if (!Array.isArray(items)) throw new Error('The job list answer has no jobs array');
  const seen = new Set<string>();
  return items
    .filter((item) => typeof item === 'object' && item !== null)
    .map((item, index) => toJob(v.parse(ServerJobSchema, item), index))
    .filter((job) => {
      if (seen.has(job.id)) return false;
      seen.add(job.id);
      return true;
    });
}

export function parseJob(body: unknown): Job {
  if (typeof body !== 'object' || body === null) throw new Error('The job answer is not an object');
  return toJob(v.parse(ServerJobSchema, body));
}
