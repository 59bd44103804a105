import type { Job } from '@board/shared/api/job';
import { escapeXml } from '../http/html-escape';

/**
 * robots.txt, the sitemap (split into an index past the protocol's 50,000 URLs) and Atom feeds,
 * as pure functions of what the API listed. Every value is escaped.
 */
export const sitemapUrlLimit = 50_000;

/** The Atom feed of the whole board, or of one workspace's. */
export const feedPath = (workspaceSlug: string | null) =>
  workspaceSlug ? `/${encodeURIComponent(workspaceSlug)}/feed.xml` : '/feed.xml';

export interface SitemapEntry {
  /** Absolute URL. */
  loc: string;
  /** ISO date-time of the last change, when known. */
  lastmod?: string | null;
}

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${new URL('/sitemap.xml', siteUrl).href}\n`;
}

const xmlDeclaration = '<?xml version="1.0" encoding="UTF-8"?>\n';
const sitemapNamespace = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** One `<url>` of a urlset. */
export function sitemapUrl(entry: SitemapEntry): string {
  return `<url><loc>${escapeXml(entry.loc)}</loc>${entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : ''}</url>`;
}

/** A urlset is written a page at a time: its opening, its `<url>`s, its close. */
export const urlsetStart = `${xmlDeclaration}<urlset xmlns="${sitemapNamespace}">\n`;
export const urlsetEnd = '</urlset>\n';

export function sitemapIndexXml(sitemaps: SitemapEntry[]): string {
  const items = sitemaps.map(
    (entry) =>
      `<sitemap><loc>${escapeXml(entry.loc)}</loc>${entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : ''}</sitemap>`,
  );
  return `${xmlDeclaration}<sitemapindex xmlns="${sitemapNamespace}">\n${items.join('\n')}\n</sitemapindex>\n`;
}

/** The newest date of a list (ISO strings compare as dates when they are all UTC `toISOString()`s). */
function newest(dates: (string | null | undefined)[]): string | null {
  let latest: number | null = null;
  for (const date of dates) {
    const time = date ? Date.parse(date) : Number.NaN;
    if (!Number.isNaN(time) && (latest === null || time > latest)) latest = time;
  }
  return latest === null ? null : new Date(latest).toISOString();
}

export interface AtomFeed {
  title: string;
  /** Absolute URL of the feed itself. */
  selfUrl: string;
  /** Absolute URL of the page the feed follows. */
  pageUrl: string;
  siteUrl: string;
  jobs: Job[];
  /** When there is no job to date the feed by. */
  fallbackUpdated: string;
}

/** An Atom 1.0 feed of jobs, newest first (RFC 4287: id, title, updated on the feed and each entry). */
export function atomFeed(feed: AtomFeed): string {
  const updated = newest(feed.jobs.map((job) => job.postedAt)) ?? feed.fallbackUpdated;
  const entries = feed.jobs.map((job) => {
    const url = new URL(`/job/${encodeURIComponent(job.id)}`, feed.siteUrl).href;
    const date = newest([job.postedAt]) ?? updated;
    const facts = [job.location, job.salary].filter(Boolean).join(' · ');
    const summary = [facts, job.description].filter(Boolean).join('. ');
    return [
      '<entry>',
      `<id>${escapeXml(url)}</id>`,
      `<title>${escapeXml(`${job.title || 'Job'} at ${job.company}`)}</title>`,
      `<link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
      `<published>${date}</published>`,
      `<updated>${date}</updated>`,
      `<author><name>${escapeXml(job.company)}</name></author>`,
      `<summary>${escapeXml(summary)}</summary>`,
      '</entry>',
    ].join('');
  });
  return [
    `${xmlDeclaration}<feed xmlns="http://www.w3.org/2005/Atom">`,
    `<id>${escapeXml(feed.pageUrl)}</id>`,
    `<title>${escapeXml(feed.title)}</title>`,
    `<updated>${updated}</updated>`,
    `<link rel="self" type="application/atom+xml" href="${escapeXml(feed.selfUrl)}"/>`,
    `<link rel="alternate" type="text/html" href="${escapeXml(feed.pageUrl)}"/>`,
    ...entries,
    '</feed>\n',
  ].join('\n');
}
