import { maxCrawlPageSize, maxFilterLength, parseJobSearchParams, parsePageParams } from '@board/shared/api/job-search';
import { isTypeable } from '@board/shared/lib/typeable';
import { Hono } from 'hono';
import type { Database } from '../db/database';
import { negotiateEncoding } from '../lib/compress';
import { httpError } from '../lib/http-error';
import { type DataVersion, dataVersion } from './data-version';
import { jobListCache } from './list-cache';
import {
  findJob,
  findOrganization,
  findWorkspace,
  listHiringOrganizations,
  listOrganizationJobs,
  type Visibility,
  visibilities,
} from './queries';
import { crawlJobs, crawlOrganizations, jobSearch, organizationJobPage, organizationPage } from './search';
import { serializeJob } from './serialize';

function parseVisibility(value: string | undefined, fallback: Visibility): Visibility {
  if (value === undefined || value === '') return fallback;
  if ((visibilities as readonly string[]).includes(value)) return value as Visibility;
  throw httpError(400, `Unknown visibility "${value}"`, `visibility must be one of: ${visibilities.join(', ')}`);
}

function parseId(value: string, what: string): number {
  const id = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(id) || id > 2_147_483_647)
    throw httpError(404, `${what} not found`);
  return id;
}

/** A workspace slug the database could hold: anything else (a NUL byte, 1,000 characters) is simply unknown. */
async function workspaceBySlug(db: Database, slug: string) {
  return slug.length <= 200 && isTypeable(slug) ? findWorkspace(db, slug) : null;
}

function searchParams(url: string): URLSearchParams {
  return new URL(url).searchParams;
}

/** `limit` and `cursor` of a paged call; a bad one is a 400. */
function pageOf(url: string, max?: number) {
  const page = parsePageParams(searchParams(url), max);
  if (!page.ok) throw httpError(400, page.message, 'See the API README for the paged calls');
  return page;
}

/** Calls 1 to 5 of SPEC section 7. Absolute URLs (logos) start with `publicOrigin()`, never with the request's Host. */
export function jobPostingRoutes(
  db: Database,
  publicOrigin: () => string,
  versions: DataVersion = dataVersion(db),
  options: { now?: () => number; totalTtlMs?: number } = {},
) {
  const app = new Hono();
  const lists = jobListCache(db, versions);
  const search = jobSearch(db, versions, options);

  // Call 1: the jobs of the board, or of one workspace. Without `limit`, the SPEC's whole list,
  // serialised once per change of the data; with it, one page of a search run in the database.
  app.get('/', async (c) => {
    const visibility = parseVisibility(c.req.query('visibility'), 'job_board_only');
    const workspaceSlug = c.req.query('workspace_slug') || undefined;
    const parsed = parseJobSearchParams(searchParams(c.req.url));
    if (!parsed.ok) throw httpError(400, parsed.message, 'See the API README, call 1');
    // A slug the database could not hold is simply unknown (a NUL byte must not reach it).
    if (workspaceSlug && (workspaceSlug.length > 200 || !isTypeable(workspaceSlug)))
      throw httpError(404, 'Workspace not found');
    if (parsed.limit !== undefined) {
      if (workspaceSlug && !(await findWorkspace(db, workspaceSlug))) throw httpError(404, 'Workspace not found');
      const origin = publicOrigin();
      const page = await search.search(
        { visibility, workspaceSlug },
        parsed.search,
        { limit: parsed.limit, cursor: parsed.cursor },
        c.req.raw,
      );
      return c.json({
        jobs: page.rows.map((row) => serializeJob(row, 'list', origin)),
        total: page.total,
        next_cursor: page.nextCursor,
        facets: page.facets,
      });
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
  app.get('/workspace/:slug', async (c) => {
    const workspace = await workspaceBySlug(db, c.req.param('slug'));
    if (!workspace) throw httpError(404, 'Workspace not found');
    return c.json({ slug: workspace.slug, name: workspace.name });
  });

  // Call 3: the companies that are hiring, of one workspace or of all; with `limit`, one page of
  // them by name (`name`: contains, case-insensitive).
  app.get('/job-board/list-organizations', async (c) => {
    const workspaceSlug = c.req.query('workspace_slug') || undefined;
    const page = pageOf(c.req.url);
    const name = (c.req.query('name') ?? '').trim();
    if (name.length > maxFilterLength || !isTypeable(name))
      throw httpError(400, `name must be at most ${maxFilterLength} characters, without control characters`);
    if (name !== '' && page.limit === undefined) throw httpError(400, 'limit is required with name');
    if (workspaceSlug && !(await workspaceBySlug(db, workspaceSlug))) throw httpError(404, 'Workspace not found');
    if (page.limit !== undefined) {
      const result = await organizationPage(db, { workspaceSlug, name, limit: page.limit, cursor: page.cursor });
      return c.json({
        organizations: result.rows.map((row) => ({
          organization_id: row.id,
          organization_name: row.name,
          job_board_slug: row.jobBoardSlug,
        })),
        total: result.total,
        next_cursor: result.nextCursor,
      });
    }
    const rows = await listHiringOrganizations(db, workspaceSlug);
    return c.json({
      organizations: rows.map((row) => ({
        organization_id: row.id,
        organization_name: row.name,
        job_board_slug: row.jobBoardSlug,
      })),
    });
  });

  // Call 5: the jobs of one company.
  app.get('/organization/:id', async (c) => {
    const visibility = parseVisibility(c.req.query('visibility'), 'job_board_only');
    const id = parseId(c.req.param('id'), 'Organization');
    const page = pageOf(c.req.url);
    if (!(await findOrganization(db, id))) throw httpError(404, 'Organization not found');
    if (page.limit !== undefined) {
      const result = await organizationJobPage(db, id, visibility, { limit: page.limit, cursor: page.cursor });
      const origin = publicOrigin();
      return c.json({
        jobs: result.rows.map((row) => serializeJob(row, 'organization', origin)),
        total: result.total,
        next_cursor: result.nextCursor,
      });
    }
    const jobs = await listOrganizationJobs(db, id, visibility);
    return c.json({ jobs: jobs.map((row) => serializeJob(row, 'organization', publicOrigin())) });
  });

  // The crawler files' reading (sitemap, feeds): every board job, and every hiring company, by
  // id, a page at a time (1,000 unless `limit` says otherwise, at most 10,000).
  app.get('/crawl/jobs', async (c) => {
    const page = pageOf(c.req.url, maxCrawlPageSize);
    return c.json(await crawlJobs(db, { limit: page.limit ?? 1000, cursor: page.cursor }));
  });

  app.get('/crawl/organizations', async (c) => {
    const page = pageOf(c.req.url, maxCrawlPageSize);
    const workspaceSlug = c.req.query('workspace_slug') || undefined;
    if (workspaceSlug && !(await workspaceBySlug(db, workspaceSlug))) throw httpError(404, 'Workspace not found');
    return c.json(await crawlOrganizations(db, { workspaceSlug, limit: page.limit ?? 1000, cursor: page.cursor }));
  });

  // Call 4: one job.
  app.get('/:id', async (c) => {
    const visibility = parseVisibility(c.req.query('visibility'), 'linkedin_or_job_board');
    const row = await findJob(db, parseId(c.req.param('id'), 'Job posting'), visibility);
    if (!row) throw httpError(404, 'Job posting not found');
    return c.json(serializeJob(row, 'detail', publicOrigin()));
  });

  return app;
}
