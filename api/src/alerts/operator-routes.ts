import { Hono } from 'hono';
import * as v from 'valibot';
import { httpError } from '../lib/http-error';
import type { AlertsService } from './alerts-service';

const sendBody = v.object({
  since: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (value) => !Number.isNaN(Date.parse(value)),
        'since must be an ISO date (2026-11-20 or 2026-11-20T08:00:00Z)',
      ),
      v.transform((value) => new Date(value)),
    ),
  ),
});

/**
 * `alerts:send` against a running API, behind the operator endpoints' access rule
 * (lib/operator-access.ts): queues the due digests (every active alert's since `since`, when
 * given) and sends the outbox now.
 */
export function alertOperatorRoutes(alerts: AlertsService) {
  const app = new Hono();
  app.post('/send', async (c) => {
    const body = await c.req.json().catch(() => null);
    if (body === null) throw httpError(400, 'Malformed request', 'Send a JSON object');
    const parsed = v.safeParse(sendBody, body);
    if (!parsed.success) throw httpError(400, parsed.issues[0].message);
    return c.json(await alerts.sendDigests(parsed.output.since ? { since: parsed.output.since } : {}));
  });
  return app;
}
