import { JobListItemWire, OrganizationJobWire, wireDate, wireId } from '@board/shared/api/job-wire';
import * as v from 'valibot';

/**
 * The answers of the public calls as the API sends them (snake_case): the contract the API's
 * handlers are typed against (`satisfies`), the board's readings are derived from (wire-reading.ts)
 * and the OpenAPI document is generated from. The jobs in them: job-wire.ts.
 */

const count = v.pipe(v.number(), v.integer(), v.minValue(0));
/** Pass as `cursor` for the next page; null on the last page. */
const nextCursor = v.nullable(v.string());

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

/** Call 5 without `limit`: the company's jobs, newest first. */
export const OrganizationJobsWire = v.strictObject({ jobs: v.array(OrganizationJobWire) });

/** Call 5 with `limit`. */
export const OrganizationJobsPageWire = v.strictObject({
  ...OrganizationJobsWire.entries,
  total: count,
  next_cursor: nextCursor,
});

/** GET /public-job-posting/crawl/jobs: every board job, by id; `last_changed`: the sitemap's lastmod. */
export const CrawlJobsWire = v.strictObject({
  items: v.array(
    v.strictObject({
      id: wireId,
      organization_id: wireId,
      posted_date: v.nullable(wireDate),
      last_changed: wireDate,
    }),
  ),
  next_cursor: nextCursor,
});

/** GET /public-job-posting/crawl/organizations: every hiring company, by id, dated by its newest job. */
export const CrawlOrganizationsWire = v.strictObject({
  items: v.array(v.strictObject({ organization_id: wireId, last_posted: v.nullable(wireDate) })),
  next_cursor: nextCursor,
});

/** Call 6's 201: the application and its resume are stored (the SPEC's board does not read it). */
export const ApplicationReceivedWire = v.strictObject({ id: v.pipe(v.string(), v.uuid()), received_at: wireDate });

/**
 * Every error answer: a message, and a detail that is a sentence or a message per field (call 6's
 * 422, keyed by the multipart names).
 */
export const ErrorWire = v.strictObject({
  message: v.string(),
  detail: v.exactOptional(v.union([v.string(), v.record(v.string(), v.string())])),
});

export type FacetCount = v.InferInput<typeof FacetCountWire>;
export type JobFacets = v.InferInput<typeof JobFacetsWire>;
export type JobListBody = v.InferInput<typeof JobListWire>;
export type JobPageBody = v.InferInput<typeof JobPageWire>;
export type WorkspaceBody = v.InferInput<typeof WorkspaceWire>;
export type OrganizationListBody = v.InferInput<typeof OrganizationListWire>;
export type OrganizationPageBody = v.InferInput<typeof OrganizationPageWire>;
export type OrganizationJobsBody = v.InferInput<typeof OrganizationJobsWire>;
export type OrganizationJobsPageBody = v.InferInput<typeof OrganizationJobsPageWire>;
export type CrawlJobsBody = v.InferInput<typeof CrawlJobsWire>;
export type CrawlOrganizationsBody = v.InferInput<typeof CrawlOrganizationsWire>;
export type ApplicationReceivedBody = v.InferInput<typeof ApplicationReceivedWire>;
export type ErrorBody = v.InferInput<typeof ErrorWire>;
