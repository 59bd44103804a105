import { createRuntimeConfig } from '@board/shared/test/render';
import { describe, expect, it } from 'vitest';
import { chooseBrowserReleases } from './browser-releases';

const config = createRuntimeConfig({
  remotes: {
    listings: 'https://cdn.example/listings/mf-manifest.json',
    apply: 'https://cdn.example/apply/mf-manifest.json',
    static: 'https://cdn.example/static/mf-manifest.json',
  },
  releases: { listings: 'https://cdn.example/listings/releases/pointer.json' },
});

const pointerAnswer =
  (pointer: unknown): typeof fetch =>
  async () =>
    new Response(JSON.stringify(pointer), { headers: { 'Content-Type': 'application/json' } });

describe('chooseBrowserReleases (a static deployment)', () => {
  it('points a remote with releases at its live release, and sets no cookie without a canary', async () => {
    const jar = { cookie: '' };
    const chosen = await chooseBrowserReleases(
      config,
      jar,
      pointerAnswer({ live: 'v1', previous: null, canary: null }),
      true,
    );
    expect(chosen.remotes).toEqual({
      ...config.remotes,
      listings: 'https://cdn.example/listings/releases/v1/mf-manifest.json',
    });
    expect(jar.cookie).toBe('');
  });

  it('keeps the release the cookie names while it is the canary', async () => {
    const jar = { cookie: 'board_release=listings:v2' };
    const chosen = await chooseBrowserReleases(
      config,
      jar,
      pointerAnswer({ live: 'v1', previous: null, canary: { version: 'v2', percent: 1 } }),
      true,
    );
    expect(chosen.remotes.listings).toBe('https://cdn.example/listings/releases/v2/mf-manifest.json');
    expect(jar.cookie).toBe('board_release=listings:v2');
  });

  it('remembers a new choice while a canary runs', async () => {
    const jar = { cookie: '' };
    await chooseBrowserReleases(
      config,
      jar,
      pointerAnswer({ live: 'v1', previous: null, canary: { version: 'v2', percent: 1 } }),
      false,
    );
    expect(jar.cookie).toMatch(/^board_release=listings:v[12]; Path=\/; Max-Age=86400; SameSite=Lax$/);
  });

  it('falls back to the configured address when the pointer cannot be read', async () => {
    const chosen = await chooseBrowserReleases(
      config,
      { cookie: '' },
      async () => new Response('{}', { status: 404 }),
      true,
    );
    expect(chosen.remotes).toEqual(config.remotes);
  });
});
