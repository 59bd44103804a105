import { describeRoute } from 'hono-openapi';
import { call, json, notFound, ref } from '../openapi/openapi-responses';

/** What `/openapi.json` says of calls 1 to 5 and the crawler listings besides their parameters. */
export const callDocs = {
  jobList: describeRoute(
    call('Call 1: the jobs of the board or of one workspace, newest first', {
      '200': json(
        { oneOf: [ref('JobList'), ref('JobPage')] },
        'Without `limit`, every job (`JobList`); with it, one page of the search (`JobPage`).',
      ),
      '404': notFound('Workspace'),
    }),
  ),
  workspace: describeRoute(
    call('Call 2: a workspace', { '200': json(ref('Workspace'), 'The workspace.'), '404': notFound('Workspace') }),
  ),
  organizationList: describeRoute(
    call('Call 3: the hiring companies, by name', {
      '200': json(
        { oneOf: [ref('OrganizationList'), ref('OrganizationPage')] },
        'Without `limit`, every hiring company; with it, one page of them.',
      ),
      '404': notFound('Workspace'),
    }),
  ),
  job: describeRoute(
    call('Call 4: one job', {
      '200': json(ref('JobDetail'), 'The job.'),
      '404': notFound('Job posting (unknown, draft, or closed without `include_closed=true`)'),
    }),
  ),
  organizationJobs: describeRoute(
    call("Call 5: a company's jobs, newest first", {
      '200': json(
        { oneOf: [ref('OrganizationJobs'), ref('OrganizationJobsPage')] },
        'Without `limit`, every job of the company; with it, one page of them.',
      ),
      '404': notFound('Organization'),
    }),
  ),
  crawlJobs: describeRoute(
    call('Every job on the board, by id (the sitemap)', { '200': json(ref('CrawlJobs'), 'One page of the jobs.') }),
  ),
  crawlOrganizations: describeRoute(
    call('Every hiring company, by id, with its newest job', {
      '200': json(ref('CrawlOrganizations'), 'One page of the companies.'),
      '404': notFound('Workspace'),
    }),
  ),
};
