import { isIP } from 'node:net';

/** "::ffff:10.0.0.1" (IPv4 on an IPv6 socket) is 10.0.0.1; anything else is kept as written, lower case. */
function normalise(address: string): string {
  const trimmed = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(trimmed);
  return mapped?.[1] ?? trimmed;
}

/**
 * The client's address: the TCP peer, unless the peer is one of the configured trusted proxies
 * (TRUSTED_PROXIES). Then X-Forwarded-For is read from the right (each proxy appends the address
 * it saw), skipping trusted proxies: the first address no trusted proxy vouches for is the client.
 * A client cannot choose its own address by sending the header: only a trusted peer's header counts.
 */
export function resolveClientAddress(
  peer: string | undefined,
  forwardedFor: string | undefined,
  trustedProxies: readonly string[],
): string | undefined {
  if (!peer) return undefined;
  const trusted = new Set(trustedProxies.map(normalise));
  let client = normalise(peer);
  if (!trusted.has(client) || !forwardedFor) return client;
  const hops = forwardedFor.split(',').map(normalise).filter(Boolean);
  for (let index = hops.length - 1; index >= 0; index--) {
    const hop = hops[index] ?? '';
    if (!isIP(hop)) return client;
    client = hop;
    if (!trusted.has(hop)) return client;
  }
  return client;
}

/**
 * The key rate limits count by: the IPv4 address, or the /64 network of an IPv6 address (one
 * subscriber usually holds a whole /64, so counting single IPv6 addresses limits nothing).
 */
export function clientKey(address: string | undefined): string {
  if (!address) return 'unknown';
  const normalised = normalise(address);
  if (isIP(normalised) !== 6) return normalised;
  const [head = '', tail = ''] = normalised.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = normalised.includes('::')
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group || '0', 16).toString(16))
    .join(':')}::/64`;
}
