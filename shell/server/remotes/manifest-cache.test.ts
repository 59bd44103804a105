import { describe, expect, it, vi } from 'vitest';
import { serveOrigin } from '../test/test-origin';
import { ManifestCache } from './manifest-cache';

const url = 'https://cdn.example.test/listings/mf-manifest.json';
const answer = (body: unknown, status = 200) => new Response(JSON.stringify(body, null, 2), { status });

describe('ManifestCache', () => {
  it('fetches a manifest once per time-to-live, and again after it', async () => {
    const fetchImpl = vi.fn(async () => answer({ name: 'board_listings' }));
    const cache = new ManifestCache({ ttlMs: 5_000, fetch: fetchImpl });
    expect((await cache.get(url, 0))?.text).toBe('{"name":"board_listings"}');
    await cache.get(url, 4_999);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    fetchImpl.mockResolvedValueOnce(answer({ name: 'board_listings', v: 2 }));
    expect((await cache.get(url, 5_000))?.text).toBe('{"name":"board_listings","v":2}');
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('gives null, never an error, for a remote that is down, answers an error or sends no JSON', async () => {
    const down = new ManifestCache({ fetch: async () => Promise.reject(new TypeError('fetch failed')) });
    expect(await down.get(url)).toBeNull();
    const failing = new ManifestCache({ fetch: async () => answer({}, 503) });
    expect(await failing.get(url)).toBeNull();
    const garbage = new ManifestCache({ fetch: async () => new Response('<html>') });
    expect(await garbage.get(url)).toBeNull();
  });

  it('reads a manifest where it is configured only: a redirect, to another origin or its own, gives null', async () => {
    const manifest = JSON.stringify({ name: 'board_listings', metaData: { remoteEntry: { name: 'remoteEntry.js' } } });
    const other = await serveOrigin((_request, response) => response.end(manifest));
    const listings = await serveOrigin((request, response) => {
      if (request.url === '/moved.json') return response.end(manifest);
      response.writeHead(302, { Location: request.url === '/away.json' ? `${other.origin}/m.json` : '/moved.json' });
      response.end();
    });
    try {
      const cache = new ManifestCache();
      expect(await cache.get(`${listings.origin}/away.json`)).toBeNull();
      expect(await cache.get(`${listings.origin}/here.json`)).toBeNull();
      expect(other.requests).toEqual([]);
      expect(listings.requests).not.toContain('/moved.json');
    } finally {
      await Promise.all([other.close(), listings.close()]);
    }
  });

  it('gives up on a remote that does not answer in time', async () => {
    const hanging = new ManifestCache({
      timeoutMs: 20,
      fetch: (_input, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    });
    expect(await hanging.get(url)).toBeNull();
  });
});
