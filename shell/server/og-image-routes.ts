import { requestUrl } from '@board/shared/api/api-client';
import { type Job, parseJob, parseJobList } from '@board/shared/api/job';
import { boardRequests } from '@board/shared/api/requests';
import type { RuntimeConfig } from '@board/shared/config/runtime-config';
import { brand } from '@board/shared/lib/brand';
import { type Context, Hono } from 'hono';
import { etag } from 'hono/etag';
import type { ApiReader } from './api-reader';
import { type OgCardData, ogCardSize, renderOgCard } from './og-card';
import type { PageHead } from './page-head';

/** A card changes only with its data: browsers and CDNs keep one an hour. */
export const ogImageCacheControl = 'public, max-age=3600';

/** Which page a preview card is for. */
export type OgImageSubject =
  | { kind: 'job'; job: Pick<Job, 'id' | 'title' | 'company' | 'location' | 'salary'> }
  | { kind: 'company'; id: string; company: string }
  | { kind: 'board'; workspaceSlug: string | null; name?: string | null };

const pngPath = (...segments: string[]) => `/og/${segments.map(encodeURIComponent).join('/')}.png`;

/** The path of a page's card under the site's origin. */
export function ogImagePath(subject: OgImageSubject): string {
  if (subject.kind === 'job') return pngPath('job', subject.job.id);
  if (subject.kind === 'company') return pngPath('company', subject.id);
  return subject.workspaceSlug === null ? pngPath('board') : pngPath(subject.workspaceSlug, 'board');
}

const boardHeadline = (name: string | null | undefined) =>
  name ? `Find your dream job in ${name}` : 'Find your dream job';

/**
 * A page's preview image for its head: the card's absolute URL on `siteUrl`, its size and its
 * alternative text (what the card says, for readers that do not see it).
 */
export function ogImageFor(
  subject: OgImageSubject,
  siteUrl: string,
): Required<Pick<PageHead, 'image' | 'imageAlt' | 'imageSize'>> {
  const image = new URL(ogImagePath(subject), siteUrl).href;
  const imageSize = { ...ogCardSize };
  if (subject.kind === 'job') {
    const { title, company, location, salary } = subject.job;
    const facts = [location, salary].filter(Boolean).join(', ');
    return { image, imageSize, imageAlt: `${title || 'Untitled role'} at ${company}: ${facts}` };
  }
  if (subject.kind === 'company') return { image, imageSize, imageAlt: `Open roles at ${subject.company}` };
  return { image, imageSize, imageAlt: `${brand.product}: ${boardHeadline(subject.name)}` };
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A job's card: its title, company, location and salary when disclosed. */
export function jobCard(job: Job, site: string): OgCardData {
  return {
    title: job.title || 'Untitled role',
    company: job.company,
    facts: [job.location, job.salary].filter(Boolean),
    highlight: job.salary || undefined,
    site,
  };
}

/** A company's card: its open roles and where they are. */
export function companyCard(jobs: Job[], site: string): OgCardData | null {
  const first = jobs[0];
  if (!first) return null;
  const roles = count(jobs.length, 'open role', 'open roles');
  const places = [...new Set(jobs.map((job) => job.location))];
  return {
    title: `Jobs at ${first.company}`,
    company: first.company,
    facts: [roles, ...places.slice(0, 2), ...(places.length > 2 ? [`+${places.length - 2} more`] : [])],
    highlight: roles,
    site,
  };
}

/** A board's card: its headline, the product's tagline, its jobs and companies. */
export function boardCard(jobs: Job[], name: string | null, site: string): OgCardData {
  const roles = count(jobs.length, 'open role', 'open roles');
  const companies = new Set(jobs.map((job) => job.organizationId ?? job.company)).size;
  return {
    title: boardHeadline(name),
    company: name ?? brand.product,
    description: brand.tagline,
    facts: [roles, count(companies, 'startup hiring', 'startups hiring')],
    highlight: roles,
    mark: 'board',
    site,
  };
}

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
  const logos = new Map<string, Promise<Uint8Array | null>>();

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

  const logoOf = (logo: string | null): Promise<Uint8Array | null> => {
    if (!logo) return Promise.resolve(null);
    let path: string;
    try {
      path = new URL(logo, config().apiBaseUrl).pathname;
    } catch {
      return Promise.resolve(null);
    }
    if (!rasterLogo.test(path)) return Promise.resolve(null);
    const url = new URL(path, config().apiBaseUrl).href;
    return logos.get(url) ?? remember(logos, url, loadLogo(url));
  };
  const loadLogo = async (url: string): Promise<Uint8Array | null> => {
    try {
      const response = await fetchImpl(url, { signal: AbortSignal.timeout(logoTimeoutMs) });
      if (!response.ok || Number(response.headers.get('content-length') ?? 0) > logoMaxBytes) return null;
      const bytes = new Uint8Array(await response.arrayBuffer());
      return bytes.length <= logoMaxBytes && (isPng(bytes) || isJpeg(bytes)) ? bytes : null;
    } catch {
      return null; // the company's mark is drawn instead
    }
  };

  /**
   * The card for this data, drawn once while it is kept, however many ask at once: the key is what
   * the card shows (the logo by its address), so a card is drawn again only when that changed.
   */
  const send = async (c: Context, data: OgCardData | null, logo: string | null = null) => {
    if (data === null) return c.notFound();
    const key = JSON.stringify([data, logo]);
    let png = cards.get(key);
    if (!png) {
      png = logoOf(logo).then((bytes) => renderOgCard({ ...data, logo: bytes }));
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
