import { Hono } from 'hono';
import * as v from 'valibot';
import { httpError } from '../lib/http-error';
import { futurePurgeRefusal, type PurgeCounts } from './purge';

const purgeBody = v.object({
  now: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (value) => !Number.isNaN(Date.parse(value)),
        'now must be an ISO date (2029-12-01 or 2029-12-01T08:00:00Z)',
      ),
      v.transform((value) => new Date(value)),
    ),
  ),
  dry_run: v.optional(v.boolean(), false),
});

/**
 * `privacy:purge` against a running API, behind the operator endpoints' access rule
 * (lib/operator-access.ts): deletes what is past retention as of `now` (default: now), or only
 * counts it; answers the counts.
 */
export function privacyOperatorRoutes(purge: (now: Date, dryRun: boolean) => Promise<PurgeCounts>) {
  const app = new Hono();
  app.post('/purge', async (c) => {
    const body = await c.req.json().catch(() => null);
    if (body === null) throw httpError(400, 'Malformed request', 'Send a JSON object');
    const parsed = v.safeParse(purgeBody, body);
    if (!parsed.success) throw httpError(400, parsed.issues[0].message);
    const now = parsed.output.now ?? new Date();
    const refusal = futurePurgeRefusal(now, parsed.output.dry_run);
    if (refusal) throw httpError(422, refusal);
    return c.json(await purge(now, parsed.output.dry_run));
  });
  return app;
}
