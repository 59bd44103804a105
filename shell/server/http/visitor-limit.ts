import { clientKey, resolveClientAddress } from '@board/shared/lib/client-address';
import { type Limits, type LimitVerdict, memoryLimits } from '@board/shared/lib/limits';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';

/**
 * The shell's server's own flood guard. Its reads of the API are exempt from the API's per-client
 * limit (they carry SHELL_API_KEY: every visitor's page is read from this one address), so the
 * work a visitor makes reach the API through it is counted here, per visitor, keyed as the API
 * keys its clients (the TCP peer, or what a trusted proxy says; an IPv6 /64 is one client): a page
 * that is not in the server's page cache (it is read from the API and rendered), a preview image,
 * a sitemap, a feed. It counts where the limits count (shared/src/lib/limits.ts: Redis, shared by
 * every instance, with REDIS_URL; this instance's memory otherwise). Past the limit a page goes
 * out unrendered (the browser renders it and reads the API itself, under the API's own limit) and
 * the rest is a 429: never a 5xx.
 */
export interface VisitorLimitOptions {
  /** Counted requests per visitor and window (SHELL_VISITOR_LIMIT_MAX). */
  max: number;
  windowSeconds: number;
  /** Proxies whose X-Forwarded-For names the visitor (TRUSTED_PROXIES, exact addresses). */
  trustedProxies: readonly string[];
  /** Where the counts live (default: this process's memory). */
  limits?: Limits;
}

export interface VisitorLimit {
  /** Counts one unit of work for this request's visitor. */
  admit(c: Context): Promise<LimitVerdict>;
}

/** The TCP peer of a request on Node (undefined in-process, e.g. `app.request` in a test). */
function peerAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

export function visitorLimit(options: VisitorLimitOptions): VisitorLimit {
  const limit = (options.limits ?? memoryLimits()).limit('shell-visitors', options);
  return {
    admit(c) {
      const address = resolveClientAddress(peerAddress(c), c.req.header('x-forwarded-for'), options.trustedProxies);
      return limit.hit(clientKey(address));
    },
  };
}

/**
 * Counts each request it sees for its visitor; past the limit it answers a 429 with Retry-After
 * that no one keeps (the work that has no page to fall back on: a preview image, a sitemap, a feed).
 */
export function metered(limit: VisitorLimit | undefined, refusal: string): MiddlewareHandler {
  return async (c, next) => {
    const verdict = await limit?.admit(c);
    if (verdict && !verdict.allowed)
      return c.text(refusal, 429, { 'Retry-After': String(verdict.retryAfterSeconds), 'Cache-Control': 'no-store' });
    return next();
  };
}
