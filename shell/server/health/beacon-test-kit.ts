import type { RuntimeConfig } from '@board/shared/config/runtime-config';
import { type HealthStore, memoryHealthStore } from '@board/shared/lib/health-store';
import { visitorLimit } from '../http/visitor-limit';
import { ReleasePointers } from '../remotes/release-pointers';
import { testConfig } from '../test/test-config';
import { beaconPath, beaconRoute, beaconTokenPath } from './beacon-route';
import { type ViewAttributionOptions, viewAttribution } from './view-attribution';

/** A beacon route over a memory store, with listings' pointer at v1 live, v2 canary, v0 previous. */
const pointerUrl = 'http://127.0.0.1:9002/releases/pointer.json';
export const beaconTestConfig = {
  ...testConfig('http://127.0.0.1:9000'),
  releases: { listings: pointerUrl },
} as RuntimeConfig;
export const testPointer = { live: 'v1', previous: 'v0', canary: { version: 'v2', percent: 50 } };

export const testView = { releases: { listings: 'v2' }, lcp: 850.5, inp: 40, cls: 0.02, errors: ['uncaught'] };

export interface BeaconKitOptions {
  limit?: { max: number };
  attribution?: ViewAttributionOptions;
  pointer?: () => unknown;
  store?: HealthStore;
}

/** A request from `address` (the TCP peer), as Node's server hands it over. */
const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

export function beaconKit({
  limit,
  attribution: tuned = {},
  pointer = () => testPointer,
  store,
}: BeaconKitOptions = {}) {
  const health = store ?? memoryHealthStore();
  const counted: string[] = [];
  const attribution = viewAttribution({ secret: 'a-test-secret-of-the-views', ...tuned });
  const app = beaconRoute({
    config: () => beaconTestConfig,
    releases: new ReleasePointers({ ttlMs: 0, fetch: async () => new Response(JSON.stringify(pointer())) }),
    store: health,
    attribution,
    ...(limit ? { visitorLimit: visitorLimit({ ...limit, windowSeconds: 60, trustedProxies: [] }) } : {}),
    metrics: {
      beacon: (app, version, errors) => counted.push(`${app}:${version}:${errors.join('+')}`),
      beaconRefused: () => {},
    },
  });
  /** A token as a page's script asks for it, with the visitor's release cookie (none: a live visitor). */
  const token = async (cookie?: string, address = '198.51.100.1') => {
    const response = await app.request(
      beaconTokenPath,
      { method: 'POST', headers: cookie ? { Cookie: `board_release=${cookie}` } : {} },
      from(address),
    );
    return ((await response.json()) as { token: string }).token;
  };
  const send = (body: unknown, address = '198.51.100.1') =>
    app.request(
      beaconPath,
      { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body) },
      from(address),
    );
  const counts = async (version: string) => {
    const minute = Math.floor(Date.now() / 60_000);
    return health.read('listings', version, minute - 1, minute);
  };
  return { app, attribution, token, send, counts, counted, store: health };
}
