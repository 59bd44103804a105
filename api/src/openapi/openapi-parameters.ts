import { jobSorts, postedWithinPeriods, workplaceTypes } from '@board/shared/api/job-search';
import {
  type jobSearchParams,
  maxCrawlPageSize,
  maxFilterLength,
  maxIds,
  maxPageSize,
} from '@board/shared/api/job-search-query';
import { applicationFields } from '@board/shared/forms/application-fields';
import { visibilities } from '../search/visible';

/**
 * The parameters of the public calls and call 6's form, for the OpenAPI document, from the
 * constants the API validates them with (shared/src/api/job-search-query.ts, the application's
 * field table). The search parameters are keyed by the codec's own list: one it gains without a
 * line here fails the type check.
 */

type Schema = Record<string, unknown>;

const query = (name: string, description: string, schema: Schema = { type: 'string' }) => ({
  name,
  in: 'query',
  required: false,
  description,
  schema,
});

const filterText = { type: 'string', maxLength: maxFilterLength };

const searchParameters: Record<(typeof jobSearchParams)[number], ReturnType<typeof query>> = {
  title: query('title', "Case-insensitive 'contains' on the title.", filterText),
  investor: query('investor', "The company's investors (all or last round) hold exactly this name.", filterText),
  salary_min_k: query(
    'salary_min_k',
    "The salary text's first number (thousands) is not below it; a job without a salary is never excluded.",
    { type: 'string', examples: ['85', '85.5'] },
  ),
  salary_max_k: query('salary_max_k', 'The same number is not above it.', { type: 'string' }),
  location: query(
    'location',
    "Case-insensitive 'contains' on the location as shown ('Remote' when blank).",
    filterText,
  ),
  workplace: query('workplace', `Any of ${workplaceTypes.join(', ')}, comma-separated (any case).`),
  job_type: query(
    'job_type',
    "Case-insensitive equality with the job type as shown ('Full-time' when blank).",
    filterText,
  ),
  level: query('level', 'Case-insensitive equality with the level.', filterText),
  posted_within: query('posted_within', 'Posted at most that long ago (a job with no date is left out).', {
    type: 'string',
    enum: postedWithinPeriods,
  }),
  from: query(
    'from',
    'I can work from this country (ISO 3166-1 alpha-2, any case): jobs with a place there, remote jobs open to it (the country, its region or anywhere), then remote jobs that do not say from where.',
    { type: 'string', pattern: '^[A-Za-z]{2}$', examples: ['DE'] },
  ),
  visa: query('visa', '`1`: only jobs that say they sponsor a work visa (not stated is not yes).', {
    type: 'string',
    enum: ['0', '1'],
  }),
  sort: query('sort', '`newest` (default) or `salary` (top of the range, high to low, undisclosed last).', {
    type: 'string',
    enum: jobSorts,
  }),
  ids: query('ids', `Only these jobs: 1 to ${maxIds} job ids, comma-separated.`, {
    type: 'string',
    pattern: '^\\d{1,10}(,\\d{1,10})*$',
  }),
};

const limit = (max: number, what: string) =>
  query('limit', what, { type: 'string', pattern: '^\\d{1,6}$', description: `A whole number from 1 to ${max}.` });
const cursor = query('cursor', "The previous page's `next_cursor`, unchanged (only with `limit`).", {
  type: 'string',
  pattern: '^[A-Za-z0-9_-]{1,400}$',
});
const workspaceSlug = query('workspace_slug', 'One workspace (unknown: 404); absent: every workspace.');
const visibility = (fallback: (typeof visibilities)[number]) =>
  query(
    'visibility',
    '`job_board_only`: jobs shown on the board; `linkedin_or_job_board`: also those shown only on LinkedIn.',
    { type: 'string', enum: visibilities, default: fallback },
  );
const path = (name: string, description: string) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string' },
});

/** Each public call's parameters, by call. */
export const callParameters = {
  jobList: [
    workspaceSlug,
    visibility('job_board_only'),
    limit(maxPageSize, 'One page of a search (required with any search parameter); absent: the whole list.'),
    cursor,
    ...Object.values(searchParameters),
  ],
  workspace: [path('slug', "The workspace's slug.")],
  organizationList: [
    workspaceSlug,
    limit(maxPageSize, 'One page of the companies, by name; absent: all of them.'),
    cursor,
    query('name', "Case-insensitive 'contains' on the company's name (only with `limit`).", filterText),
  ],
  job: [
    path('id', "The job's id."),
    visibility('linkedin_or_job_board'),
    query('include_closed', '`true`: a job that closed is answered too, with its `closed_at`.', {
      type: 'string',
      enum: ['true'],
    }),
  ],
  organizationJobs: [
    path('id', "The company's id."),
    visibility('job_board_only'),
    limit(maxPageSize, "One page of the company's jobs, newest first; absent: all of them."),
    cursor,
  ],
  crawlJobs: [limit(maxCrawlPageSize, 'The page size (default 1,000).'), cursor],
  crawlOrganizations: [workspaceSlug, limit(maxCrawlPageSize, 'The page size (default 1,000).'), cursor],
};

/** Call 6's multipart form: the application's fields by their multipart names, the resume a PDF. */
export function applicationForm(): Schema {
  const fields = Object.values(applicationFields).filter((field) => 'multipart' in field);
  const properties: Record<string, Schema> = {
    job_posting_id: { type: 'string', pattern: '^\\d+$', description: "The job's id." },
    application_source: { type: 'string', description: 'Where the application comes from (default: the board).' },
    talent_partner_user_id: { type: 'string', description: 'The talent partner who submits it for the candidate.' },
  };
  for (const field of fields) {
    properties[field.multipart] =
      field.control === 'resume'
        ? { type: 'string', contentMediaType: 'application/pdf', description: 'A PDF of at most 10 MB.' }
        : { type: 'string', ...('maxLength' in field ? { maxLength: field.maxLength } : {}) };
  }
  const required = ['job_posting_id', ...fields.filter((field) => field.required).map((field) => field.multipart)];
  return { type: 'object', properties, required };
}
