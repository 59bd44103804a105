import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Database } from '../db/database';
import { organizations } from '../db/job-board-tables';
import { httpError } from '../lib/http-error';
import { logoSvg } from '../lib/logo';

/** `GET /public/logos/{slug}.svg`: a company's logo, generated from its name (no external images). */
export function logoRoutes(db: Database) {
  const app = new Hono();
  app.get('/:file{[a-z0-9-]+\\.svg}', async (c) => {
    const slug = c.req.param('file').replace(/\.svg$/, '');
    const [organization] = await db
      .select({ name: organizations.name, logo: organizations.logo })
      .from(organizations)
      .where(eq(organizations.jobBoardSlug, slug))
      .limit(1);
    if (!organization?.logo) throw httpError(404, 'Logo not found');
    c.header('Content-Type', 'image/svg+xml; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=86400');
    return c.body(logoSvg(organization.name));
  });
  return app;
}
