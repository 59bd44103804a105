import { createRuntimeConfig } from '@board/shared/test/render';
import { beforeEach, describe, expect, it } from 'vitest';
import { decidePreview, previewStorageKey, resolvePreview } from './preview';

const staging = createRuntimeConfig({ environment: 'staging', previewOrigins: ['https://previews.example'] });
const local = createRuntimeConfig({ environment: 'local', previewOrigins: ['http://127.0.0.1:8091'] });
const production = createRuntimeConfig({ environment: 'production', previewOrigins: [] });

describe('decidePreview', () => {
  it.each([
    ['an allowed https origin', staging, 'listings', 'https://previews.example/pr-12/mf-manifest.json', 'accepted'],
    [
      'the same origin with a default port spelled out',
      staging,
      'apply',
      'https://previews.example:443/x/mf-manifest.json',
      'accepted',
    ],
    [
      'a look-alike host (prefix match)',
      staging,
      'listings',
      'https://previews.example.evil.test/mf-manifest.json',
      'refused',
    ],
    ['userinfo trickery', staging, 'listings', 'https://previews.example@evil.test/mf-manifest.json', 'refused'],
    ['another port', staging, 'listings', 'https://previews.example:8443/mf-manifest.json', 'refused'],
    ['http on staging', staging, 'listings', 'http://previews.example/mf-manifest.json', 'refused'],
    ['http locally', local, 'static', 'http://127.0.0.1:8091/mf-manifest.json', 'accepted'],
    ['anything in production', production, 'listings', 'https://previews.example/mf-manifest.json', 'refused'],
    ['an unknown remote', staging, 'shell', 'https://previews.example/mf-manifest.json', 'refused'],
    ['a URL that does not parse', staging, 'listings', 'not a url', 'refused'],
    ['javascript:', local, 'listings', 'javascript:alert(1)', 'refused'],
  ])('%s -> %s', (_case, config, remote, manifest, kind) => {
    expect(decidePreview(config, remote, manifest).kind).toBe(kind);
  });

  it('does nothing without parameters', () => {
    expect(decidePreview(staging, null, null)).toEqual({ kind: 'none' });
  });
});

describe('resolvePreview', () => {
  beforeEach(() => sessionStorage.clear());

  it('swaps the previewed remote in, and remembers it for the session', () => {
    const { decision, remotes } = resolvePreview(
      staging,
      '?preview_remote=listings&preview_manifest=https://previews.example/pr-1/mf-manifest.json',
      sessionStorage,
    );
    expect(decision.kind).toBe('accepted');
    expect(remotes.listings).toBe('https://previews.example/pr-1/mf-manifest.json');
    expect(remotes.apply).toBe(staging.remotes.apply);
    expect(resolvePreview(staging, '', sessionStorage).remotes.listings).toBe(
      'https://previews.example/pr-1/mf-manifest.json',
    );
  });

  it('drops a stored preview the config no longer allows', () => {
    sessionStorage.setItem(
      previewStorageKey,
      JSON.stringify({ remote: 'listings', manifest: 'https://old.example/mf-manifest.json' }),
    );
    const { decision, remotes } = resolvePreview(staging, '', sessionStorage);
    expect(decision.kind).toBe('none');
    expect(remotes).toEqual(staging.remotes);
    expect(sessionStorage.getItem(previewStorageKey)).toBeNull();
  });

  it('ignores a refused preview and keeps the configured remotes', () => {
    const { decision, remotes } = resolvePreview(
      staging,
      '?preview_remote=listings&preview_manifest=https://evil.test/m.json',
      sessionStorage,
    );
    expect(decision.kind).toBe('refused');
    expect(remotes).toEqual(staging.remotes);
  });
});

describe('a preview of a published release', () => {
  const withReleases = createRuntimeConfig({
    environment: 'staging',
    previewOrigins: [],
    remotes: {
      listings: 'https://cdn.example/listings/mf-manifest.json',
      apply: 'https://cdn.example/apply/mf-manifest.json',
      static: 'https://cdn.example/static/mf-manifest.json',
    },
    releases: { listings: 'https://cdn.example/listings/releases/pointer.json' },
  });

  it('loads the release from the remote’s own store, in every environment but production', () => {
    expect(decidePreview(withReleases, 'listings', null, '20261124T101010.000Z-abc')).toEqual({
      kind: 'accepted',
      preview: {
        remote: 'listings',
        manifest: 'https://cdn.example/listings/releases/20261124T101010.000Z-abc/mf-manifest.json',
        origin: 'https://cdn.example',
        version: '20261124T101010.000Z-abc',
      },
    });
  });

  it.each([
    ['a remote without releases', 'apply', 'v1', 'apply has no releases here.'],
    ['a version that is a path', 'listings', '../../elsewhere', '"../../elsewhere" is not a release version.'],
  ])('refuses %s', (_case, remote, version, reason) => {
    expect(decidePreview(withReleases, remote, null, version)).toEqual({ kind: 'refused', reason });
  });

  it('is refused in production, whatever the version (a rolled-back or never-promoted release included)', () => {
    const production = { ...withReleases, environment: 'production' as const };
    for (const version of ['20261124T101010.000Z-abc', 'v7'])
      expect(decidePreview(production, 'listings', null, version)).toEqual({
        kind: 'refused',
        reason: 'Releases are not previewed in production: preview it on staging, or run a canary.',
      });
    // A preview remembered in the tab is dropped too: the configured release is loaded.
    sessionStorage.clear();
    sessionStorage.setItem('board:preview', JSON.stringify({ remote: 'listings', version: 'v7' }));
    const { decision, remotes } = resolvePreview(production, '', sessionStorage);
    expect(decision.kind).toBe('none');
    expect(remotes.listings).toBe('https://cdn.example/listings/mf-manifest.json');
    expect(sessionStorage.getItem('board:preview')).toBeNull();
  });

  it('is remembered for the session by its version', () => {
    sessionStorage.clear();
    resolvePreview(withReleases, '?preview_remote=listings&preview_version=v7', sessionStorage);
    const { decision, remotes } = resolvePreview(withReleases, '', sessionStorage);
    expect(decision.kind === 'accepted' && decision.preview.version).toBe('v7');
    expect(remotes.listings).toBe('https://cdn.example/listings/releases/v7/mf-manifest.json');
  });
});
