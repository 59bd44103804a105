import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import * as v from 'valibot';
import { httpError } from '../lib/http-error';
import type { AlertsService } from './alerts-service';

/** Loopback addresses: the caller runs on the API's own machine. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return /^127\./.test(address) || address === '::1' || /^::ffff:127\./.test(address);
}

/**
 * Operator endpoints (`alerts:send` while the API holds the embedded database): a caller with
 * `Authorization: Bearer OPERATOR_TOKEN`, or, in local and test runs only, a caller on the loopback
 * interface that no proxy forwarded.
 */
export function operatorRoutes(deps: {
  alerts: AlertsService;
  token?: string;
  allowLoopback: boolean;
  peerAddress: (request: Request, env: unknown) => string | undefined;
}) {
  const expected = deps.token ? createHash('sha256').update(deps.token).digest() : null;
  const app = new Hono();
  app.use(async (c, next) => {
    const sent = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1];
    const byToken =
      expected !== null && sent !== undefined && timingSafeEqual(createHash('sha256').update(sent).digest(), expected);
    const local =
      deps.allowLoopback && !c.req.header('x-forwarded-for') && isLoopback(deps.peerAddress(c.req.raw, c.env));
    if (!byToken && !local)
      throw httpError(403, 'Forbidden', 'Operator endpoints need OPERATOR_TOKEN (or a local caller)');
    c.header('Cache-Control', 'no-store');
    await next();
  });

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

  /** Queues the due digests (every active alert's since `since`, when given) and sends the outbox now. */
  app.post('/alerts/send', async (c) => {
    const body = await c.req.json().catch(() => ({}));
    const parsed = v.safeParse(sendBody, body ?? {});
    if (!parsed.success) throw httpError(400, parsed.issues[0].message);
    const result = await deps.alerts.sendDigests(parsed.output.since ? { since: parsed.output.since } : {});
    return c.json(result);
  });
  return app;
}
