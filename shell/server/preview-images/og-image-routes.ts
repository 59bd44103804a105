import type { ApiClient } from '@board/shared/api/api-client';
import { boardSummaryQuery, organizationCountQuery } from '@board/shared/api/crawl';
import { jobQuery, organizationJobsQuery, workspaceQuery } from '@board/shared/api/queries';
import type { RuntimeConfig } from '@board/shared/config/runtime-config';
import { brand } from '@board/shared/lib/brand';
import type { FetchQueryOptions, QueryKey } from '@tanstack/react-query';
import { type Context, Hono } from 'hono';
import { etag } from 'hono/etag';
import { metered, type VisitorLimit } from '../http/visitor-limit';
import type { ApiReader } from '../reader/api-reader';
import { ApiUnavailable, readQuery } from '../reader/reader-client';
import { renderOgCard } from './og-card';
import { boardCard, companyCard, jobCard, type OgCardData } from './og-image';

/** A card changes only with its data: browsers and CDNs keep one an hour. */
export const ogImageCacheControl = 'public, max-age=3600';
/**
 * A card of nothing (an unknown job, company or board) is kept a minute: long enough that a CDN
 * answers a burst of requests for it, short enough that a job published a moment later has its card.
 */
export const missingOgImageCacheControl = 'public, max-age=60';

/** Raster logos are read from the API only (never from any address a job names), and briefly. */
const logoTimeoutMs = 500;
const logoMaxBytes = 512 * 1024;
const rasterLogo = /^\/public\/.+\.(?:png|jpe?g)$/i;
const isPng = (bytes: Uint8Array) => bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
const isJpeg = (bytes: Uint8Array) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

export interface OgImageRouteOptions {
  config: () => RuntimeConfig;
  /** Reads the API's public calls 1, 2, 4 and 5. */
  api: ApiReader;
  /** Cards kept in memory (about 40-70 KB each). */
  maxEntries?: number;
  /** Reads raster logos (PNG, JPEG) from the API; default: fetch. */
  fetch?: typeof fetch;
  /** Each card request is work that may reach the API: counted per visitor (visitor-limit.ts). */
  visitorLimit?: VisitorLimit;
}

/**
 * The preview cards (1200×630 PNG) of link previews: /og/job/{id}.png, /og/company/{id}.png,
 * /og/board.png and /og/{workspace}/board.png. Each is drawn from the API's data and kept in
 * memory by that data, so a card is drawn again only when what it shows changed.
 */
