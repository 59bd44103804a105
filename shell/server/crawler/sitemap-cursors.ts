import { createHmac, timingSafeEqual } from 'node:crypto';

/** The API's crawler listings a sitemap part is read from. */
export type Listing = 'jobs' | 'companies';

/**
 * A sitemap part's cursor as the index writes it: the API's cursor and an HMAC of it (with the
 * listing), `<cursor>.<signature>`. Any other `after` names no part: without it, each made-up
 * cursor would be a 10,000-row read of the API.
 */
export function cursorSigner(key: string) {
  const signature = (listing: Listing, cursor: string) =>
    createHmac('sha256', key)
      .update(`sitemap-part|${listing}|${cursor}`)
      .digest()
      .subarray(0, 16)
      .toString('base64url');
  return {
    sign: (listing: Listing, cursor: string) => `${cursor}.${signature(listing, cursor)}`,
    /** The API's cursor in a signed `after`; null when the shell did not write it. */
    read(listing: Listing, after: string): string | null {
      const match = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{22})$/.exec(after);
      if (!match?.[1] || !match[2]) return null;
      const expected = Buffer.from(signature(listing, match[1]));
      const given = Buffer.from(match[2]);
      return given.length === expected.length && timingSafeEqual(given, expected) ? match[1] : null;
    },
  };
}
