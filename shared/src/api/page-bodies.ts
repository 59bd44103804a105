/**
 * The bodies of the paged answers as the API sends them (snake_case): call 1, call 3, call 5 and
 * the crawler listings. The API builds them and the board parses them, so both read one type.
 */

/** A job of a list answer, as sent (snake_case; parse it with `parseJobList` of ./job.ts). */
export type JobListItemBody = Record<string, unknown> & { id: number };

export interface FacetCount {
  value: string;
  count: number;
}

/**
 * What the filter panel offers, counted over the whole board scope (the workspace, or every
 * workspace), not over the filtered jobs: the Investor options, the salary fields' initial bounds
 * (lowest and highest first number of the salary text; null when no job shows a salary) and the
 * values of the other filters as the cards show them. Counts are jobs.
 */
export interface JobFacets {
  /** Sorted by name (localeCompare). */
  investors: { name: string; count: number }[];
  salary_k: { min: number; max: number } | null;
  job_types: FacetCount[];
  levels: FacetCount[];
  workplace_types: FacetCount[];
  /** The 200 most frequent, most frequent first. */
  locations: FacetCount[];
}

/** Call 1's answer when `limit` is given. */
export interface JobPageBody {
  jobs: JobListItemBody[];
  /** How many jobs match the search (every page), counted up to 10,000: see `total_is_lower_bound`. */
  total: number;
  /**
   * True when the API stopped counting: at least `total` jobs match (the board says "10,000+").
   * An API that does not send it counts exactly.
   */
  total_is_lower_bound: boolean;
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: string | null;
  facets: JobFacets;
}

/** Call 3's answer when `limit` is given (`name`: case-insensitive contains). */
export interface OrganizationPageBody {
  organizations: { organization_id: number; organization_name: string; job_board_slug: string }[];
  total: number;
  next_cursor: string | null;
}

/** Call 5's answer when `limit` is given: the company's jobs, newest first. */
export interface OrganizationJobsPageBody {
  jobs: JobListItemBody[];
  total: number;
  next_cursor: string | null;
}

/** GET /public-job-posting/crawl/jobs: every board job, by id. */
export interface CrawlJobsBody {
  /** `last_changed`: when what the job page shows last changed (the sitemap's lastmod). */
  items: { id: number; organization_id: number; posted_date: string | null; last_changed: string }[];
  next_cursor: string | null;
}

/** GET /public-job-posting/crawl/organizations: every hiring company, by id. */
export interface CrawlOrganizationsBody {
  items: { organization_id: number; last_posted: string | null }[];
  next_cursor: string | null;
}
