import { describe, expect, it } from 'vitest';
import { negotiateEncoding } from './accept-encoding';

describe('negotiateEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0', 'identity'],
    ['gzip; q=0.0, br;q=0', 'identity'],
    ['GZIP;Q=0.5', 'gzip'],
    ['br;q=0.2, gzip;q=0.8', 'gzip'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', 'identity'],
    ['deflate', 'identity'],
    ['gzipped', 'identity'],
  ] as const)('%s -> %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });

  it('offers only what the caller can send', () => {
    expect(negotiateEncoding('br, gzip', ['gzip'])).toBe('gzip');
  });
});
