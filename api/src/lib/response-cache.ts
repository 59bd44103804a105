import type { MiddlewareHandler } from 'hono';
import { negotiateEncoding } from './compress';

interface Entry {
  expires: number;
  version: number;
  body: ArrayBuffer;
  headers: [string, string][];
  /** Whether the answer built at one version is also the answer at a later one (`carry`). */
  holds: ((from: number, to: number) => boolean) | null;
}

/**
 * An in-memory cache of successful GET answers, compressed body included, per URL and encoding.
 * With `version` (a number that changes when the data behind the answers changes, checked per
 * request), an entry is used only while the version is the one it was built at, so no answer is
 * older than a change committed before its request; the TTL stays below the answers'
 * Cache-Control max-age either way. Requests for the same answer while it is being built wait
 * for it instead of building it again. Per instance: nothing depends on it for correctness.
 * With `carry`, an entry built at an older version is used at the current one when the test
 * its request left says the changes between cannot have altered it (the same body, so the same
 * ETag), and is then kept at the current version; without a test, any change drops it.
 * With `key`, an answer is kept under what its call reads of the request (so a parameter the call
 * ignores makes no entry of its own), and not at all when `key` says null; without it, under the URL.
 */
export function responseCache(options: {
  ttlMs: number;
  maxEntries: number;
  version?: (request: Request) => Promise<number>;
  key?: (url: string) => string | null;
  carry?: (request: Request) => ((from: number, to: number) => boolean) | null;
  /** Told of each lookup of a cacheable request: whether a kept answer was sent (the metrics). */
  looked?: (hit: boolean) => void;
}): MiddlewareHandler {
  const entries = new Map<string, Entry>();
  const building = new Map<string, Promise<void>>();
  return async (c, next) => {
    if (c.req.method !== 'GET') return next();
    const read = options.key ? options.key(c.req.url) : c.req.url;
    if (read === null) return next();
    const key = `${negotiateEncoding(c.req.header('accept-encoding'))} ${read}`;
    const version = (await options.version?.(c.req.raw)) ?? 0;
    const pending = building.get(key);
    if (pending) await pending;
    const hit = entries.get(key);
    const live = hit !== undefined && hit.expires > Date.now();
    // Built before a change that cannot have altered it: the same answer, now at this version.
    if (live && hit.version < version && hit.holds?.(hit.version, version)) hit.version = version;
    if (live && hit.version === version) {
      const etag = hit.headers.find(([name]) => name === 'etag')?.[1];
      for (const [name, value] of hit.headers) c.header(name, value, { append: name === 'vary' });
      c.header('X-Cache', 'hit');
      options.looked?.(true);
      if (etag && c.req.header('if-none-match') === etag) return c.body(null, 304);
      return c.body(hit.body, 200);
    }
    options.looked?.(false);
    // This request builds the answer; others for the same key wait for it.
    let release: (() => void) | undefined;
    if (!building.has(key)) {
      building.set(
        key,
        new Promise<void>((resolve) => {
          release = resolve;
        }),
      );
    }
    try {
      await next();
      if (c.res.status !== 200) return;
      const headers = [...c.res.headers.entries()].filter(
        ([name]) => !['x-request-id', 'access-control-allow-origin', 'access-control-expose-headers'].includes(name),
      );
      const body = await c.res.clone().arrayBuffer();
      entries.delete(key);
      if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value ?? '');
      const holds = options.carry?.(c.req.raw) ?? null;
      entries.set(key, { expires: Date.now() + options.ttlMs, version, body, headers, holds });
    } finally {
      if (release) {
        building.delete(key);
        release();
      }
    }
  };
}
