import { randomBytes } from 'node:crypto';
import type { ReleaseChoice } from '@board/shared/config/release-assignment';
import type { BeaconRefusal } from '@board/shared/config/release-health';
import { clientKey, resolveClientAddress } from '@board/shared/lib/client-address';
import { type Limits, memoryLimits } from '@board/shared/lib/limits';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { issueViewToken, readViewToken, type ViewToken } from './view-token';

/**
 * Which beacons the server may count (decision 047). A view counts only with a token the server
 * issued (view-token.ts), once: its id is spent where the limits count (Redis with REDIS_URL, so
 * a token spent on one instance is spent on all). A visitor, keyed as the visitor limit keys them
 * (an address; an IPv6 /64), counts at most `viewsPerVisitor` views of one release an hour: past
 * that, one visitor's views are refused, so a handful of addresses cannot decide a canary.
 */
export interface ViewAttributionOptions {
  /** The key every instance signs tokens with (BEACON_SECRET; default: one of this process's own). */
  secret?: string;
  /** Where spent tokens and views per visitor are counted (default: this process's memory). */
  limits?: Limits;
  /** Proxies whose X-Forwarded-For names the visitor (TRUSTED_PROXIES). */
  trustedProxies?: readonly string[];
  /** Views of one release counted per visitor and hour (BEACON_VIEWS_PER_VISITOR); null (default): no cap. */
  viewsPerVisitor?: number | null;
  /** How long a token counts (default 15 minutes). */
  tokenTtlMs?: number;
  now?: () => number;
}

export type TokenVerdict = { ok: true; token: ViewToken } | { ok: false; reason: BeaconRefusal };

export interface ViewAttribution {
  /** A token for a view of these releases. */
  issue(releases: ReleaseChoice): string;
  /** The token's verdict: signed, in time and not spent before (it is spent now). */
  spend(text: string | undefined): Promise<TokenVerdict>;
  /** Whether this request's visitor may count one more view of `app` `version` this hour. */
  admitView(c: Context, app: string, version: string): Promise<boolean>;
}

/** Views of one release a visitor counts per hour by default: a long visit, not a flood (decision 047). */
export const defaultViewsPerVisitor = 10;
const defaultTokenTtlMs = 15 * 60_000;

/** The TCP peer of a request on Node (undefined in-process, e.g. `app.request` in a test). */
function peerAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

export function viewAttribution(options: ViewAttributionOptions = {}): ViewAttribution {
  const now = options.now ?? Date.now;
  const secret = options.secret ?? randomBytes(32).toString('hex');
  const ttlMs = options.tokenTtlMs ?? defaultTokenTtlMs;
  const limits = options.limits ?? memoryLimits();
  // A spent id is remembered a little longer than the token counts.
  const spent = limits.limit('beacon-tokens', { max: 1, windowSeconds: Math.ceil(ttlMs / 1000) + 60 });
  const perVisitor =
    options.viewsPerVisitor == null
      ? null
      : limits.limit('beacon-views', { max: options.viewsPerVisitor, windowSeconds: 3600 });
  return {
    issue: (releases) => issueViewToken(secret, releases, now() + ttlMs),
    async spend(text) {
      if (!text) return { ok: false, reason: 'no-token' };
      const read = readViewToken(secret, text, now());
      if (!read.ok) return read;
      const first = await spent.hit(read.token.id);
      return first.allowed ? read : { ok: false, reason: 'replayed' };
    },
    async admitView(c, app, version) {
      if (!perVisitor) return true;
      const address = resolveClientAddress(
        peerAddress(c),
        c.req.header('x-forwarded-for'),
        options.trustedProxies ?? [],
      );
      return (await perVisitor.hit(`${clientKey(address)}|${app}|${version}`)).allowed;
    },
  };
}
