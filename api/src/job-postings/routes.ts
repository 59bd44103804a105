import { isTypeable } from '@board/shared/forms/application-schema';
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

/** Calls 1 to 5 of SPEC section 7. Absolute URLs (logos) start with `publicOrigin()`, never with the request's Host. */
export function jobPostingRoutes(db: Database, publicOrigin: () => string, versions: DataVersion = dataVersion(db)) {
  const app = new Hono();
  const lists = jobListCache(db, versions);

  // Call 1: the jobs of the board, or of one workspace, serialised once per change of the data.
  app.get('/', async (c) => {
    const visibility = parseVisibility(c.req.query('visibility'), 'job_board_only');
    const workspaceSlug = c.req.query('workspace_slug') || undefined;
    // A slug the database could not hold is simply unknown (a NUL byte must not reach it).
    if (workspaceSlug && (workspaceSlug.length > 200 || !isTypeable(workspaceSlug)))
      throw httpError(404, 'Workspace not found');
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

  // Call 3: the companies that are hiring, of one workspace or of all.
  app.get('/job-board/list-organizations', async (c) => {
    const workspaceSlug = c.req.query('workspace_slug') || undefined;
    if (workspaceSlug && !(await workspaceBySlug(db, workspaceSlug))) throw httpError(404, 'Workspace not found');
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
    if (!(await findOrganization(db, id))) throw httpError(404, 'Organization not found');
    const jobs = await listOrganizationJobs(db, id, visibility);
    return c.json({ jobs: jobs.map((row) => serializeJob(row, 'organization', publicOrigin())) });
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
