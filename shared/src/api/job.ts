import { type DescriptionBlock, DescriptionBlocksSchema } from '@board/shared/api/description-blocks';
import { distinctEntries, fundingAmountText, jobDefaults, salaryText, webAddress } from '@board/shared/api/job-display';
import {
  CountryNamesReading,
  type JobWhereShown,
  PlacesReading,
  RemoteEligibilityReading,
  TimeZonesReading,
  whereOf,
} from '@board/shared/api/job-where';
import { JobDetailWire, OrganizationJobWire } from '@board/shared/api/job-wire';
import { parseTeamMemberObject, parseTeamMemberString, type TeamMember } from '@board/shared/api/team';
import { objectReadingOf } from '@board/shared/api/wire-reading';
import type { VisaSponsorship } from '@board/shared/places/types';
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
  /** The company's own site (http or https), or null: JSON-LD's `sameAs`. */
  companyWebsite: string | null;
  initialProjects: string[];
  /** An imported description as safe blocks (rendered instead of `detailedDescription`); null: the text. */
  descriptionBlocks: DescriptionBlock[] | null;
  /** The last day to apply, when the company's ATS gives one (ISO date); JobPosting's validThrough. */
  validThrough: string | null;
  /** When the job closed (ISO date): its page says so (410); null while it is open. */
  closedAt: string | null;
  /**
   * Where the job is and where it can be done from, as the server read its location; null when the
   * answer said nothing of it (another platform's API read in the browser): the location is then
   * shown as written.
   */
  where: JobWhereShown | null;
  /** Whether it sponsors a work visa; 'not-stated' is never shown as 'no'. */
  visa: VisaSponsorship;
}

/** An id as a platform spells it: our API's integers, another's strings (UUIDs, `j-101`). */
export const platformId = v.fallback(v.nullish(v.union([v.string(), v.number()]), null), null);

/**
 * The server's job as the board reads it: the contract's keys (job-wire.ts, every call's job at
 * once), each read leniently (wire-reading.ts). Read more widely than our API sends them: ids (a
 * platform's strings), team members (strings or objects, parsed below), the description blocks
 * (what is not a block is dropped) and the places (null when the answer has none: job-where.ts).
 */
export const ServerJobSchema = objectReadingOf(
  { ...JobDetailWire.entries, published_at: OrganizationJobWire.entries.published_at },
  {
    id: platformId,
    organization_id: platformId,
    team_members: v.fallback(v.nullish(v.array(v.unknown()), null), null),
    description_blocks: DescriptionBlocksSchema,
    places: PlacesReading,
    remote_eligibility: RemoteEligibilityReading,
    time_zones: TimeZonesReading,
    country_names: CountryNamesReading,
  },
);

export type ServerJob = v.InferOutput<typeof ServerJobSchema>;

function clean(value: string | null | undefined): string {
  return (value ?? '').trim();
}

function toJob(server: ServerJob, index = 0): Job {
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
    salaryMin: server.salary_min,
    salaryMax: server.salary_max,
    salaryCurrency: clean(server.salary_currency),
    description: clean(server.short_description),
    detailedDescription: server.description ?? '',
    postedAt: server.posted_date ?? server.published_at,
    type: clean(server.job_type) || jobDefaults.type,
    workplaceType: clean(server.workplace_type),
    level: clean(server.level),
    requirements: distinctEntries(server.requirements),
    skills: distinctEntries(server.skills),
    applicationUrl: clean(server.application_url),
    funding: fundingOf(server.funding),
    investors: investorsOf(server.investors),
    companyOverview: clean(server.company_overview),
    team,
    equity: {
      type: clean(equity?.type),
      percentage: clean(equity?.percentage),
      cliffPeriod: clean(equity?.cliff_period),
      vestingPeriod: clean(equity?.vesting_period),
      additionalDetails: clean(equity?.additional_details),
    },
    benefits: server.benefits,
    logo: clean(server.logo) || null,
    companyWebsite: webAddress(server.company_website),
    initialProjects: distinctEntries(server.initial_projects),
    descriptionBlocks: server.description_blocks,
    validThrough: server.valid_through,
    closedAt: server.closed_at,
    where: whereOf(server),
    visa: server.visa_sponsorship ?? 'not-stated',
  };
}

/** Funding as the board shows it (the '$' texts of SPEC section 3), from a job's or a company's. */
export function fundingOf(funding: ServerJob['funding']): Job['funding'] {
  return {
    total: fundingAmountText(funding?.total_funding_amount),
    lastRound: {
      amount: fundingAmountText(funding?.last_round_amount),
      type: clean(funding?.last_round_type),
      date: roundDate(clean(funding?.last_round_date)),
    },
  };
}

/** Investors as the board shows them: trimmed, blank entries dropped, each once. */
export function investorsOf(investors: ServerJob['investors']): Job['investors'] {
  return { all: distinctEntries(investors?.all), lastRound: distinctEntries(investors?.last_round) };
}

/**
 * The last round's date, shown as a local date: an ISO date (2025-03-14, or with a time) that
 * exists, else '' (hidden). Never 'Invalid Date', nor a day guessed from free text.
 */
function roundDate(value: string): string {
  return /^\d{4}-\d{2}-\d{2}([T ].*)?$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : '';
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
