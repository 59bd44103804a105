import type { FacetCount } from '@board/shared/api/job-search';
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
}

export const jobDefaults = {
  company: 'Unknown Company',
  location: 'Remote',
  type: 'Full-time',
  postedDate: 'Recently',
} as const;

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
});

export type ServerJob = v.InferOutput<typeof ServerJobSchema>;

/**
 * '{min}k - {max}k' from salary_min and salary_max divided by 1000, rounded, plus the currency.
 * Both 0 or absent: '' (shown as 'Salary not disclosed'). One side only: 'From {min}k' or
 * 'Up to {max}k' (the spec's pattern would print '0k' for the missing side).
 */
export function salaryText(
  min: number | null | undefined,
  max: number | null | undefined,
  currency?: string | null,
): string {
  const low = min && min > 0 ? Math.round(min / 1000) : 0;
  const high = max && max > 0 ? Math.round(max / 1000) : 0;
  if (!low && !high) return '';
  const range = low && high ? `${low}k - ${high}k` : low ? `From ${low}k` : `Up to ${high}k`;
  return currency ? `${range} ${currency}` : range;
}

/** '$' + the raw amount; '' when the amount is empty, zero or undefined. */
export function fundingAmountText(raw: string | number | null | undefined): string {
  if (raw === null || raw === undefined) return '';
  const value = String(raw).trim();
  if (value === '' || value === 'undefined' || Number(value) === 0) return '';
  return value.startsWith('$') ? value : `$${value}`;
}

/** Funding blocks are hidden when the amount text is empty, '$', '$0' or '$undefined'. */
export function isFundingAmountShown(amountText: string): boolean {
  return !['', '$', '$0', '$undefined'].includes(amountText.trim());
}

function clean(value: string | null | undefined): string {
  return (value ?? '').trim();
}

/** Trimmed, blank entries dropped, each entry once (lists are rendered keyed by their entries). */
function distinct(items: readonly string[] | null | undefined): string[] {
  return [...new Set((items ?? []).map((item) => item.trim()).filter(Boolean))];
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
    requirements: distinct(server.requirements),
    skills: distinct(server.skills),
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
      all: distinct(server.investors?.all),
      lastRound: distinct(server.investors?.last_round),
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
    initialProjects: distinct(server.initial_projects),
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

/**
 * The board's one locale and time zone for dates: the text is the same on the shell's server and
 * in any visitor's browser (a German or a Tokyo browser hydrates the server's markup unchanged),
 * and a day-only date (2025-03-14, read as UTC midnight) is never shown as the day before.
 */
export const boardLocale = 'en-GB';

/** The posted date as a date ('5 Jan 2026', in UTC), or 'Recently'. */
export function postedDateText(postedAt: string | null, locale: string = boardLocale): string {
  if (!postedAt) return jobDefaults.postedDate;
  const date = new Date(postedAt);
  if (Number.isNaN(date.getTime())) return date.toLocaleDateString(locale, dateOptions);
  return dateFormat(locale).format(date);
}

const dateOptions: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' };
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per locale: `toLocaleDateString` with options builds a new one per call (~0.2 ms,
 * 6 ms for the 30 cards that a keystroke on a large board can mount), with the same result.
 */
function dateFormat(locale: string): Intl.DateTimeFormat {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, dateOptions);
    dateFormats.set(locale, format);
  }
  return format;
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

/**
 * The Equity section shows only when the percentage is set and at least one field is non-blank
 * (fields are trimmed when parsed, so a set percentage is itself that non-blank field).
 */
export function hasEquity(job: Pick<Job, 'equity'>): boolean {
  return job.equity.percentage !== '';
}

export function visibleBenefits(job: Pick<Job, 'benefits'>): string[] {
  return distinct(job.benefits);
}

/**
 * The facets of call 1's page as the board reads them (`JobFacets` of job-search.ts is the body):
 * what the whole board (the workspace, or all) offers the filters, whatever they are set to: the
 * investor select's names, the salary fields' initial bounds (thousands), and the values of the
 * location, job type, level and workplace fields.
 */
export interface BoardFacets {
  investors: FacetCount[];
  salaryK: { min: number; max: number } | null;
  jobTypes: FacetCount[];
  levels: FacetCount[];
  workplaceTypes: FacetCount[];
  locations: FacetCount[];
}

/** One page of a paged list: its items, how many match in all, and the cursor of the next page (null: the last). */
export interface Page<T> {
  items: T[];
  total: number;
  nextCursor: string | null;
}

export interface JobPage extends Page<Job> {
  facets: BoardFacets;
  /** At least `total` jobs match: the API stopped counting there ("10,000+ jobs"). Absent: exact. */
  totalIsLowerBound?: boolean;
}

const count = v.fallback(v.pipe(v.number(), v.integer(), v.minValue(0)), 0);
const facetList = (key: 'name' | 'value') =>
  v.pipe(
    v.fallback(v.array(v.unknown()), []),
    v.transform((items) =>
      items.flatMap((item): FacetCount[] => {
        const entry = item as Record<string, unknown> | null;
        const value = entry?.[key];
        if (typeof value !== 'string' || value.trim() === '') return [];
        const parsed = v.parse(count, entry?.count);
        return [{ value: value.trim(), count: parsed }];
      }),
    ),
  );
const FacetsSchema = v.object({
  investors: facetList('name'),
  salary_k: v.fallback(
    v.nullable(v.object({ min: v.pipe(v.number(), v.finite()), max: v.pipe(v.number(), v.finite()) })),
    null,
  ),
  job_types: facetList('value'),
  levels: facetList('value'),
  workplace_types: facetList('value'),
  locations: facetList('value'),
});
const PageSchema = v.object({
  total: v.fallback(v.nullish(count), null),
  next_cursor: v.fallback(v.nullish(v.string()), null),
});

/** The paging fields of a paged answer; a missing total counts what came, a missing cursor ends the list. */
export function parsePageFields(body: unknown, received: number): Omit<Page<unknown>, 'items'> {
  const page = v.parse(PageSchema, typeof body === 'object' && body !== null ? body : {});
  return { total: page.total ?? received, nextCursor: page.next_cursor || null };
}

/**
 * Call 1 with `limit` (and call 5, which has no facets): a page of jobs parsed as `parseJobList`
 * parses the whole list, the match count, the next page's cursor and the board's facets.
 */
export function parseJobPage(body: unknown): JobPage {
  const items = parseJobList(body);
  const raw = (body as { facets?: unknown }).facets;
  const facets = v.parse(FacetsSchema, typeof raw === 'object' && raw !== null ? raw : {});
  const lowerBound = v.parse(
    v.fallback(v.boolean(), false),
    (body as { total_is_lower_bound?: unknown }).total_is_lower_bound,
  );
  return {
    items,
    ...parsePageFields(body, items.length),
    totalIsLowerBound: lowerBound,
    facets: {
      investors: facets.investors,
      salaryK: facets.salary_k,
      jobTypes: facets.job_types,
      levels: facets.levels,
      workplaceTypes: facets.workplace_types,
      locations: facets.locations,
    },
  };
}
