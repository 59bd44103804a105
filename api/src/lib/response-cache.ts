import type { MiddlewareHandler } from 'hono';

interface Entry {
  expires: number;
  body: ArrayBuffer;
  headers: [string, string][];
}

/**
 * A short-lived in-memory cache of successful GET answers, compressed body included, per URL and
 * encoding. Job lists change when the platform publishes, not per request; with 10,000 jobs,
 * serialising and compressing the list is most of the cost of call 1. The TTL stays below the
 * answers' Cache-Control max-age, so no client sees older data than it already could. Per
 * instance: nothing depends on it for correctness.
 */
export function responseCache(options: { ttlMs: number; maxEntries: number }): MiddlewareHandler {
  const entries = new Map<string, Entry>();
  /** Requests for the same answer while it is being built wait for it instead of building it again. */
  const building = new Map<string, Promise<void>>();
  return async (c, next) => {
    if (c.req.method !== 'GET') return next();
    const accepted = c.req.header('accept-encoding') ?? '';
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : 'identity';
    const key = `${encoding} ${c.req.url}`;
    const pending = building.get(key);
    if (pending) await pending;
    const hit = entries.get(key);
    if (hit && hit.expires > Date.now()) {
      const etag = hit.headers.find(([name]) => name === 'etag')?.[1];
      for (const [name, value] of hit.headers) c.header(name, value, { append: name === 'vary' });
      c.header('X-Cache', 'hit');
      if (etag && c.req.header('if-none-match') === etag) return c.body(null, 304);
      return c.body(hit.body, 200);
    }
    await next();
    if (c.res.status !== 200) return;
    const headers = [...c.res.headers.entries()].filter(
      ([name]) => !['x-request-id', 'access-control-allow-origin', 'access-control-expose-headers'].includes(name),
    );
    if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value ?? '');
    entries.set(key, { expires: Date.now() + options.ttlMs, body: await c.res.clone().arrayBuffer(), headers });
  };
}
