import { ApplicationReceivedWire, ErrorWire } from '@board/shared/api/application-bodies';
import { CrawlJobsWire, CrawlOrganizationsWire } from '@board/shared/api/crawl-bodies';
import { DescriptionBlocksWire, DescriptionInlinesWire } from '@board/shared/api/description-blocks';
import { JobDetailWire, JobListItemWire, OrganizationJobWire, TeamMemberWire } from '@board/shared/api/job-wire';
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
import type { DescribeRouteOptions } from 'hono-openapi';

/**
 * What a public call answers, for its `describeRoute` beside its route: the answers' schemas are
 * the wire contract's, in `/openapi.json`'s components (openapi-document.ts), named here.
 */

type Json = Record<string, unknown>;

/** The wire contract's schemas by their name in the document. */
export const wireSchemas = {
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

export const ref = (name: keyof typeof wireSchemas) => ({ $ref: `#/components/schemas/${name}` });
export const json = (schema: Json, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
export const error = (description: string) => json(ref('Error'), description);
export const notFound = (what: string) => error(`${what} not found.`);

/** What every call may answer besides its own. */
export const errors = {
  '400': error('A parameter (named in `message`) has a bad value, or a cursor this API did not give.'),
  '429': error('Too many requests from this client: see `Retry-After`.'),
  '500': error('Anything else unexpected (`detail` names the request id).'),
  '503': error('The database is briefly unavailable: see `Retry-After`.'),
};

/** A GET call: its summary and answers; its parameters come from its query's schema. */
export const call = (summary: string, responses: Json): DescribeRouteOptions => ({
  summary,
  responses: { ...responses, ...errors },
});
