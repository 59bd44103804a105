import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Database } from '../db/database';
import { organizations } from '../db/job-board-tables';
import { logos } from '../db/logo-tables';
import { httpError } from '../lib/http-error';
import { logoSvg } from '../lib/logo';

/**
 * A company's logo: `GET /public/logos/{hash}.png`, the square PNG a portfolio file or the
 * company's site gave (stored by its content hash, so the address is cached for good), and
 * `GET /public/logos/{slug}.svg`, the mark generated from its name when it has none.
 */
export function logoRoutes(db: Database) {
  const app = new Hono();
  app.get('/:file{[0-9a-f]{32}\\.png}', async (c) => {
    const hash = c.req.param('file').slice(0, 32);
    const [logo] = await db.select({ png: logos.png }).from(logos).where(eq(logos.hash, hash)).limit(1);
    if (!logo) throw httpError(404, 'Logo not found');
    c.header('Content-Type', 'image/png');
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    return c.body(new Uint8Array(logo.png));
  });
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
