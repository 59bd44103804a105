import { ApplicationReceivedWire, ErrorWire } from '@board/shared/api/application-bodies';
import { CrawlJobsWire, CrawlOrganizationsWire } from '@board/shared/api/crawl-bodies';
import { DescriptionBlocksWire, DescriptionInlinesWire, isSafeHref } from '@board/shared/api/description-blocks';
import {
  isDateText,
  type JobDetailBody,
  JobDetailWire,
  JobListItemWire,
  NameTableWire,
  type OrganizationJobBody,
  OrganizationJobWire,
  TeamMemberWire,
} from '@board/shared/api/job-wire';
import {
  JobFacetsWire,
  JobListWire,
  JobPageWire,
  OrganizationJobsPageWire,
  OrganizationJobsWire,
  OrganizationListWire,
  OrganizationPageWire,
  OrganizationWire,
  WorkspaceWire,
} from '@board/shared/api/page-bodies';
import { toJsonSchemaDefs } from '@valibot/to-json-schema';
import { applicationForm, callParameters } from './openapi-parameters';

/**
 * The OpenAPI 3.1 document of the public calls, generated from the wire contract's schemas
 * (shared/src/api/job-wire.ts, page-bodies.ts): the schemas the API's answers are typed against and
 * the board reads with, so a remote team and any other client read the same contract. Served at
 * `GET /openapi.json`; api/README.md's Endpoints section says the rest (caching, limits, errors).
 */

const wireSchemas = {
  JobListItem: JobListItemWire,
  JobDetail: JobDetailWire,
  OrganizationJob: OrganizationJobWire,
  TeamMember: TeamMemberWire,
  DescriptionBlocks: DescriptionBlocksWire,
  DescriptionInlines: DescriptionInlinesWire,
  JobFacets: JobFacetsWire,
  JobList: JobListWire,
  JobPage: JobPageWire,
  Workspace: WorkspaceWire,
  Organization: OrganizationWire,
  OrganizationList: OrganizationListWire,
  OrganizationPage: OrganizationPageWire,
  OrganizationJobs: OrganizationJobsWire,
  OrganizationJobsPage: OrganizationJobsPageWire,
  CrawlJobs: CrawlJobsWire,
  CrawlOrganizations: CrawlOrganizationsWire,
  ApplicationReceived: ApplicationReceivedWire,
  Error: ErrorWire,
};

type Json = Record<string, unknown>;

/** What a job's keys mean beyond their type (api/README.md's calls 1, 4 and 5 say the rest). */
const jobKeyNotes: Partial<Record<keyof JobDetailBody | keyof OrganizationJobBody, string>> = {
  organization_id: "The company's id (call 5).",
  salary_min: 'In whole units of `salary_currency`; the board shows it in thousands.',
  posted_date: 'When the job was published (call 5 sends it as `published_at`).',
  published_at: 'When the job was published.',
  team_members:
    'Calls 1 and 4: as the platform stores them, mostly "name, title, bio" strings, sometimes malformed (the board drops those). Call 5: objects.',
  logo: "The company's logo, an absolute URL.",
  description: 'Paragraphs on blank lines, `#bold#`.',
  description_blocks: "An imported job's description as safe blocks; null: `description` is the text.",
  valid_through: 'The last day to apply, when the company gives one.',
  closed_at: 'When the job closed: set only with `include_closed=true`.',
};

/** The schemas with the notes on their keys. */
function annotated(schemas: Record<string, Json>): Record<string, Json> {
  for (const name of ['JobListItem', 'JobDetail', 'OrganizationJob']) {
    const properties = (schemas[name]?.properties ?? {}) as Record<string, Json>;
    for (const [key, note] of Object.entries(jobKeyNotes)) {
      const property = properties[key];
      if (property) property.description = note;
    }
  }
  return schemas;
}
const ref = (name: keyof typeof wireSchemas) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Json, description: string) => ({ description, content: { 'application/json': { schema } } });
const error = (description: string) => json(ref('Error'), description);
const errors = {
  '400': error('A parameter (named in `message`) has a bad value, or a cursor this API did not give.'),
  '429': error('Too many requests from this client: see `Retry-After`.'),
  '500': error('Anything else unexpected (`detail` names the request id).'),
  '503': error('The database is briefly unavailable: see `Retry-After`.'),
};
const notFound = (what: string) => error(`${what} not found.`);

