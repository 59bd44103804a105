import { Hono } from 'hono';
import * as v from 'valibot';
import { httpError } from '../lib/http-error';
import type { PortfolioService } from './portfolio-service';

/** The most an apply's body may hold: the file and the logos beside it (each at most 2 MB), as base64. */
export const maxApplyBytes = 64 * 1024 * 1024;
export const applyPath = /^\/operator\/portfolio\/apply\/?$/;

const ApplyBody = v.object({
  file: v.string(),
  format: v.picklist(['yaml', 'csv']),
  // Every path the command sent, as sent: a record would drop `constructor` or `__proto__`.
  logo_files: v.optional(
    v.pipe(
      v.custom<Record<string, unknown>>(
        (input) => typeof input === 'object' && input !== null && !Array.isArray(input),
        'logo_files maps paths to base64',
      ),
      v.transform((files) => Object.entries(files)),
      v.array(v.tuple([v.string(), v.string()]), 'logo_files maps paths to base64'),
    ),
    {},
  ),
  dry_run: v.optional(v.boolean(), false),
  prune: v.optional(v.boolean(), false),
  allow_mass_remove: v.optional(v.boolean(), false),
});
const EnrichBody = v.object({ slugs: v.optional(v.array(v.string())) });

async function jsonBody<T>(request: Request, schema: v.GenericSchema<unknown, T>): Promise<T> {
  const body = await request.json().catch(() => null);
  if (body === null) throw httpError(400, 'Malformed request', 'Send a JSON object');
  const parsed = v.safeParse(schema, body);
  if (!parsed.success) throw httpError(400, parsed.issues[0].message, v.getDotPath(parsed.issues[0]) ?? undefined);
  return parsed.output;
}

/**
 * `pnpm portfolio …` against a running API, behind the operator endpoints' access rule: apply (the
 * file's text and the logos beside it; the file is read here, so its errors come back with their
 * lines), export (the file's text) and enrich.
 */
export function portfolioOperatorRoutes(portfolio: PortfolioService) {
  const app = new Hono();
  app.post('/apply', async (c) => {
    const body = await jsonBody(c.req.raw, ApplyBody);
    const logoFiles = new Map(
      body.logo_files.map(([path, base64]) => [path, new Uint8Array(Buffer.from(base64, 'base64'))]),
    );
    const applied = await portfolio.apply(body.file, body.format, {
      dryRun: body.dry_run,
      prune: body.prune,
      allowMassRemove: body.allow_mass_remove,
      logoFiles,
    });
    return c.json(applied);
  });
  app.get('/export', async (c) => {
    const format = c.req.query('format') ?? 'yaml';
    if (format !== 'yaml' && format !== 'csv') throw httpError(400, 'format is yaml or csv');
    c.header('Cache-Control', 'no-store');
    return c.text(await portfolio.export(format));
  });
  app.post('/enrich', async (c) => {
    const body = await jsonBody(c.req.raw, EnrichBody);
    return c.json({ lines: await portfolio.enrich(body.slugs && body.slugs.length > 0 ? body.slugs : null) });
  });
  return app;
}
