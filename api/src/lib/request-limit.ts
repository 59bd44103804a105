import { fixedWindow } from '@board/shared/lib/fixed-window';
import type { MiddlewareHandler } from 'hono';
import { httpError } from './http-error';

/**
 * The loose cap on all requests from one client (REQUEST_RATE_LIMIT_*): a fixed window per client
 * key, in this instance's memory (shared/src/lib/fixed-window.ts, which the shell's server's
 * visitor limit counts with too). It stops floods; the strict, shared limit on submissions is
 * counted in the database (applications/submission-limit.ts). With N instances a client may send
 * up to N times the cap, which is what a flood guard needs.
 */
export function requestLimit(options: {
  max: number;
  windowSeconds: number;
  clientKey: (request: Request, env: unknown) => string;
  now?: () => number;
  /** Never counted: the load balancer's health checks, the shell's server's reads. */
  exempt?: (path: string, request: Request) => boolean;
}): MiddlewareHandler {
  const windows = fixedWindow(options);
  return async (c, next) => {
    if (options.exempt?.(c.req.path, c.req.raw)) return next();
    const verdict = windows.hit(options.clientKey(c.req.raw, c.env));
    if (!verdict.allowed)
      throw httpError(429, 'Too many requests from this address. Please try again later.', undefined, {
        'Retry-After': String(verdict.retryAfterSeconds),
      });
    return next();
  };
}
