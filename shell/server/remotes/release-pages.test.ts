import type { ReleasePointer } from '@board/shared/config/release-pointer';
import type { RuntimeConfig } from '@board/shared/config/runtime-config';
import { describe, expect, it } from 'vitest';
import { ApiReader } from '../reader/api-reader';
import { createShellServer, pageCacheControl } from '../shell-server';
import { fakeApiFetch } from '../test/fake-api';
import { tempDists } from '../test/temp-dist';
import { ManifestCache } from './manifest-cache';
import { ReleasePointers } from './release-pointers';

const listingsOrigin = 'http://127.0.0.1:9002';
const config = {
  environment: 'test',
  apiBaseUrl: 'http://127.0.0.1:9000',
  siteUrl: 'http://127.0.0.1:9001',
  remotes: {
    listings: `${listingsOrigin}/mf-manifest.json`,
    apply: 'http://127.0.0.1:9003/mf-manifest.json',
    static: 'http://127.0.0.1:9004/mf-manifest.json',
  },
  previewOrigins: [],
  releases: { listings: `${listingsOrigin}/releases/pointer.json` },
} as unknown as RuntimeConfig;

const dist = tempDists({
  'index.html': '<html><head><title>Foundry Jobs</title></head><body></body></html>',
});

/** The listings store: the pointer a test sets, and a manifest for every release. */
function releasesApp(random: () => number) {
  let pointer: ReleasePointer = { live: 'v1', previous: null, canary: null };
  const manifestRequests: string[] = [];
  const app = createShellServer({
    distDir: dist(),
    config: () => config,
    mode: 'assemble',
    random,
    keepPagesMs: 0,
    releases: new ReleasePointers({
      ttlMs: 0,
      fetch: async () => new Response(JSON.stringify(pointer), { headers: { 'Content-Type': 'application/json' } }),
    }),
    manifests: new ManifestCache({
      fetch: async (input) => {
        manifestRequests.push(String(input));
        return new Response(
          JSON.stringify({ metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js' } } }),
        );
      },
    }),
    pageApi: new ApiReader({ fetch: fakeApiFetch({}) }),
    listApi: new ApiReader({ fetch: fakeApiFetch({}) }),
    log: () => {},
  });
  return {
    app,
    manifestRequests,
    setPointer: (next: ReleasePointer) => {
      pointer = next;
    },
  };
}

const releaseOf = (html: string) => /releases\/([^/]+)\/mf-manifest\.json/.exec(html)?.[1];

describe('pages of remotes with releases', () => {
  it('carry the live release without a cookie while no canary runs, and stay cacheable', async () => {
    const { app, manifestRequests } = releasesApp(() => 0);
    const response = await app.request('/');
    expect(response.headers.get('X-Board-Releases')).toBe('listings=v1, apply=unreleased, static=unreleased');
    expect(response.headers.get('Cache-Control')).toBe(pageCacheControl.ok);
    expect(response.headers.get('Set-Cookie')).toBeNull();
    expect(response.headers.get('Vary')).toContain('Cookie');
    // The server reads the release's manifest, and hands the browser the same address.
    expect(manifestRequests).toContain(`${listingsOrigin}/releases/v1/mf-manifest.json`);
    expect(releaseOf(await response.text())).toBe('v1');
  });

  it('give a new visitor their release while a canary runs, privately, and keep it for them', async () => {
    const { app, setPointer } = releasesApp(() => 0.3);
    setPointer({ live: 'v1', previous: null, canary: { version: 'v2', percent: 50 } });
    const first = await app.request('/');
    expect(first.headers.get('Set-Cookie')).toBe('board_release=listings:v2; Path=/; Max-Age=86400; SameSite=Lax');
    expect(first.headers.get('Cache-Control')).toBe(pageCacheControl.assigned);
    expect(releaseOf(await first.text())).toBe('v2');
    // Back with the cookie: the same release, and a page a CDN may keep (keyed on the cookie).
    const again = await app.request('/', { headers: { Cookie: 'board_release=listings:v2' } });
    expect(again.headers.get('Set-Cookie')).toBeNull();
    expect(again.headers.get('Cache-Control')).toBe(pageCacheControl.ok);
    expect(again.headers.get('X-Board-Releases')).toContain('listings=v2');
    // A visitor given live keeps live, whatever the draw.
    const onLive = await app.request('/', { headers: { Cookie: 'board_release=listings:v1' } });
    expect(releaseOf(await onLive.text())).toBe('v1');
  });

  it('move every visitor off a version that is no longer live or the canary', async () => {
    const { app, setPointer } = releasesApp(() => 0.99);
    setPointer({ live: 'v1', previous: 'v2', canary: null });
    const response = await app.request('/', { headers: { Cookie: 'board_release=listings:v2' } });
    expect(response.headers.get('X-Board-Releases')).toContain('listings=v1');
  });

  it('fall back to the configured address when the pointer cannot be read', async () => {
    const app = createShellServer({
      distDir: dist(),
      config: () => config,
      mode: 'assemble',
      releases: new ReleasePointers({ fetch: async () => new Response('nope', { status: 404 }) }),
      manifests: new ManifestCache({ fetch: async () => new Response('{}') }),
      pageApi: new ApiReader({ fetch: fakeApiFetch({}) }),
      listApi: new ApiReader({ fetch: fakeApiFetch({}) }),
      log: () => {},
    });
    const response = await app.request('/');
    expect(response.headers.get('X-Board-Releases')).toBe('listings=unreleased, apply=unreleased, static=unreleased');
    expect(await response.text()).toContain(`${listingsOrigin}/mf-manifest.json`);
  });
});

describe('ReleasePointers', () => {
  it('reads a pointer at most every ttl, and tells who listens when live or the canary changed', async () => {
    let pointer: ReleasePointer = { live: 'v1', previous: null, canary: null };
    let reads = 0;
    const pointers = new ReleasePointers({
      ttlMs: 5_000,
      fetch: async () => {
        reads++;
        return new Response(JSON.stringify(pointer));
      },
    });
    const changes: string[] = [];
    pointers.onChange((_url, read) => changes.push(`${read.live}/${read.canary?.version ?? '-'}`));
    const url = `${listingsOrigin}/releases/pointer.json`;
    expect(await pointers.get(url, 0)).toMatchObject({ live: 'v1' });
    pointer = { live: 'v2', previous: 'v1', canary: null };
    expect(await pointers.get(url, 4_999)).toMatchObject({ live: 'v1' });
    expect(await pointers.get(url, 5_000)).toMatchObject({ live: 'v2' });
    expect(await pointers.get(url, 10_000)).toMatchObject({ live: 'v2' });
    expect(reads).toBe(3);
    expect(changes).toEqual(['v1/-', 'v2/-']);
  });

  it('counts a pointer that does not parse as absent', async () => {
    const pointers = new ReleasePointers({
      fetch: async () => new Response(JSON.stringify({ live: '../../x', previous: null, canary: null })),
    });
    expect(await pointers.get(`${listingsOrigin}/releases/pointer.json`)).toBeNull();
  });
});
