import { isIntegerId } from '@board/shared/api/board-id';
import type { CrawlJobsBody, CrawlOrganizationsBody } from '@board/shared/api/crawl-bodies';
import type { JobDetailBody } from '@board/shared/api/job-wire';
import type {
  JobPageBody,
  OrganizationJobsBody,
  OrganizationJobsPageBody,
  OrganizationListBody,
  OrganizationPageBody,
  WorkspaceBody,
} from '@board/shared/api/page-bodies';
import { Hono } from 'hono';
import { type DataVersion, dataVersion } from '../board-changes/data-version';
import type { Database } from '../db/database';
import { negotiateEncoding } from '../lib/compress';
import { httpError } from '../lib/http-error';
import { callDocs } from './call-docs';
import { crawlJobs, crawlOrganizations } from './crawl';
import { jobListCache } from './list-cache';
import { organizationJobPage, organizationPage, type PageRead } from './pages';
import { findJob, findOrganization, findWorkspace, listHiringOrganizations, listOrganizationJobs } from './queries';
import {
  crawlOrganizationsQuery,
  crawlQuery,
  isPossibleSlug,
  jobListQuery,
  jobQuery,
  organizationJobsQuery,
  organizationListQuery,
} from './query-validators';
import { jobSearch, type SearchOptions } from './search';
import { detailJobBody, listJobBody, organizationJobBody, organizationProfileBody } from './serialize';

/** An id in this API's one spelling (`isIntegerId`: no leading zero, no sign), or a 404: one address per job. */
function parseId(value: string, what: string): number {
  if (!isIntegerId(value)) throw httpError(404, `${what} not found`);
  return Number(value);
}

/** A workspace slug the database could hold: anything else (a NUL byte, 1,000 characters) is simply unknown. */
async function workspaceBySlug(db: Database, slug: string) {
  return isPossibleSlug(slug) ? findWorkspace(db, slug) : null;
}

/** A hiring company as calls 3 send it. */
function organizationBody(row: {
  id: number;
  name: string;
  jobBoardSlug: string;
}): OrganizationListBody['organizations'][number] {
  return { organization_id: row.id, organization_name: row.name, job_board_slug: row.jobBoardSlug };
}

/** The page read, or the 400 of a cursor this API did not give. */
function pageOrBadRequest<T>(read: PageRead<T>): T {
  if (!read.ok)
    throw httpError(400, 'cursor is not one this API gave', 'Pass the next_cursor of the previous page unchanged');
  return read.page;
}

