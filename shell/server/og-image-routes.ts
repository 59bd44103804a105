import { requestUrl } from '@board/shared/api/api-client';
import { parseJob, parseJobList } from '@board/shared/api/job';
import { boardRequests } from '@board/shared/api/requests';
import type { RuntimeConfig } from '@board/shared/config/runtime-config';
import { brand } from '@board/shared/lib/brand';
import { type Context, Hono } from 'hono';
import { etag } from 'hono/etag';
import type { ApiReader } from './api-reader';
import { renderOgCard } from './og-card';
import { boardCard, companyCard, jobCard, type OgCardData } from './og-image';

/** A card changes only with its data: browsers and CDNs keep one an hour. */
export const ogImageCacheControl = 'public, max-age=3600';

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
}

class Unavailable extends Error {}

/**
 * The preview cards (1200×630 PNG) of link previews: /og/job/{id}.png, /og/company/{id}.png,
 * /og/board.png and /og/{workspace}/board.png. Each is drawn from the API's data and kept in
 * memory by that data, so a card is drawn again only when what it shows changed.
 */
export function ogImageRoutes({ config, api, maxEntries = 200, fetch: fetchImpl = fetch }: OgImageRouteOptions) {
  const app = new Hono();
  const cards = new Map<string, Promise<Uint8Array>>();
  const logos = new Map<string, Promise<Uint8Array | undefined>>();

  /** The body of a public call; null for a 404; throws when the API cannot answer. */
  const read = async (request: Parameters<typeof requestUrl>[1]) => {
    const answer = await api.get(requestUrl(config().apiBaseUrl, request));
    if (answer.kind === 'unavailable') throw new Unavailable();
    return answer.kind === 'ok' ? answer.body : null;
  };
  const parsed = <T>(body: unknown, parse: (body: unknown) => T): T => {
    try {
      return parse(body);
    } catch {
      throw new Unavailable();
    }
  };

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
    if (data === null) return c.notFound();
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

  app.use('/og/*', etag());
  app.onError((error, c) => {
    if (!(error instanceof Unavailable)) console.error('[shell-server]', c.req.path, error);
    return c.text('The preview image is briefly unavailable.', 503, {
      'Retry-After': '60',
      'Cache-Control': 'no-store',
    });
  });

  app.get('/og/job/:file{[^/]+\\.png}', async (c) => {
    const body = await read(boardRequests.job(id(c)));
    if (body === null) return c.notFound();
    const job = parsed(body, parseJob);
    return send(c, jobCard(job, site()), job.logo);
  });

  app.get('/og/company/:file{[^/]+\\.png}', async (c) => {
    const body = await read(boardRequests.organizationJobs(id(c)));
    const jobs = body === null ? [] : parsed(body, parseJobList);
    return send(c, companyCard(jobs, site()), jobs[0]?.logo ?? null);
  });

  app.get('/og/board.png', async (c) => {
    const jobs = parsed(await read(boardRequests.jobs(null)), parseJobList);
    return send(c, boardCard(jobs, null, site()));
  });

  app.get('/og/:workspaceSlug/board.png', async (c) => {
    const slug = c.req.param('workspaceSlug');
    const workspace = (await read(boardRequests.workspace(slug))) as { name?: unknown } | null;
    if (workspace === null) return c.notFound();
    const name = typeof workspace.name === 'string' && workspace.name.trim() ? workspace.name.trim() : slug;
    const body = await read(boardRequests.jobs(slug));
    return send(c, body === null ? null : boardCard(parsed(body, parseJobList), name, site()));
  });

  return app;
}

/** Draws one card, so the first visitor's card does not also pay for loading the fonts and the layout engine. */
export function warmUpOgCards(): Promise<void> {
  return renderOgCard({ title: brand.product, company: brand.product, facts: [], mark: 'board', site: '' }).then(
    () => undefined,
  );
}