const get = (summary: string, parameters: unknown[], responses: Json) => ({
  get: { summary, parameters, responses: { ...responses, ...errors } },
});

function paths(): Json {
  return {
    '/public-job-posting': get(
      'Call 1: the jobs of the board or of one workspace, newest first',
      callParameters.jobList,
      {
        '200': json(
          { oneOf: [ref('JobList'), ref('JobPage')] },
          'Without `limit`, every job (`JobList`); with it, one page of the search (`JobPage`).',
        ),
        '404': notFound('Workspace'),
      },
    ),
    '/public-job-posting/workspace/{slug}': get('Call 2: a workspace', callParameters.workspace, {
      '200': json(ref('Workspace'), 'The workspace.'),
      '404': notFound('Workspace'),
    }),
    '/public-job-posting/job-board/list-organizations': get(
      'Call 3: the hiring companies, by name',
      callParameters.organizationList,
      {
        '200': json(
          { oneOf: [ref('OrganizationList'), ref('OrganizationPage')] },
          'Without `limit`, every hiring company; with it, one page of them.',
        ),
        '404': notFound('Workspace'),
      },
    ),
    '/public-job-posting/{id}': get('Call 4: one job', callParameters.job, {
      '200': json(ref('JobDetail'), 'The job.'),
      '404': notFound('Job posting (unknown, draft, or closed without `include_closed=true`)'),
    }),
    '/public-job-posting/organization/{id}': get(
      "Call 5: a company's jobs, newest first",
      callParameters.organizationJobs,
      {
        '200': json(
          { oneOf: [ref('OrganizationJobs'), ref('OrganizationJobsPage')] },
          'Without `limit`, every job of the company; with it, one page of them.',
        ),
        '404': notFound('Organization'),
      },
    ),
    '/public-job-posting/crawl/jobs': get('Every job on the board, by id (the sitemap)', callParameters.crawlJobs, {
      '200': json(ref('CrawlJobs'), 'One page of the jobs.'),
    }),
    '/public-job-posting/crawl/organizations': get(
      'Every hiring company, by id, with its newest job',
      callParameters.crawlOrganizations,
      { '200': json(ref('CrawlOrganizations'), 'One page of the companies.'), '404': notFound('Workspace') },
    ),
    '/public/job-application/': {
      post: {
        summary: 'Call 6: an application, with its resume',
        requestBody: { required: true, content: { 'multipart/form-data': { schema: applicationForm() } } },
        responses: {
          '201': json(ref('ApplicationReceived'), 'Stored: the application and its resume.'),
          '400': error('Not multipart, unreadable, no job id, or the captcha failed.'),
          '404': notFound('Job posting'),
          '410': error('The job closed: nothing was stored.'),
          '413': error('The resume is over 10 MB.'),
          '422': error('A field is invalid: `detail` holds a message per multipart field.'),
          '429': errors['429'],
          '500': errors['500'],
          '503': errors['503'],
        },
      },
    },
  };
}

/** The OpenAPI 3.1 document, with the API's public address as its server. */
export function openApiDocument(publicOrigin: string): Json {
  const schemas = toJsonSchemaDefs(wireSchemas, {
    target: 'draft-2020-12',
    // A check is a JavaScript rule; the two the contract holds have a format in JSON Schema's words.
    overrideAction: ({ valibotAction, jsonSchema }) => {
      if (valibotAction.type !== 'check') return undefined;
      const requirement = (valibotAction as { requirement?: unknown }).requirement;
      if (requirement === isDateText) return { ...jsonSchema, format: 'date-time' };
      if (requirement === isSafeHref) return { ...jsonSchema, format: 'uri' };
      return undefined;
    },
    // A table of names by code is checked by a function of its own (job-wire.ts: NameTableWire).
    overrideSchema: ({ valibotSchema }) =>
      valibotSchema === NameTableWire ? { type: 'object', additionalProperties: { type: 'string' } } : undefined,
    overrideRef: ({ referenceId }) => `#/components/schemas/${referenceId}`,
  });
  return {
    openapi: '3.1.1',
    info: {
      title: 'Foundry Jobs API',
      version: '1',
      description:
        "The job board's public calls (SPEC section 7 and the board's extensions). Every key of an answer is always sent; a client reading another platform's answers applies the SPEC's defaults to what is missing.",
    },
    servers: [{ url: publicOrigin }],
    paths: paths(),
    components: { schemas: annotated(schemas as unknown as Record<string, Json>) },
  };
}
