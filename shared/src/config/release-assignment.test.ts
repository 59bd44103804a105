import { describe, expect, it } from 'vitest';
import {
  assignReleases,
  chooseVersion,
  parseReleaseCookie,
  readCookie,
  releaseCookie,
  serializeReleaseCookie,
} from './release-assignment';
import type { ReleasePointer } from './release-pointer';

const live: ReleasePointer = { live: 'v1', previous: 'v0', canary: null };
const canary = (percent: number): ReleasePointer => ({
  live: 'v1',
  previous: 'v0',
  canary: { version: 'v2', percent },
});
const always = (value: number) => () => value;

describe('chooseVersion', () => {
  it.each([
    ['a new visitor without a canary gets live', live, undefined, 0, 'v1'],
    ['a new visitor under the canary percent gets the canary', canary(10), undefined, 0.099, 'v2'],
    ['a new visitor at the canary percent gets live', canary(10), undefined, 0.1, 'v1'],
    ['a visitor on the canary keeps it', canary(10), 'v2', 0.99, 'v2'],
    ['a visitor on live keeps it while a canary runs', canary(90), 'v1', 0, 'v1'],
    ['a visitor on a version no longer live or canary is chosen anew', canary(10), 'v0', 0.99, 'v1'],
    ['a visitor on an ended canary goes back to live', live, 'v2', 0, 'v1'],
    ['a 100% canary takes every new visitor', canary(100), undefined, 0.9999, 'v2'],
  ])('%s', (_case, pointer, kept, random, version) => {
    expect(chooseVersion(pointer, kept, always(random))).toBe(version);
  });

  it('gives no version when nothing is live', () => {
    expect(chooseVersion({ live: null, previous: null, canary: null }, 'v1', always(0))).toBeNull();
  });

  it('sends close to the percent of many visitors to the canary', () => {
    let seed = 42;
    // A fixed pseudo-random sequence (a linear congruential generator): the test is deterministic.
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (const percent of [5, 25, 50]) {
      let onCanary = 0;
      for (let visitor = 0; visitor < 10_000; visitor++)
        if (chooseVersion(canary(percent), undefined, random) === 'v2') onCanary++;
      expect(Math.abs(onCanary / 100 - percent)).toBeLessThan(2);
    }
  });
});

describe('assignReleases', () => {
  it('sets no cookie when no canary runs (every visitor gets live: the page stays cacheable)', () => {
    expect(assignReleases({ listings: live, apply: live }, undefined, always(0))).toEqual({
      versions: { listings: 'v1', apply: 'v1' },
      cookie: null,
    });
  });

  it('remembers the choice of a new visitor while a canary runs', () => {
    const assignment = assignReleases({ listings: canary(50), apply: live }, undefined, always(0.2));
    expect(assignment).toEqual({ versions: { listings: 'v2', apply: 'v1' }, cookie: 'listings:v2|apply:v1' });
  });

  it('sets nothing again for a visitor whose cookie already says it', () => {
    const assignment = assignReleases({ listings: canary(50), apply: live }, 'listings:v2|apply:v1', always(0.9));
    expect(assignment).toEqual({ versions: { listings: 'v2', apply: 'v1' }, cookie: null });
  });

  it('leaves out remotes without releases', () => {
    expect(assignReleases({ listings: null }, undefined).versions).toEqual({});
  });
});

describe('the release cookie', () => {
  it('round-trips and drops entries that do not parse', () => {
    expect(parseReleaseCookie(serializeReleaseCookie({ static: 's1', listings: 'v1' }))).toEqual({
      listings: 'v1',
      static: 's1',
    });
    expect(parseReleaseCookie('listings:v1|other:x|apply:../x|static:a:b|')).toEqual({ listings: 'v1' });
    expect(parseReleaseCookie(undefined)).toEqual({});
  });

  it('is read from a Cookie header and written for a day', () => {
    expect(readCookie('a=1; board_release=listings:v1; b=2', 'board_release')).toBe('listings:v1');
    expect(readCookie('a=1', 'board_release')).toBeUndefined();
    expect(releaseCookie({ listings: 'v1' }, true)).toBe(
      'board_release=listings:v1; Path=/; Max-Age=86400; SameSite=Lax; Secure',
    );
  });
});
