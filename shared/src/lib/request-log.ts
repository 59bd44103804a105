import { randomBytes } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

export type LogEntry = Record<string, unknown>;
export type Log = (entry: LogEntry) => void;

/** One JSON line per entry on stdout. */
export const jsonLines: Log = (entry) => console.log(JSON.stringify(entry));

const requestIdPattern = /^[\w.:-]{1,64}$/;

/**
 * For the API and the shell's server (Hono on Node; never bundled for the browser): a request id
 * (new for each request, sent back in X-Request-Id) and one log line per request: time, level,
 * request id, method, path, status, duration in ms. Both servers log the same fields, so one
 * query follows a visit across both. A client's own X-Request-Id is kept only when `trustIncoming`
 * says the caller is one of ours: a visitor's would let it forge or collide entries in the logs.
 */
export function requestLog(
  log: Log,
  { trustIncoming = () => false }: { trustIncoming?: (request: Request) => boolean } = {},
): MiddlewareHandler[] {
  return [
    async (c, next) => {
      const incoming = c.req.header('X-Request-Id');
      const id =
        incoming && requestIdPattern.test(incoming) && trustIncoming(c.req.raw)
          ? incoming
          : randomBytes(8).toString('hex');
      c.set('requestId' as never, id as never);
      c.header('X-Request-Id', id);
      await next();
    },
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
