import { assignReleases, readCookie, releaseCookieName } from '@board/shared/config/release-assignment';
import {
  type BeaconRefusal,
  countsOfRefusal,
  countsOfView,
  refusedCountsKey,
} from '@board/shared/config/release-health';
import type { ReleasePointer } from '@board/shared/config/release-pointer';
import type { RemoteName } from '@board/shared/config/remotes';
import type { RuntimeConfig } from '@board/shared/config/runtime-config';
import { type HealthStore, minuteOf } from '@board/shared/lib/health-store';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ShellMetrics } from '../http/shell-metrics';
import type { VisitorLimit } from '../http/visitor-limit';
import type { ReleasePointers } from '../remotes/release-pointers';
import { beaconMaxBytes, parseBeacon } from './beacon';
import type { ViewAttribution } from './view-attribution';

/** Where pages send their view's beacon (the browser's view-report.ts), on the shell's own origin. */
export const beaconPath = '/__beacon';
/** Where a page's script asks for its first view's token (pages are cached: they cannot carry one). */
export const beaconTokenPath = '/__beacon/token';

export interface BeaconRouteOptions {
  config: () => RuntimeConfig;
  releases: ReleasePointers;
  store: HealthStore;
  /** Issues and checks the views' tokens, and caps each visitor's views (view-attribution.ts). */
  attribution: ViewAttribution;
  visitorLimit?: VisitorLimit | undefined;
  /** Each view counted for each release it used, and each release of a beacon not counted, and why. */
  metrics?: Pick<ShellMetrics, 'beacon' | 'beaconRefused'>;
}

const noStore = { 'Cache-Control': 'no-store' };

/**
 * `POST /__beacon/token`: a token for one view of the releases the server gives this visitor (the
 * ones their release cookie keeps, else live: what their page was rendered with), answered
 * `no-store`. `POST /__beacon`: one view's beacon, at most 1 KB, validated whole (beacon.ts),
 * counted only with a token the server issued, not spent before and not expired (decision 047);
 * then, for each release it names, only if the token was issued for that release, the remote's
 * pointer still names it (live, canary or previous: a stale tab's old release or an invented
 * version adds nothing) and its visitor has not reported the most views of it an hour counts.
 * A beacon with a token answers 200 with the next view's token (a client-side route is a view of
 * its own); one without a good one, 403; 400, 413 or 429 otherwise. Each refusal is counted per
 * remote and reason beside the releases' counts. Both are metered by the visitor limit like a page.
 * Nothing of the request (address, page, headers) is stored, except where the cap counts a
 * visitor's views for an hour, keyed as the visitor limit keys them.
 */
export function beaconRoute({ config, releases, store, attribution, visitorLimit, metrics }: BeaconRouteOptions) {
  const app = new Hono();
  const limited = async (c: Context) => {
    const verdict = await visitorLimit?.admit(c);
    return verdict && !verdict.allowed
      ? c.text('Too many requests', 429, { ...noStore, 'Retry-After': String(verdict.retryAfterSeconds) })
      : null;
  };
  /** Every remote's pointer; one that cannot be read this moment (slow, or mid-upload) is the one read last. */
  const pointers = async (configured: RuntimeConfig) => {
    const read = await releases.all(configured);
    const known: Partial<Record<RemoteName, ReleasePointer>> = {};
    for (const name of Object.keys(read) as RemoteName[]) {
      const pointer = read[name] ?? releases.lastGood(configured.releases?.[name]);
      if (pointer) known[name] = pointer;
    }
    return known;
  };
  const refuse = async (app: RemoteName, reason: BeaconRefusal, minute: number) => {
    metrics?.beaconRefused(app, reason);
    await store.add(app, refusedCountsKey, minute, countsOfRefusal(reason));
  };

  app.post(beaconTokenPath, async (c) => {
    const over = await limited(c);
    if (over) return over;
    // No draw: a visitor without a release cookie was given live (only a canary page sets one).
    const { versions } = assignReleases(
      await pointers(config()),
      readCookie(c.req.header('Cookie'), releaseCookieName),
      () => 1,
    );
    if (Object.keys(versions).length === 0) return c.body(null, 204, noStore);
    return c.json({ token: attribution.issue(versions) }, 200, noStore);
  });

  app.post(
    beaconPath,
    bodyLimit({ maxSize: beaconMaxBytes, onError: (c) => c.text('Beacon too large', 413, noStore) }),
    async (c) => {
      const over = await limited(c);
      if (over) return over;
      const beacon = parseBeacon(await c.req.text());
      if (!beacon) return c.text('Not a beacon', 400, noStore);
      const minute = minuteOf(Date.now());
      const named = Object.entries(beacon.releases) as [RemoteName, string][];
      const verdict = await attribution.spend(beacon.token);
      if (!verdict.ok) {
        for (const [app] of named) await refuse(app, verdict.reason, minute);
        return c.text('Beacon not attributed', 403, noStore);
      }
      const known = await pointers(config());
      for (const [app, version] of named) {
        if (verdict.token.releases[app] !== version) {
          await refuse(app, 'other-release', minute);
          continue;
        }
        const pointer = known[app];
        if (!pointer || ![pointer.live, pointer.canary?.version, pointer.previous].includes(version)) continue;
        if (!(await attribution.admitView(c, app, version))) {
          await refuse(app, 'over-cap', minute);
          continue;
        }
        if (await store.add(app, version, minute, countsOfView(beacon))) metrics?.beacon(app, version, beacon.errors);
      }
      // The tab's next view (a client-side route) counts for the same releases: a tab keeps its own.
      return c.json({ token: attribution.issue(verdict.token.releases) }, 200, noStore);
    },
  );
  return app;
}
