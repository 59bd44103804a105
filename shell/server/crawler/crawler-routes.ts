import { randomBytes } from 'node:crypto';
import type { ApiClient } from '@board/shared/api/api-client';
import { isWorkspaceSlug } from '@board/shared/api/board-id';
import {
  boardSummaryQuery,
  type CrawlPage,
  crawlJobsQuery,
  crawlOrganizationsQuery,
  newestJobsQuery,
  organizationCountQuery,
} from '@board/shared/api/crawl';
import type { Job } from '@board/shared/api/job';
import { workspaceQuery } from '@board/shared/api/queries';
import type { RuntimeConfig } from '@board/shared/config/runtime-config';
import { brand } from '@board/shared/lib/brand';
import type { FetchQueryOptions, QueryKey } from '@tanstack/react-query';
import { type Context, Hono } from 'hono';
import { metered, type VisitorLimit } from '../http/visitor-limit';
import type { ApiReader } from '../reader/api-reader';
import { ApiUnavailable, readQuery } from '../reader/reader-client';
import { atomFeed, feedPath, robotsTxt, type SitemapEntry, sitemapIndexXml, sitemapUrlLimit } from './crawler-files';
import { sendCrawlerFile, sendCrawlerMissing, streamUrlset } from './crawler-responses';
import { cursorSigner, type Listing } from './sitemap-cursors';

/** The most the API's crawler listings give in one page. */
const crawlPageLimit = 10_000;

export interface CrawlerRouteOptions {
  config: () => RuntimeConfig;
  /** Reads the API's public calls with a timeout fit for large pages. */
  api: ApiReader;
  /**
   * The workspace boards to list in the sitemap: the API has no public call that lists them.
   * Each is checked with call 1 (an unknown slug is left out).
   */
  workspaces: () => string[];
  /** URLs per sitemap file (the protocol's 50,000): past it, /sitemap.xml is an index of parts. */
  sitemapLimit?: number;
  /** Jobs per feed, newest first. */
  feedSize?: number;
  /**
   * Each sitemap and feed may make the server read the API: counted per visitor, as a page is
   * (visitor-limit.ts). Past the limit it is a 429 with Retry-After. robots.txt reads nothing.
   */
  visitorLimit?: VisitorLimit;
  /**
   * Signs the cursors the sitemap index names its parts by, so a part is only ever one the index
   * wrote (every instance must share it: the shell's server derives it from SHELL_API_KEY). Default:
   * a random key of this process.
   */
  cursorKey?: string;
}

const byNewest = (jobs: Job[]) =>
  [...jobs].sort((a, b) => (b.postedAt ? Date.parse(b.postedAt) : 0) - (a.postedAt ? Date.parse(a.postedAt) : 0));

/**
 * robots.txt, /sitemap.xml (and its parts), /feed.xml and /{workspace}/feed.xml. The sitemap is
 * read from the API's crawler listings a page at a time and written as it is read, so its memory
 * does not grow with the board: one urlset while the board fits in `sitemapLimit` URLs, else an
 * index of parts (the board's own pages; then the companies and the jobs, each part one page of
 * the listing, named by the listing's cursor).
 */