export function ogImageRoutes({
  config,
  api,
  maxEntries = 200,
  fetch: fetchImpl = fetch,
  visitorLimit,
}: OgImageRouteOptions) {
  const app = new Hono();
  const cards = new Map<string, Promise<Uint8Array>>();
  const logos = new Map<string, Promise<Uint8Array | undefined>>();

  /** A call through the board's own queries; null for a 404; throws ApiUnavailable when the API cannot answer. */
  const read = <T, Key extends QueryKey>(query: (client: ApiClient) => FetchQueryOptions<T, Error, T, Key>) =>
    readQuery(config().apiBaseUrl, api, query);

  /** Kept at most `maxEntries` of each, the oldest dropped first (a Map keeps insertion order). */
  const remember = <T>(map: Map<string, T>, key: string, value: T) => {
    if (map.size >= maxEntries) {
      const oldest = map.keys().next().value;
      if (oldest !== undefined) map.delete(oldest);
    }
    map.set(key, value);
    return value;
  };

  /**
   * The bytes of a raster logo the API serves; `null` when there is none to draw (no logo, an SVG,
   * an address elsewhere), `undefined` when it could not be read (a failure is not kept).
   */
  const logoOf = (logo: string | null): Promise<Uint8Array | null | undefined> => {
    const base = config().apiBaseUrl;
    let path: string;
    try {
      path = new URL(logo ?? '', base).pathname;
    } catch {
      return Promise.resolve(null);
    }
    if (!logo || !rasterLogo.test(path)) return Promise.resolve(null);
    const url = new URL(path, base).href;
    const kept = logos.get(url);
    if (kept) return kept;
    const loading = loadLogo(url);
    void loading.then((bytes) => {
      if (!bytes) logos.delete(url);
    });
    return remember(logos, url, loading);
  };
  const loadLogo = async (url: string): Promise<Uint8Array | undefined> => {
    try {
      const response = await fetchImpl(url, { signal: AbortSignal.timeout(logoTimeoutMs) });
      if (!response.ok || Number(response.headers.get('content-length') ?? 0) > logoMaxBytes) return undefined;
      const bytes = new Uint8Array(await response.arrayBuffer());
      return bytes.length <= logoMaxBytes && (isPng(bytes) || isJpeg(bytes)) ? bytes : undefined;
    } catch {
      return undefined;
    }
  };

  /**
   * The card for this data, drawn once while it is kept, however many ask at once: the key is what
   * the card shows (the logo by its address), so a card is drawn again only when that changed. A
   * card drawn with the company's mark because its logo could not be read is sent, not kept.
   */
  const send = async (c: Context, data: OgCardData | null, logo: string | null = null) => {
    if (data === null) return missing(c);
    const key = JSON.stringify([data, logo]);
    let png = cards.get(key);
    if (!png) {
      png = logoOf(logo).then((bytes) => {
        if (bytes === undefined) cards.delete(key);
        return renderOgCard({ ...data, logo: bytes ?? null });
      });
      png.catch(() => cards.delete(key));
      remember(cards, key, png);
    }
    return c.body((await png) as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'image/png',
      'Cache-Control': ogImageCacheControl,
    });
  };
  const site = () => new URL(config().siteUrl).host;
  const id = (c: Context) => c.req.param('file')?.replace(/\.png$/, '') ?? '';

  const missing = (c: Context) => c.text('Not found', 404, { 'Cache-Control': missingOgImageCacheControl });

  app.use(
    '/og/*',
    metered(visitorLimit, 'Too many preview images were asked for from this address. Please try again later.'),
  );
  app.use('/og/*', etag());
  app.onError((error, c) => {
    if (!(error instanceof ApiUnavailable)) console.error('[shell-server]', c.req.path, error);
    return c.text('The preview image is briefly unavailable.', 503, {
      'Retry-After': '60',
      'Cache-Control': 'no-store',
    });
  });

  app.get('/og/job/:file{[^/]+\\.png}', async (c) => {
    const job = await read((client) => jobQuery(client, id(c)));
    if (!job) return missing(c);
    return send(c, jobCard(job, site()), job.logo);
  });

  app.get('/og/company/:file{[^/]+\\.png}', async (c) => {
    const { jobs, organization } = (await read((client) => organizationJobsQuery(client, id(c)))) ?? {
      jobs: [],
      organization: null,
    };
    return send(c, companyCard(jobs, site(), organization), organization?.logo ?? jobs[0]?.logo ?? null);
  });

  /** A board's card from its counts: never its whole list. */
  const board = async (c: Context, slug: string | null) => {
    let name: string | null = null;
    if (slug !== null) {
      const workspace = await read((client) => workspaceQuery(client, slug));
      if (!workspace) return missing(c);
      name = workspace.name || slug;
    }
    const [jobs, companies] = await Promise.all([
      read((client) => boardSummaryQuery(client, slug)),
      read((client) => organizationCountQuery(client, slug)),
    ]);
    if (!jobs) return missing(c);
    return send(c, boardCard({ jobs: jobs.total, companies: companies ?? 0 }, name, site()));
  };
  app.get('/og/board.png', (c) => board(c, null));
  app.get('/og/:workspaceSlug/board.png', (c) => board(c, c.req.param('workspaceSlug')));

  return app;
}

/** Draws one card, so the first visitor's card does not also pay for loading the fonts and the layout engine. */
export function warmUpOgCards(): Promise<void> {
  return renderOgCard({ title: brand.product, company: brand.product, facts: [], mark: 'board', site: '' }).then(
    () => undefined,
  );
}
