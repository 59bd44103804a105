import type { Limit } from '@board/shared/lib/limits';
import type { MiddlewareHandler } from 'hono';
import { httpError } from './http-error';

/**
 * The loose cap on all requests from one client (REQUEST_RATE_LIMIT_*), a fixed window per
 * client key, counted where the API's limits count (shared/src/lib/limits.ts: in Redis, shared by
 * every instance, when REDIS_URL is set; in this instance's memory otherwise). It stops floods;
 * the strict limits on submissions and alert subscriptions count the same way, by name.
 */
export function requestLimit(options: {
  limit: Limit;
  clientKey: (request: Request, env: unknown) => string;
  /** Never counted: the load balancer's health checks, the shell's server's reads. */
  exempt?: (path: string, request: Request) => boolean;
}): MiddlewareHandler {
  return async (c, next) => {
    if (options.exempt?.(c.req.path, c.req.raw)) return next();
    const verdict = await options.limit.hit(options.clientKey(c.req.raw, c.env));
    if (!verdict.allowed)
      throw httpError(429, 'Too many requests from this address. Please try again later.', undefined, {
        'Retry-After': String(verdict.retryAfterSeconds),
      });
    return next();
  };
}
