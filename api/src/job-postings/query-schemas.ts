import { workplaceTypes } from '@board/shared/api/job-search';
import {
  filterText,
  type jobSearchParams,
  maxCrawlPageSize,
  maxIds,
  maxPageSize,
  pageEntries,
  searchEntries,
} from '@board/shared/api/job-search-query';
import * as v from 'valibot';
import { idCursorText, jobCursorText, organizationCursorText } from '../search/cursor';
import { type Visibility, visibilities } from '../search/visible';

/**
 * The query of each public call as one valibot schema: the validator parses it
 * (query-validators.ts) and `/openapi.json` states it, so what a parameter accepts and what the
 * document says it accepts are one definition. Call 1's search is the shared codec's
 * (shared/src/api/job-search-query.ts, the schema the board builds its URLs against); here each
 * parameter gets what the document says in words and an example a client may send as it is.
 */

/** A parameter with its description and examples (strings: a query's values are text). */
const about = <S extends v.GenericSchema>(schema: S, description: string, ...examples: string[]) =>
  v.pipe(schema, v.metadata(examples.length > 0 ? { description, examples } : { description }));

const e = searchEntries;
const search = {
  title: about(e.title, "Case-insensitive 'contains' on the title."),
  investor: about(e.investor, "The company's investors (all or last round) hold exactly this name."),
  salary_min_k: about(e.salary_min_k, "Thousands: the salary text's first number is not below it.", '85', '85.5'),
  salary_max_k: about(e.salary_max_k, 'Thousands: that number is not above it (no salary: kept).', '120'),
  location: about(e.location, "Case-insensitive 'contains' on the location as shown ('Remote' when blank)."),
  workplace: about(e.workplace, `Any of ${workplaceTypes.join(', ')}, comma-separated, any case.`, 'Remote,Hybrid'),
  job_type: about(e.job_type, "Case-insensitive equality with the job type as shown ('Full-time' when blank)."),
  level: about(e.level, 'Case-insensitive equality with the level.'),
  posted_within: about(e.posted_within, 'Posted at most that long ago (a job with no date is left out).'),
  from: about(e.from, 'I can work here (ISO 3166-1 alpha-2, any case): its places, then remote jobs open to it.', 'DE'),
  visa: about(e.visa, '`1`: only jobs that say they sponsor a work visa (not stated is not yes).'),
  sort: about(e.sort, '`newest` or `salary` (top of the range, high to low, undisclosed last).'),
  ids: about(e.ids, `Only these jobs: 1 to ${maxIds} job ids (at most 2147483647), comma-separated.`, '1,2'),
} satisfies Record<(typeof jobSearchParams)[number], v.GenericSchema>;

const visibility = (fallback: Visibility) =>
  about(
    v.optional(v.picklist(visibilities, 'Unknown visibility'), fallback),
    '`job_board_only`: jobs shown on the board; `linkedin_or_job_board`: also those shown only on LinkedIn.',
  );
const workspaceSlug = about(
  v.optional(v.string()),
  'One workspace (unknown, or no slug a workspace could have: 404); absent: every workspace.',
  'demo',
);

/** `limit` and `cursor`; the cursor's example is one this call gives (a page after the first row). */
function page(max: number, what: string, cursor: string) {
  const entries = pageEntries(max);
  return {
    limit: about(entries.limit, `${what} A whole number from 1 to ${max}.`, String(max)),
    cursor: about(entries.cursor, "The previous page's `next_cursor`, unchanged (only with `limit`).", cursor),
  };
}
const jobCursor = jobCursorText({ sort: 'newest', postedUs: '0', id: 1 });
const companyCursor = organizationCursorText({ name: 'M', id: 1 });
const crawlPage = page(maxCrawlPageSize, 'The page size (default 1,000).', idCursorText(1));

export const callQueries = {
  /** Call 1: the scope, and with `limit` a search and its page (without it, the SPEC's whole list). */
  jobList: v.object({
    visibility: visibility('job_board_only'),
    ...search,
    ...page(maxPageSize, 'One page of a search (required with a search); absent: the whole list.', jobCursor),
    workspace_slug: workspaceSlug,
  }),
  /** Call 3: the workspace, and with `limit` a page of companies whose name contains `name`. */
  organizationList: v.object({
    ...page(maxPageSize, 'One page of the companies, by name; absent: all of them.', companyCursor),
    name: about(v.optional(filterText('name'), ''), "Case-insensitive 'contains' on the name (only with `limit`)."),
    workspace_slug: workspaceSlug,
  }),
  /** Call 5: the visibility, and with `limit` a page. */
  organizationJobs: v.object({
    visibility: visibility('job_board_only'),
    ...page(maxPageSize, "One page of the company's jobs, newest first; absent: all of them.", jobCursor),
  }),
  /** Call 4: the visibility; `include_closed=true` (the board's own pages) answers a closed job too. */
  job: v.object({
    visibility: visibility('linkedin_or_job_board'),
    include_closed: about(v.optional(v.string()), '`true`: a closed job too, with its `closed_at`.', 'true'),
  }),
  /** The crawler listings: a page by id (1,000 unless `limit` says otherwise). */
  crawlJobs: v.object(crawlPage),
  crawlOrganizations: v.object({ ...crawlPage, workspace_slug: workspaceSlug }),
};
