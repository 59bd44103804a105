import { ApiError } from '@board/shared/api/api-client';
import type { Job } from '@board/shared/api/job';
import { jobsQuery, organizationsQuery, workspaceQuery } from '@board/shared/api/queries';
import type { RuntimeConfig } from '@board/shared/config/runtime-config';
import { brand } from '@board/shared/lib/brand';
import { QueryClient } from '@tanstack/react-query';
import { type Context, Hono } from 'hono';
import type { ApiReader } from './api-reader';
import {
  atomFeed,
  feedPath,
  newest,
  robotsTxt,
  type SitemapEntry,
  sitemapDocument,
  sitemapUrlLimit,
} from './crawler-files';
import { readerClient } from './reader-client';
import { sendText } from './send-text';

/** A CDN keeps these a few minutes and may serve them stale while it fetches anew; browsers revalidate. */
export const crawlerCacheControl = 'public, max-age=0, s-maxage=300, stale-while-revalidate=3600';

export interface CrawlerRouteOptions {
  config: () => RuntimeConfig;
  /** Reads the API's public calls (1, 2 and 3) with a timeout fit for whole lists. */
  api: ApiReader;
  /**
   * The workspace boards to list in the sitemap: the API has no public call that lists them.
   * Each is checked with call 2 (an unknown slug is left out).
   */
  workspaces: () => string[];
  sitemapLimit?: number;
  /** Jobs per feed, newest first. */
  feedSize?: number;
}

class Unavailable extends Error {}

const byNewest = (jobs: Job[]) =>
  [...jobs].sort((a, b) => (b.postedAt ? Date.parse(b.postedAt) : 0) - (a.postedAt ? Date.parse(a.postedAt) : 0));

/** robots.txt, /sitemap.xml (and its parts), /feed.xml and /{workspace}/feed.xml. */
export function crawlerRoutes({
  config,
  api,
  workspaces,
  sitemapLimit = sitemapUrlLimit,
  feedSize = 50,
}: CrawlerRouteOptions) {
  const app = new Hono();
  /**
   * A call through the board's own queries (the pages' parsing and defaults); null when the API
   * does not know what was asked for (404); throws Unavailable when it cannot answer.
   */
  const read = async <T>(
    query: (client: ReturnType<typeof readerClient>) => { queryKey: readonly unknown[]; queryFn?: unknown },
  ) => {
    const client = readerClient(config().apiBaseUrl, api);
    try {
      const data = (await new QueryClient({ defaultOptions: { queries: { retry: false } } }).fetchQuery(
        query(client) as never,
      )) as T;
      if (client.unavailable > 0) throw new Unavailable();
      return data;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error instanceof ApiError ? new Unavailable() : error;
    }
  };
  const jobsOf = (workspaceSlug: string | null) => read<Job[]>((client) => jobsQuery(client, workspaceSlug));
  const send = (c: Context, body: string, type: string) =>
    sendText(c, body, 200, { 'Content-Type': `${type}; charset=utf-8`, 'Cache-Control': crawlerCacheControl });

  app.onError((error, c) => {
    // The API is down or answered nonsense: crawlers come back later. Anything else is a fault of ours.
    if (!(error instanceof Unavailable)) console.error('[shell-server]', c.req.path, error);
    return c.text('The job list is briefly unavailable.', 503, { 'Retry-After': '60', 'Cache-Control': 'no-store' });
  });

  app.get('/robots.txt', (c) => send(c, robotsTxt(config().siteUrl), 'text/plain'));

  const sitemapEntries = async (): Promise<SitemapEntry[]> => {
    const siteUrl = config().siteUrl;
    const at = (path: string) => new URL(path, siteUrl).href;
    const jobs = (await jobsOf(null)) ?? [];
    const organizations = (await read<{ id: string }[]>((client) => organizationsQuery(client, null))) ?? [];
    const companyIds = organizations.map((organization) => organization.id).filter(Boolean);
    const boards = await Promise.all(
      [...new Set(workspaces())].map(async (slug) => ({ slug, jobs: await jobsOf(slug) })),
    );
    const latest = newest(jobs.map((job) => job.postedAt));
    return [
      { loc: at('/'), lastmod: latest },
      { loc: at('/companies'), lastmod: latest },
      ...boards.flatMap(({ slug, jobs: boardJobs }) => {
        if (boardJobs === null) return [];
        const lastmod = newest(boardJobs.map((job) => job.postedAt));
        const path = `/${encodeURIComponent(slug)}`;
        return [
          { loc: at(path), lastmod },
          { loc: at(`${path}/companies`), lastmod },
        ];
      }),
      ...companyIds.map((id) => ({
        loc: at(`/companies/${encodeURIComponent(id)}`),
        lastmod: newest(jobs.filter((job) => job.organizationId === id).map((job) => job.postedAt)),
      })),
      ...jobs.map((job) => ({ loc: at(`/job/${encodeURIComponent(job.id)}`), lastmod: newest([job.postedAt]) })),
      { loc: at('/talent-scout') },
      { loc: at('/terms-of-service') },
    ];
  };

  const sitemap = async (c: Context, part: number | null) => {
    const document = sitemapDocument(await sitemapEntries(), config().siteUrl, part, sitemapLimit);
    return document === null ? c.notFound() : send(c, document, 'application/xml');
  };
  app.get('/sitemap.xml', (c) => sitemap(c, null));
  app.get('/:file{sitemap-[0-9]+\\.xml}', (c) => sitemap(c, Number(/\d+/.exec(c.req.param('file'))?.[0])));

  const feed = async (c: Context, slug: string | null) => {
    const siteUrl = config().siteUrl;
    let title = `${brand.product}: newest jobs`;
    if (slug !== null) {
      const workspace = await read<{ name: string } | null>((client) => workspaceQuery(client, slug));
      if (!workspace) return c.notFound();
      const name = workspace.name || slug;
      title = `${brand.product}: newest jobs in ${name}`;
    }
    const jobs = await jobsOf(slug);
    if (jobs === null) return c.notFound();
    const xml = atomFeed({
      title,
      selfUrl: new URL(feedPath(slug), siteUrl).href,
      pageUrl: new URL(slug === null ? '/' : `/${encodeURIComponent(slug)}`, siteUrl).href,
      siteUrl,
      jobs: byNewest(jobs).slice(0, feedSize),
      fallbackUpdated: new Date().toISOString(),
    });
    return send(c, xml, 'application/atom+xml');
  };
  app.get('/feed.xml', (c) => feed(c, null));
  app.get('/:workspaceSlug/feed.xml', (c) => feed(c, c.req.param('workspaceSlug')));

  return app;
}