export function crawlerRoutes({
  config,
  api,
  workspaces,
  sitemapLimit = sitemapUrlLimit,
  feedSize = 50,
  visitorLimit,
  cursorKey = randomBytes(32).toString('hex'),
}: CrawlerRouteOptions) {
  const app = new Hono();
  const cursors = cursorSigner(cursorKey);
  /** Counts the request for its visitor (a crawler comes back after Retry-After). */
  const counted = metered(visitorLimit, 'Too many requests from this address. Please try again later.');
  const read = <T, Key extends QueryKey>(query: (client: ApiClient) => FetchQueryOptions<T, Error, T, Key>) =>
    readQuery(config().apiBaseUrl, api, query);
  const partSize = Math.min(sitemapLimit, crawlPageLimit);
  const at = (path: string) => new URL(path, config().siteUrl).href;

  app.onError((error, c) => {
    // The API is down or answered nonsense: crawlers come back later. Anything else is a fault of ours.
    if (!(error instanceof ApiUnavailable)) console.error('[shell-server]', c.req.path, error);
    return c.text('The job list is briefly unavailable.', 503, { 'Retry-After': '60', 'Cache-Control': 'no-store' });
  });

  /** The board's own pages: the boards (each configured workspace that exists), then the static pages. */
  const boardPages = async (): Promise<{
    head: SitemapEntry[];
    tail: SitemapEntry[];
    lastmod: string | null;
    /** The board's public jobs. */
    jobs: number;
  }> => {
    const all = await read((client) => boardSummaryQuery(client, null));
    const lastmod = all?.newest ?? null;
    const boards = await Promise.all(
      [...new Set(workspaces())].map(async (slug) => ({
        slug,
        summary: await read((client) => boardSummaryQuery(client, slug)),
      })),
    );
    return {
      head: [
        { loc: at('/'), lastmod },
        { loc: at('/companies'), lastmod },
        ...boards.flatMap(({ slug, summary }) => {
          if (!summary) return [];
          const path = `/${encodeURIComponent(slug)}`;
          return [
            { loc: at(path), lastmod: summary.newest },
            { loc: at(`${path}/companies`), lastmod: summary.newest },
          ];
        }),
      ],
      tail: [{ loc: at('/talent-scout') }, { loc: at('/terms-of-service') }],
      lastmod,
      jobs: all?.total ?? 0,
    };
  };

  const listingPage = (listing: Listing, after: string | null, limit: number) =>
    listing === 'jobs'
      ? read((client) => crawlJobsQuery(client, after, limit))
      : read((client) => crawlOrganizationsQuery(client, after, limit));
  const entriesOf = (listing: Listing, page: CrawlPage): SitemapEntry[] =>
    page.items.map((item) => ({
      loc: at(`/${listing === 'jobs' ? 'job' : 'companies'}/${encodeURIComponent(item.id)}`),
      lastmod: item.lastmod,
    }));

  /** Every page of a listing from `after` on, as sitemap entries (stops after `pages` pages). */
  async function* listingEntries(listing: Listing, after: string | null = null, pages = Number.POSITIVE_INFINITY) {
    let cursor = after;
    for (let read = 0; read < pages; read++) {
      const page = await listingPage(listing, cursor, partSize);
      if (!page) throw new ApiUnavailable('the listing went away while it was read');
      yield entriesOf(listing, page);
      if (!page.nextCursor) return;
      cursor = page.nextCursor;
    }
  }

  app.get('/sitemap.xml', counted, async (c) => {
    const [pages, companies] = await Promise.all([boardPages(), read((client) => organizationCountQuery(client))]);
    const total = pages.head.length + pages.tail.length + (companies ?? 0) + pages.jobs;
    if (total <= sitemapLimit) {
      return streamUrlset(
        c,
        (async function* () {
          yield pages.head;
          yield* listingEntries('companies');
          yield* listingEntries('jobs');
          yield pages.tail;
        })(),
      );
    }
    // An index: the board's pages, then a part per page of each listing, named by where it starts.
    const parts: SitemapEntry[] = [{ loc: at('/sitemap-pages.xml'), lastmod: pages.lastmod }];
    for (const listing of ['companies', 'jobs'] as const) {
      let cursor: string | null = null;
      do {
        const page = await listingPage(listing, cursor, partSize);
        if (!page) break;
        const path = `/sitemap-${listing}.xml${cursor ? `?after=${cursors.sign(listing, cursor)}` : ''}`;
        let lastmod: string | null = null;
        for (const item of page.items) if (item.lastmod && (!lastmod || item.lastmod > lastmod)) lastmod = item.lastmod;
        if (page.items.length > 0) parts.push({ loc: at(path), lastmod });
        cursor = page.nextCursor;
      } while (cursor);
    }
    return sendCrawlerFile(c, sitemapIndexXml(parts), 'application/xml');
  });

  app.get('/sitemap-pages.xml', counted, async (c) => {
    const pages = await boardPages();
    return streamUrlset(
      c,
      (async function* () {
        yield [...pages.head, ...pages.tail];
      })(),
    );
  });
  for (const listing of ['companies', 'jobs'] as const)
    app.get(
      `/sitemap-${listing}.xml`,
      // A part the index did not name is not there, and costs no read.
      (c, next) => {
        const after = c.req.query('after');
        return after === undefined || cursors.read(listing, after) !== null ? next() : sendCrawlerMissing(c);
      },
      counted,
      async (c) => {
        const after = c.req.query('after');
        return streamUrlset(c, listingEntries(listing, after === undefined ? null : cursors.read(listing, after), 1));
      },
    );

  app.get('/robots.txt', (c) => sendCrawlerFile(c, robotsTxt(config().siteUrl), 'text/plain'));

  const feed = async (c: Context, slug: string | null) => {
    const siteUrl = config().siteUrl;
    let title = `${brand.product}: newest jobs`;
    if (slug !== null) {
      const workspace = await read((client) => workspaceQuery(client, slug));
      if (!workspace) return sendCrawlerMissing(c);
      const name = workspace.name || slug;
      title = `${brand.product}: newest jobs in ${name}`;
    }
    const jobs = await read((client) => newestJobsQuery(client, slug, feedSize));
    if (jobs === null) return sendCrawlerMissing(c);
    const xml = atomFeed({
      title,
      selfUrl: new URL(feedPath(slug), siteUrl).href,
      pageUrl: new URL(slug === null ? '/' : `/${encodeURIComponent(slug)}`, siteUrl).href,
      siteUrl,
      jobs: byNewest(jobs).slice(0, feedSize),
      fallbackUpdated: new Date().toISOString(),
    });
    return sendCrawlerFile(c, xml, 'application/atom+xml');
  };
  app.get('/feed.xml', counted, (c) => feed(c, null));
  app.get(
    '/:workspaceSlug/feed.xml',
    // Only a board's feed, spelled as its page links it: anything else is not there, and costs no read.
    (c, next) => {
      const slug = c.req.param('workspaceSlug');
      return isWorkspaceSlug(slug) && new URL(c.req.url).pathname === feedPath(slug) ? next() : sendCrawlerMissing(c);
    },
    counted,
    (c) => feed(c, c.req.param('workspaceSlug')),
  );

  return app;
}
