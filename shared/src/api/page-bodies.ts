import { FundingWire, InvestorsWire, JobListItemWire, OrganizationJobWire, wireId } from '@board/shared/api/job-wire';
import * as v from 'valibot';

/**
 * The answers of calls 1 to 5 as the API sends them (snake_case): the contract the API's handlers
 * are typed against (`satisfies`), the board's readings are derived from (wire-reading.ts) and the
 * OpenAPI document is generated from. The jobs in them: job-wire.ts; the crawler listings:
 * crawl-bodies.ts; call 6's answer and the error answer: application-bodies.ts (apart, so that the
 * board's pages, which read none of them, do not carry them).
 */

/** A count of jobs or companies. */
export const count = v.pipe(v.number(), v.integer(), v.minValue(0));
/** Pass as `cursor` for the next page; null on the last page. */
export const nextCursor = v.nullable(v.string());

export const FacetCountWire = v.strictObject({ value: v.string(), count });

/**
 * What the filter panel offers, counted over the whole board scope (the workspace, or every
 * workspace), not over the filtered jobs: the Investor options (sorted by name), the salary fields'
 * initial bounds (lowest and highest first number of the salary text; null when no job shows a
 * salary) and the values of the other filters as the cards show them (locations: the 200 most
 * frequent). Counts are jobs.
 */
export const JobFacetsWire = v.strictObject({
  investors: v.array(v.strictObject({ name: v.string(), count })),
  salary_k: v.nullable(v.strictObject({ min: v.number(), max: v.number() })),
  job_types: v.array(FacetCountWire),
  levels: v.array(FacetCountWire),
  workplace_types: v.array(FacetCountWire),
  locations: v.array(FacetCountWire),
});

/** Call 1 without `limit`: the SPEC's whole list. */
export const JobListWire = v.strictObject({ jobs: v.array(JobListItemWire) });

/**
 * Call 1 with `limit`: one page of a search. `total` counts the matches up to 10,000;
 * `total_is_lower_bound` says the API stopped counting there ("10,000+").
 */
export const JobPageWire = v.strictObject({
  ...JobListWire.entries,
  total: count,
  total_is_lower_bound: v.boolean(),
  next_cursor: nextCursor,
  facets: JobFacetsWire,
});

/** Call 2. */
export const WorkspaceWire = v.strictObject({ slug: v.string(), name: v.string() });

export const OrganizationWire = v.strictObject({
  organization_id: wireId,
  organization_name: v.string(),
  job_board_slug: v.string(),
});

/** Call 3 without `limit`: every hiring company, by name. */
export const OrganizationListWire = v.strictObject({ organizations: v.array(OrganizationWire) });

/** Call 3 with `limit` (`name`: case-insensitive contains). */
export const OrganizationPageWire = v.strictObject({
  ...OrganizationListWire.entries,
  total: count,
  next_cursor: nextCursor,
});

/**
 * The company's profile as call 5 sends it beside its jobs (the company page's header): its logo
 * (an absolute URL), overview, website (http or https), headquarters, headcount, the year it was
 * founded, funding and investors. An API that answers call 5 as the SPEC states sends none, and
 * the page is then the SPEC's banner.
 */
export const OrganizationProfileWire = v.strictObject({
  ...OrganizationWire.entries,
  logo: v.nullable(v.string()),
  overview: v.nullable(v.string()),
  website: v.nullable(v.string()),
  headquarters: v.nullable(v.string()),
  headcount: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))),
  founded: v.nullable(v.pipe(v.number(), v.integer())),
  funding: v.nullable(FundingWire),
  investors: v.nullable(InvestorsWire),
});

/** Call 5 without `limit`: the company's jobs, newest first, and (this API's) the company's profile. */
export const OrganizationJobsWire = v.strictObject({
  jobs: v.array(OrganizationJobWire),
  organization: v.optional(OrganizationProfileWire),
});

/** Call 5 with `limit`. */
export const OrganizationJobsPageWire = v.strictObject({
  ...OrganizationJobsWire.entries,
  total: count,
  next_cursor: nextCursor,
});

export type FacetCount = v.InferInput<typeof FacetCountWire>;
export type JobFacets = v.InferInput<typeof JobFacetsWire>;
export type JobListBody = v.InferInput<typeof JobListWire>;
export type JobPageBody = v.InferInput<typeof JobPageWire>;
export type WorkspaceBody = v.InferInput<typeof WorkspaceWire>;
export type OrganizationListBody = v.InferInput<typeof OrganizationListWire>;
export type OrganizationPageBody = v.InferInput<typeof OrganizationPageWire>;
export type OrganizationProfileBody = v.InferInput<typeof OrganizationProfileWire>;
export type OrganizationJobsBody = v.InferInput<typeof OrganizationJobsWire>;
export type OrganizationJobsPageBody = v.InferInput<typeof OrganizationJobsPageWire>;
