import { describe, expect, it } from 'vitest';
import { parseReleasePointer, releaseManifestUrl, releaseVersionOf } from './release-pointer';

describe('parseReleasePointer', () => {
  it('accepts a pointer with live, previous and a canary', () => {
    const pointer = { live: 'a1', previous: 'a0', canary: { version: 'b2', percent: 10 }, updatedAt: 'now' };
    expect(parseReleasePointer(pointer)).toEqual(pointer);
  });

  it('accepts the empty pointer of a store nothing was promoted in yet', () => {
    expect(parseReleasePointer({ live: null, previous: null, canary: null })).toEqual({
      live: null,
      previous: null,
      canary: null,
    });
  });

  it.each([
    ['a version that is a path', { live: '../x', previous: null, canary: null }, /live: must be 1-100 letters/],
    ['a missing field', { live: 'a1', canary: null }, /previous/],
    ['a percent past 100', { live: 'a1', previous: null, canary: { version: 'b', percent: 101 } }, /canary\.percent/],
    [
      'a percent of 0 (no canary is null)',
      { live: 'a1', previous: null, canary: { version: 'b', percent: 0 } },
      /percent/,
    ],
    ['a fractional percent', { live: 'a1', previous: null, canary: { version: 'b', percent: 2.5 } }, /percent/],
    ['a canary without live', { live: null, previous: null, canary: { version: 'b', percent: 5 } }, /needs a live/],
    ['a canary that is live', { live: 'b', previous: null, canary: { version: 'b', percent: 5 } }, /not be the live/],
    ['not an object', 'live', /Invalid release pointer/],
  ])('refuses %s', (_case, input, message) => {
    expect(() => parseReleasePointer(input)).toThrowError(message);
  });
});

describe('release addresses', () => {
  const pointer = 'https://cdn.example/listings/releases/pointer.json';

  it('puts a release beside its pointer and reads its version back', () => {
    const manifest = releaseManifestUrl(pointer, 'abc-2026.1');
    expect(manifest).toBe('https://cdn.example/listings/releases/abc-2026.1/mf-manifest.json');
    expect(releaseVersionOf(pointer, manifest)).toBe('abc-2026.1');
  });

  it('never builds an address outside the releases folder', () => {
    expect(() => releaseManifestUrl(pointer, '../../x')).toThrowError(/not a release version/);
    expect(releaseVersionOf(pointer, 'https://cdn.example/listings/mf-manifest.json')).toBeNull();
  });
});
