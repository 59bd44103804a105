// @vitest-environment node
import { memoryHealthStore } from '@board/shared/lib/health-store';
import { describe, expect, it } from 'vitest';
import { ReleasePointers } from '../remotes/release-pointers';
import { beaconPath, beaconRoute } from './beacon-route';
import { beaconKit, beaconTestConfig, testPointer, testView as view } from './beacon-test-kit';
import { viewAttribution } from './view-attribution';

describe('POST /__beacon', () => {
  it('counts a view for its release, per minute, and answers the next view’s token, kept by no one', async () => {
    const { token, send, counts, counted } = beaconKit();
    const response = await send({ ...view, token: await token('listings:v2') });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { token: next } = (await response.json()) as { token: string };
    // A client-side route is a view of its own, counted with the token the last beacon's answer carried.
    expect((await send({ releases: { listings: 'v2' }, errors: [], token: next })).status).toBe(200);
    expect((await send({ releases: { listings: 'v1' }, errors: [], token: await token() })).status).toBe(200);
    expect(await counts('v2')).toMatchObject({ views: 2, errors: 1, 'error:uncaught': 1, 'lcp:7': 1 });
    expect(await counts('v1')).toEqual({ views: 1 });
    expect(counted).toEqual(['listings:v2:uncaught', 'listings:v2:', 'listings:v1:']);
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
    ['a token that is not text', { ...view, token: 12 }],
  ])('refuses %s whole with a 400, counting nothing', async (_, body) => {
    const { send, counts } = beaconKit();
    expect((await send(body)).status).toBe(400);
    expect(await counts('v2')).toEqual({});
  });

  it('refuses more than 1 KB with a 413', async () => {
    const { send } = beaconKit();
    expect((await send(`{"releases":{"listings":"v2"},"errors":[],"pad":"${'x'.repeat(1100)}"}`)).status).toBe(413);
  });

  it('counts only releases the pointer names: a stale tab or an invented version adds nothing', async () => {
    const { attribution, send, counts } = beaconKit();
    const stale = { releases: { listings: 'v9' } };
    expect((await send({ ...view, ...stale, token: attribution.issue(stale.releases) })).status).toBe(200);
    expect(await counts('v9')).toEqual({});
    const previous = { releases: { listings: 'v0' } };
    expect((await send({ ...view, ...previous, token: attribution.issue(previous.releases) })).status).toBe(200);
    expect((await counts('v0')).views).toBe(1);
  });

  it('is metered by the visitor limit, the tokens too', async () => {
    const { attribution, token, send, counts } = beaconKit({ limit: { max: 3 } });
    const first = await token('listings:v2');
    const statuses = [];
    for (const body of [
      { ...view, token: first },
      { ...view, token: attribution.issue({ listings: 'v2' }) },
      { ...view, token: attribution.issue({ listings: 'v2' }) },
    ])
      statuses.push((await send(body)).status);
    expect(statuses).toEqual([200, 200, 429]);
    expect((await counts('v2')).views).toBe(2);
  });
});

describe('POST /__beacon/token', () => {
  it('issues a token for the releases the visitor’s cookie keeps, else live; none without releases', async () => {
    const { token, send, counts } = beaconKit();
    expect((await send({ ...view, releases: { listings: 'v1' }, token: await token() })).status).toBe(200);
    expect((await send({ ...view, releases: { listings: 'v1' }, token: await token('listings:v7') })).status).toBe(200);
    expect((await counts('v1')).views).toBe(2);
    const unreleased = beaconRoute({
      config: () => ({ ...beaconTestConfig, releases: {} }),
      releases: new ReleasePointers(),
      store: memoryHealthStore(),
      attribution: viewAttribution(),
    });
    const response = await unreleased.request('/__beacon/token', { method: 'POST' });
    expect([response.status, response.headers.get('cache-control')]).toEqual([204, 'no-store']);
  });
});

describe('POST /__beacon when the pointer cannot be read', () => {
  it('counts against the pointer read last', async () => {
    let up = true;
    const store = memoryHealthStore();
    const attribution = viewAttribution();
    const releases = new ReleasePointers({
      ttlMs: 0,
      fetch: async () => (up ? new Response(JSON.stringify(testPointer)) : new Response('', { status: 503 })),
    });
    const app = beaconRoute({ config: () => beaconTestConfig, releases, store, attribution });
    const send = () =>
      app.request(beaconPath, {
        method: 'POST',
        body: JSON.stringify({ ...view, token: attribution.issue({ listings: 'v2' }) }),
      });
    await send();
    up = false;
    await send();
    const minute = Math.floor(Date.now() / 60_000);
    expect((await store.read('listings', 'v2', minute - 1, minute)).views).toBe(2);
  });
});
