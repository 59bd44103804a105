// @vitest-environment node
import type { RuntimeConfig } from '@board/shared/config/runtime-config';
import { memoryHealthStore } from '@board/shared/lib/health-store';
import { describe, expect, it } from 'vitest';
import { visitorLimit } from '../http/visitor-limit';
import { ReleasePointers } from '../remotes/release-pointers';
import { testConfig } from '../test/test-config';
import { beaconPath, beaconRoute } from './beacon-route';

const pointerUrl = 'http://127.0.0.1:9002/releases/pointer.json';
const config = { ...testConfig('http://127.0.0.1:9000'), releases: { listings: pointerUrl } } as RuntimeConfig;
const pointer = { live: 'v1', previous: 'v0', canary: { version: 'v2', percent: 50 } };

function setup(limit?: { max: number }) {
  const store = memoryHealthStore();
  const counted: string[] = [];
  const app = beaconRoute({
    config: () => config,
    releases: new ReleasePointers({ fetch: async () => new Response(JSON.stringify(pointer)) }),
    store,
    ...(limit ? { visitorLimit: visitorLimit({ ...limit, windowSeconds: 60, trustedProxies: [] }) } : {}),
    counted: (app, version, beacon) => counted.push(`${app}:${version}:${beacon.errors.join('+')}`),
  });
  const send = (body: unknown) =>
    app.request(beaconPath, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const counts = async (version: string) => {
    const minute = Math.floor(Date.now() / 60_000);
    return store.read('listings', version, minute - 1, minute);
  };
  return { send, counts, counted };
}

const view = { releases: { listings: 'v2' }, lcp: 850.5, inp: 40, cls: 0.02, errors: ['uncaught'] };

describe('POST /__beacon', () => {
  it('counts a view for its release, per minute, and answers 204 that no one keeps', async () => {
    const { send, counts, counted } = setup();
    const response = await send(view);
    expect(response.status).toBe(204);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await send({ releases: { listings: 'v1' }, errors: [] })).toHaveProperty('status', 204);
    expect(await counts('v2')).toMatchObject({ views: 1, errors: 1, 'error:uncaught': 1, 'lcp:7': 1 });
    expect(await counts('v1')).toEqual({ views: 1 });
    expect(counted).toEqual(['listings:v2:uncaught', 'listings:v1:']);
  });

  it.each([
    ['not JSON', 'views=1'],
    ['free text', { ...view, message: 'TypeError at https://example.test/?email=a@b.c' }],
    ['an address', { ...view, url: '/job/1?q=secret' }],
    ['an unknown error kind', { ...view, errors: ['TypeError: boom'] }],
    ['a vital out of range', { ...view, lcp: -1 }],
    ['a remote that does not exist', { ...view, releases: { jobs: 'v2' } }],
    ['a version that is not one', { ...view, releases: { listings: '../../etc/passwd' } }],
    ['no release', { ...view, releases: {} }],
  ])('refuses %s whole with a 400, counting nothing', async (_, body) => {
    const { send, counts } = setup();
    expect((await send(body)).status).toBe(400);
    expect(await counts('v2')).toEqual({});
  });

  it('refuses more than 1 KB with a 413', async () => {
    const { send } = setup();
    expect((await send(`{"releases":{"listings":"v2"},"errors":[],"pad":"${'x'.repeat(1100)}"}`)).status).toBe(413);
  });

  it('counts only releases the pointer names: a stale tab or an invented version adds nothing', async () => {
    const { send, counts } = setup();
    expect((await send({ ...view, releases: { listings: 'v9' } })).status).toBe(204);
    expect(await counts('v9')).toEqual({});
    expect((await send({ ...view, releases: { listings: 'v0' } })).status).toBe(204);
    expect((await counts('v0')).views).toBe(1);
  });

  it('is metered by the visitor limit', async () => {
    const { send, counts } = setup({ max: 2 });
    const statuses = [];
    for (let index = 0; index < 4; index++) statuses.push((await send(view)).status);
    expect(statuses).toEqual([204, 204, 429, 429]);
    expect((await counts('v2')).views).toBe(2);
  });
});

describe('POST /__beacon when the pointer cannot be read', () => {
  it('counts against the pointer read last', async () => {
    let up = true;
    const store = memoryHealthStore();
    const releases = new ReleasePointers({
      ttlMs: 0,
      fetch: async () => (up ? new Response(JSON.stringify(pointer)) : new Response('', { status: 503 })),
    });
    const app = beaconRoute({ config: () => config, releases, store });
    const send = () => app.request(beaconPath, { method: 'POST', body: JSON.stringify(view) });
    await send();
    up = false;
    await send();
    const minute = Math.floor(Date.now() / 60_000);
    expect((await store.read('listings', 'v2', minute - 1, minute)).views).toBe(2);
  });
});