/** Calls 1 to 5 of SPEC section 7. Absolute URLs (logos) start with `publicOrigin()`, never with the request's Host. */
export function jobPostingRoutes(
  db: Database,
  publicOrigin: () => string,
  versions: DataVersion = dataVersion(db),
  options: SearchOptions = {},
) {
  const app = new Hono();
  const lists = jobListCache(db, versions, { looked: (hit) => options.cacheLookup?.('job-list', hit) });
  const search = jobSearch(db, versions, options);

  // Call 1: the jobs of the board, or of one workspace. Without `limit`, the SPEC's whole list,
  // serialised once per change of the data; with it, one page of a search over the search index.
  app.get('/', callDocs.jobList, jobListQuery, async (c) => {
    const { visibility, workspaceSlug, search: wanted, page } = c.req.valid('query');
    if (page !== null) {
      if (workspaceSlug && !(await findWorkspace(db, workspaceSlug))) throw httpError(404, 'Workspace not found');
      const origin = publicOrigin();
      const found = pageOrBadRequest(await search.search({ visibility, workspaceSlug }, wanted, page, c.req.raw));
      return c.json({
        jobs: found.rows.map((row) => listJobBody(row, origin)),
        total: found.total.count,
        total_is_lower_bound: found.total.isLowerBound,
        next_cursor: found.nextCursor,
        facets: found.facets,
      } satisfies JobPageBody);
    }
    const answer = await lists.get(c.req.raw, { visibility, workspaceSlug, origin: publicOrigin() });
    if (!answer) throw httpError(404, 'Workspace not found');
    const encoding = negotiateEncoding(c.req.header('accept-encoding'));
    const body = await answer.encoded(encoding);
    c.header('Content-Type', 'application/json');
    c.header('Vary', 'Accept-Encoding', { append: true });
    if (encoding !== 'identity') c.header('Content-Encoding', encoding);
    c.header('ETag', encoding === 'identity' ? answer.etag : `W/${answer.etag}`);
    return c.body(body);
  });

  // Call 2: a workspace.
  app.get('/workspace/:slug', callDocs.workspace, async (c) => {
    const workspace = await workspaceBySlug(db, c.req.param('slug'));
    if (!workspace) throw httpError(404, 'Workspace not found');
    return c.json({ slug: workspace.slug, name: workspace.name } satisfies WorkspaceBody);
  });

  // Call 3: the companies that are hiring, of one workspace or of all; with `limit`, one page of
  // them by name (`name`: contains, case-insensitive).
  app.get('/job-board/list-organizations', callDocs.organizationList, organizationListQuery, async (c) => {
    const { workspaceSlug, name, page } = c.req.valid('query');
    if (workspaceSlug && !(await findWorkspace(db, workspaceSlug))) throw httpError(404, 'Workspace not found');
    if (page.limit !== undefined) {
      const result = pageOrBadRequest(
        await organizationPage(db, { workspaceSlug, name, limit: page.limit, cursor: page.cursor }),
      );
      return c.json({
        organizations: result.rows.map(organizationBody),
        total: result.total,
        next_cursor: result.nextCursor,
      } satisfies OrganizationPageBody);
    }
    const rows = await listHiringOrganizations(db, workspaceSlug);
    return c.json({ organizations: rows.map(organizationBody) } satisfies OrganizationListBody);
  });

  // Call 5: the jobs of one company.
  app.get('/organization/:id', callDocs.organizationJobs, organizationJobsQuery, async (c) => {
    const { visibility, page } = c.req.valid('query');
    const id = parseId(c.req.param('id'), 'Organization');
    const found = await findOrganization(db, id);
    if (!found) throw httpError(404, 'Organization not found');
    const organization = organizationProfileBody(found, publicOrigin());
    if (page.limit !== undefined) {
      const result = pageOrBadRequest(
        await organizationJobPage(db, id, visibility, { limit: page.limit, cursor: page.cursor }),
      );
      const origin = publicOrigin();
      return c.json({
        jobs: result.rows.map((row) => organizationJobBody(row, origin)),
        organization,
        total: result.total.count,
        next_cursor: result.nextCursor,
      } satisfies OrganizationJobsPageBody);
    }
    const jobs = await listOrganizationJobs(db, id, visibility);
    const origin = publicOrigin();
    return c.json({
      jobs: jobs.map((row) => organizationJobBody(row, origin)),
      organization,
    } satisfies OrganizationJobsBody);
  });

  // The crawler files' reading (sitemap, feeds): every board job, and every hiring company, by
  // id, a page at a time (1,000 unless `limit` says otherwise, at most 10,000).
  app.get('/crawl/jobs', callDocs.crawlJobs, crawlQuery, async (c) => {
    const { page } = c.req.valid('query');
    return c.json(pageOrBadRequest(await crawlJobs(db, page)) satisfies CrawlJobsBody);
  });

  app.get('/crawl/organizations', callDocs.crawlOrganizations, crawlOrganizationsQuery, async (c) => {
    const { workspaceSlug, page } = c.req.valid('query');
    if (workspaceSlug && !(await findWorkspace(db, workspaceSlug))) throw httpError(404, 'Workspace not found');
    return c.json(
      pageOrBadRequest(await crawlOrganizations(db, { workspaceSlug, ...page })) satisfies CrawlOrganizationsBody,
    );
  });

  // Call 4: one job. With `include_closed=true` (the board's own extension), a closed job too, with
  // its `closed_at`: the board answers its page 410. As the SPEC states call 4, a closed job is a 404.
  app.get('/:id', callDocs.job, jobQuery, async (c) => {
    const { visibility, includeClosed } = c.req.valid('query');
    const id = parseId(c.req.param('id'), 'Job posting');
    const row = await findJob(db, id, visibility, includeClosed);
    if (!row) throw httpError(404, 'Job posting not found');
    // The job and its company: a change of other jobs leaves this answer as it is.
    versions.answerReads(c.req.raw, (job) => job.id === id);
    return c.json(detailJobBody(row, publicOrigin()) satisfies JobDetailBody);
  });

  return app;
}
