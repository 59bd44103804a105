import { countsOfView } from '@board/shared/config/release-health';
import type { RemoteName } from '@board/shared/config/remotes';
import type { RuntimeConfig } from '@board/shared/config/runtime-config';
import { type HealthStore, minuteOf } from '@board/shared/lib/health-store';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { VisitorLimit } from '../http/visitor-limit';
import type { ReleasePointers } from '../remotes/release-pointers';
import { type Beacon, beaconMaxBytes, parseBeacon } from './beacon';

/** Where pages send their view's beacon (the browser's view-report.ts), on the shell's own origin. */
export const beaconPath = '/__beacon';

export interface BeaconRouteOptions {
  config: () => RuntimeConfig;
  releases: ReleasePointers;
  store: HealthStore;
  visitorLimit?: VisitorLimit;
  /** Each view counted, for each release it used (the metrics). */
  counted?: (app: RemoteName, version: string, beacon: Beacon) => void;
}

const noStore = { 'Cache-Control': 'no-store' };

/**
 * `POST /__beacon`: one view's beacon, at most 1 KB, counted by the visitor limit like a page,
 * validated whole (beacon.ts), then counted for each release it names that the remote's pointer
 * still names (live, canary or previous): a stale tab's old release or an invented version adds
 * nothing. Answers 204 with nothing to keep; 400, 413 or 429 otherwise. Nothing of the request
 * (address, page, headers) is stored.
 */
export function beaconRoute({ config, releases, store, visitorLimit, counted }: BeaconRouteOptions) {
  const app = new Hono();
  app.post(
    beaconPath,
    bodyLimit({ maxSize: beaconMaxBytes, onError: (c) => c.text('Beacon too large', 413, noStore) }),
    async (c) => {
      const verdict = await visitorLimit?.admit(c);
      if (verdict && !verdict.allowed)
        return c.text('Too many requests', 429, { ...noStore, 'Retry-After': String(verdict.retryAfterSeconds) });
      const beacon = parseBeacon(await c.req.text());
      if (!beacon) return c.text('Not a beacon', 400, noStore);
      const configured = config();
      const pointers = await releases.all(configured);
      const minute = minuteOf(Date.now());
      for (const [app, version] of Object.entries(beacon.releases) as [RemoteName, string][]) {
        // A pointer that cannot be read this moment (slow, or mid-upload) is the one read last.
        const pointer = pointers[app] ?? releases.lastGood(configured.releases?.[app]);
        if (!pointer || ![pointer.live, pointer.canary?.version, pointer.previous].includes(version)) continue;
        if (await store.add(app, version, minute, countsOfView(beacon))) counted?.(app, version, beacon);
      }
      return c.body(null, 204, noStore);
    },
  );
  return app;
}
