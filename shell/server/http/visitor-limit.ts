import { clientKey, resolveClientAddress } from '@board/shared/lib/client-address';
import { fixedWindow, type WindowVerdict } from '@board/shared/lib/fixed-window';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';

/**
 * The shell's server's own flood guard. Its reads of the API are exempt from the API's per-client
 * limit (they carry SHELL_API_KEY: every visitor's page is read from this one address), so the
 * work a visitor makes reach the API through it is counted here, per visitor, keyed as the API
 * keys its clients (the TCP peer, or what a trusted proxy says; an IPv6 /64 is one client): a page
 * that is not in the server's page cache (it is read from the API and rendered) and a preview
 * image. Past the limit a page goes out unrendered (the browser renders it and reads the API
 * itself, under the API's own limit) and a preview image is a 429: never a 5xx.
 */
export interface VisitorLimitOptions {
  /** Counted requests per visitor and window (SHELL_VISITOR_LIMIT_MAX). */
  max: number;
  windowSeconds: number;
  /** Proxies whose X-Forwarded-For names the visitor (TRUSTED_PROXIES, exact addresses). */
  trustedProxies: readonly string[];
  now?: () => number;
}

export interface VisitorLimit {
  /** Counts one unit of work for this request's visitor. */
  admit(c: Context): WindowVerdict;
}

/** Default: 120 a minute. A person browsing loads a few pages a minute; a flood is cut off at once. */
export const defaultVisitorLimit = { max: 120, windowSeconds: 60 } as const;

/** The TCP peer of a request on Node (undefined in-process, e.g. `app.request` in a test). */
function peerAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

export function visitorLimit(options: VisitorLimitOptions): VisitorLimit {
  const windows = fixedWindow(options);
  return {
    admit(c) {
      const address = resolveClientAddress(peerAddress(c), c.req.header('x-forwarded-for'), options.trustedProxies);
      return windows.hit(clientKey(address));
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

/** The visitor limit from the environment: SHELL_VISITOR_LIMIT_MAX (0: none), _WINDOW_SECONDS, TRUSTED_PROXIES. */
export function visitorLimitFromEnv(env: Record<string, string | undefined>): VisitorLimit | undefined {
  const number = (name: string, fallback: number) => {
    const value = env[name];
    if (value === undefined || value === '') return fallback;
    if (!/^\d+$/.test(value)) throw new Error(`${name} must be a whole number (got "${value}")`);
    return Number(value);
  };
  const max = number('SHELL_VISITOR_LIMIT_MAX', defaultVisitorLimit.max);
  if (max === 0) return undefined;
  const windowSeconds = number('SHELL_VISITOR_LIMIT_WINDOW_SECONDS', defaultVisitorLimit.windowSeconds);
  if (windowSeconds === 0) throw new Error('SHELL_VISITOR_LIMIT_WINDOW_SECONDS must be at least 1');
  const trustedProxies = (env.TRUSTED_PROXIES ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return visitorLimit({ max, windowSeconds, trustedProxies });
}
