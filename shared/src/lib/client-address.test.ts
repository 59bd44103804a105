import { describe, expect, it } from 'vitest';
import { clientKey, resolveClientAddress } from './client-address';

describe('resolveClientAddress', () => {
  it.each([
    ['no proxy configured: the peer, whatever the header says', '203.0.113.9', '1.2.3.4', [], '203.0.113.9'],
    [
      'a peer that is not a trusted proxy cannot choose its address',
      '203.0.113.9',
      '1.2.3.4',
      ['10.0.0.1'],
      '203.0.113.9',
    ],
    ['behind a trusted proxy: the address it appended', '10.0.0.1', '198.51.100.5', ['10.0.0.1'], '198.51.100.5'],
    [
      'a client forging the header gets the address the proxy saw',
      '10.0.0.1',
      '1.2.3.4, 198.51.100.5',
      ['10.0.0.1'],
      '198.51.100.5',
    ],
    ['two trusted proxies are skipped', '10.0.0.1', '198.51.100.5, 10.0.0.2', ['10.0.0.1', '10.0.0.2'], '198.51.100.5'],
    ['a garbled hop ends the walk', '10.0.0.1', 'nonsense', ['10.0.0.1'], '10.0.0.1'],
    ['IPv4 on an IPv6 socket', '::ffff:10.0.0.1', '198.51.100.5', ['10.0.0.1'], '198.51.100.5'],
    ['a trusted proxy without the header', '10.0.0.1', undefined, ['10.0.0.1'], '10.0.0.1'],
  ])('%s', (_case, peer, header, trusted, expected) => {
    expect(resolveClientAddress(peer, header, trusted)).toBe(expected);
  });
});

describe('clientKey', () => {
  it.each([
    ['198.51.100.5', '198.51.100.5'],
    ['::ffff:198.51.100.5', '198.51.100.5'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:DB8:0001:0002::ffff', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
    [undefined, 'unknown'],
  ])('%s counts as %s', (address, key) => {
    expect(clientKey(address)).toBe(key);
  });
});
