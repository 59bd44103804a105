import type { MiddlewareHandler } from 'hono';
import { httpError } from './http-error';

/**
 * The loose cap on all requests from one client (REQUEST_RATE_LIMIT_*): a fixed window per client
 * key, in this instance's memory. It stops floods; the strict, shared limit on submissions is
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
  const now = options.now ?? Date.now;
  const windows = new Map<string, { count: number; resetAt: number }>();
  let nextSweep = 0;
  return async (c, next) => {
    if (options.exempt?.(c.req.path, c.req.raw)) return next();
    const time = now();
    if (time >= nextSweep) {
      for (const [key, window] of windows) if (window.resetAt <= time) windows.delete(key);
      nextSweep = time + options.windowSeconds * 1000;
    }
    const key = options.clientKey(c.req.raw, c.env);
    let window = windows.get(key);
    if (!window || window.resetAt <= time) {
      window = { count: 0, resetAt: time + options.windowSeconds * 1000 };
      windows.set(key, window);
    }
    window.count++;
    if (window.count > options.max) {
      const retryAfter = Math.max(1, Math.ceil((window.resetAt - time) / 1000));
      throw httpError(429, 'Too many requests from this address. Please try again later.', undefined, {
        'Retry-After': String(retryAfter),
      });
    }
    return next();
  };
}
