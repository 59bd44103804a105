import ipaddr from 'ipaddr.js';

/**
 * Whether the board may connect to an IP address on a third party's word (a vendor's redirect, a
 * company's site): only an address the public internet routes to. Refused: private networks,
 * loopback, link-local (the clouds' metadata service, 169.254.169.254), carrier-grade NAT
 * (Alibaba's metadata, 100.100.100.200), unique-local IPv6 (AWS's fd00:ec2::254), the unspecified
 * address (0.0.0.0 and :: reach this machine), multicast, broadcast and reserved ranges, and the
 * IPv6 forms that carry an IPv4 address: IPv4-compatible `::a.b.c.d` (`::7f00:1`, deprecated, no
 * host has one), NAT64 (`64:ff9b::/96`, `64:ff9b:1::/48`), 6to4, Teredo and IPv4-translated,
 * whichever address they carry; an ISATAP interface (`…:5efe:a.b.c.d`) and the mapped form
 * (`::ffff:a.b.c.d`) are judged by the IPv4 address they carry. ipaddr.js names the ranges; only
 * its `unicast` is public.
 */
export function isPublicAddress(address: string): boolean {
  // An IPv6 literal as a URL writes it, and a zone (`fe80::1%eth0`), are read without their marks.
  const text = address.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  if (!ipaddr.isValid(text)) return false;
  if (!text.includes(':')) return ipaddr.process(text).range() === 'unicast';
  // Written as a URL writes it first: ipaddr.js reads `::a.b.c.d` as if it were `::ffff:a.b.c.d`.
  const written = URL.canParse(`http://[${text}]/`) ? bareHost(new URL(`http://[${text}]/`).hostname) : null;
  if (written === null || !ipaddr.IPv6.isValid(written)) return false;
  const ip = ipaddr.IPv6.parse(written);
  const { parts } = ip;
  const embedded = ipaddr.fromByteArray(ip.toByteArray().slice(12)).toString();
  // IPv4-compatible (the first 96 bits zero), `::` and `::1` among them.
  if (parts.slice(0, 6).every((part) => part === 0)) return false;
  // ISATAP: the interface `0:5efe` or `200:5efe`, then an IPv4 address.
  if ((parts[4] === 0 || parts[4] === 0x200) && parts[5] === 0x5efe && !isPublicAddress(embedded)) return false;
  // `process` reads an IPv4-mapped IPv6 address as the IPv4 address it maps.
  return ipaddr.process(written).range() === 'unicast';
}

/** A host as a URL's `hostname` gives it, without an IPv6 literal's brackets, in lower case. */
export const bareHost = (hostname: string): string => hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();

/**
 * Exact `host:port` exceptions (an operator's own configuration: `127.0.0.1:18600`, `[::1]:8080`),
 * normalized as the connection will name them; an entry that does not parse is left out.
 */
export function hostPortSet(entries: readonly string[]): Set<string> {
  const set = new Set<string>();
  for (const entry of entries) {
    const text = entry.trim();
    if (!text) continue;
    try {
      const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`);
      const port = url.port || (url.protocol === 'https:' ? '443' : '80');
      set.add(`${bareHost(url.hostname)}:${port}`);
    } catch {
      // not a host:port: no exception
    }
  }
  return set;
}
