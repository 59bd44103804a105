import { randomBytes } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { requestId } from 'hono/request-id';

export type LogEntry = Record<string, unknown>;
export type Log = (entry: LogEntry) => void;

/** One JSON line per entry on stdout. */
export const jsonLines: Log = (entry) => console.log(JSON.stringify(entry));

/**
 * For the API and the shell's server (Hono on Node; never bundled for the browser): a request id
 * (kept from a trusted X-Request-Id, else new; sent back in X-Request-Id) and one log line per
 * request: time, level, request id, method, path, status, duration in ms. Both servers log the
 * same fields, so one query follows a visit across both.
 */
export function requestLog(log: Log): MiddlewareHandler[] {
  return [
    requestId({ generator: () => randomBytes(8).toString('hex') }),
    async (c, next) => {
      const started = performance.now();
      await next();
      log({
        time: new Date().toISOString(),
        level: c.res.status >= 500 ? 'error' : 'info',
        request_id: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      });
    },
  ];
}
