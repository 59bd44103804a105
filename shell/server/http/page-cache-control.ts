/**
 * What a page's bytes depend on besides its address (a CDN keys pages on the full URL and these).
 * Never the device: one page serves every screen, laid out by CSS alone. With releases, the page
 * also depends on the visitor's release cookie: `Cookie` tells a cache that honours Vary to keep
 * pages apart by it (README, Deploy: a CDN keys on that one cookie).
 */
const pageVary = 'Accept-Encoding';
const pageVaryWithReleases = `${pageVary}, Cookie`;

/** The page's Vary header: with `Cookie` while the config names releases. */
export const pageVaryHeader = (withReleases: boolean) => (withReleases ? pageVaryWithReleases : pageVary);

/**
 * Who may keep a page, and how long:
 * - `ok`: a CDN keeps it 5 s, and never sends it stale: with the release pointer read every 5 s,
 *   a promotion or rollback reaches every new page load within 10 s, through a CDN too; a browser
 *   revalidates every time;
 * - `missing`: a 404 (or a closed job's 410) is kept briefly;
 * - `unrendered`: a page sent without its content (the API or a remote failed, or was too slow)
 *   is the page a visitor can use, but not the page it should be: no shared cache keeps it;
 * - `preview`: a page asking for a previewed remote is one person's, kept by no one.
 */
export const pageCacheControl = {
  ok: 'public, max-age=0, s-maxage=5',
  missing: 'public, max-age=0, s-maxage=10',
  unrendered: 'no-cache',
  preview: 'private, no-store',
  /** Sent unrendered because its visitor is over the limit: that visitor's, kept by no one. */
  limited: 'private, no-store',
  /**
   * `assigned`: a page that gives a new visitor their releases while a canary runs (it sets their
   * cookie): one visitor's, so no shared cache keeps it, and a canary page never reaches a visitor
   * on the live release (or the other way round) through a cache.
   */
  assigned: 'private, no-cache',
} as const;

/** How a page went out: what decides who may keep it. */
export interface SentPage {
  /** Its visitor is over the limit (visitor-limit.ts). */
  limited: boolean;
  /** It asks for a previewed remote. */
  preview: boolean;
  /** It should have been rendered, or read from the API, and was not. */
  unrendered: boolean;
  status: number;
}

/** The page's Cache-Control: over the limit, then a preview, then unrendered, else by its status. */
export function pageCacheControlOf({ limited, preview, unrendered, status }: SentPage): string {
  if (limited) return pageCacheControl.limited;
  if (preview) return pageCacheControl.preview;
  if (unrendered) return pageCacheControl.unrendered;
  return status === 404 || status === 410 ? pageCacheControl.missing : pageCacheControl.ok;
}
