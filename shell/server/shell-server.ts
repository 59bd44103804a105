import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import type { RuntimeConfig } from '@board/shared/config/runtime-config';
import { unusedFallbacksFile } from '@board/shared/lib/federation';
import { jsonLines, type Log, requestLog } from '@board/shared/lib/request-log';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { pageKey } from '../src/features/remotes/remote-page';
import { boardRoutes } from '../src/routes/board-routes';
import { ApiReader } from './api-reader';
import { assemblePage, planPage } from './assemble-page';
import { crawlerRoutes } from './crawler-routes';
import { ManifestCache } from './manifest-cache';
import { loadPageData } from './page-data';
import { renderHead } from './page-head';
import { loadPageQueries } from './page-queries';
import { type RenderedPage, renderPage } from './render-page';
import { ServerRemotes } from './server-remotes';

const gzip = promisify(gzipCallback);

/** What a page's bytes depend on besides its address. */
const pageVary = 'Accept-Encoding, Sec-CH-UA-Mobile';

/** A page's API answers are sent up to a minute stale while fresh ones are read (see ApiReader). */
export const pageApiStaleMs = 60_000;
const hashed = /\.[0-9a-f]{10}\.(?:js|css|svg|png|woff2?)$/;

/** The deploy policy of the README: hashed files are immutable, everything else is revalidated. */
export function cacheControlFor(pathname: string): string {
  return hashed.test(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * Pages: a CDN may keep one 30 s and serve it stale for 5 minutes while it fetches anew; a browser
 * revalidates every time (max-age=0). A 404 is kept briefly; a page sent without the API's data
 * (the API was slow or down) is not kept by anyone.
 */
export const pageCacheControl = {
  ok: 'public, max-age=0, s-maxage=30, stale-while-revalidate=300',
  missing: 'public, max-age=0, s-maxage=10',
  incomplete: 'no-cache',
} as const;

export interface ShellServerOptions {
  /** The shell's build (index.html and its hashed files). */
  distDir: string;
  /** The environment's runtime config; a function, so tests can change it between requests. */
  config: () => RuntimeConfig;
  /**
   * `render` (default): each page rendered on the server with the route's remote (its Node build),
   * hydrated in the browser; a page that cannot be rendered in time goes out as in `assemble`.
   * `assemble`: each page carries the config, the route's manifest and preloads, and the browser
   * renders it.
   * `static`: index.html as built, as a CDN-only deployment serves it (the browser fetches
   * /runtime-config.json and the manifests itself).
   */
  mode?: 'render' | 'assemble' | 'static';
  /** How long a page may take to render (remote, data and markup) before it is sent unrendered. */
  renderBudgetMs?: number;
  manifests?: ManifestCache;
  /** The remotes' Node builds (shares `manifests`' cache by default). */
  remotes?: Pick<ServerRemotes, 'page'>;
  /** Load every page's remote module when the server starts (default: in `render` mode). */
  warmUp?: boolean;
  /** Reads the API for a page's head, status and queries (short timeout; see api-reader.ts). */
  pageApi?: ApiReader;
  /** Reads the API for the sitemap and the feeds (whole lists: a longer timeout). */
  listApi?: ApiReader;
  /** The workspace boards the sitemap lists (the API has no call that lists them). */
  workspaces?: () => string[];
  /** URLs per sitemap file before it is split into an index (the protocol's 50,000). */
  sitemapLimit?: number;
  /** One JSON object per request and per problem; default: JSON lines on stdout. */
  log?: Log;
}

/**
 * The shell's startup chunks: every hashed JS and CSS file of the build but the entry (already in
 * the page), chunks named `lazy-*` (loaded only on demand, e.g. the config validator of a static
 * deployment) and the fallbacks of the packages it shares, which it never loads (listed by its build).
 */
function shellAssets(distDir: string) {
  const unused = new Set(readUnusedFallbacks(distDir));
  const files = readdirSync(distDir).filter(
    (file) => hashed.test(file) && !file.startsWith('main.') && !file.startsWith('lazy-') && !unused.has(file),
  );
  return {
    js: files.filter((file) => file.endsWith('.js')).map((file) => `/${file}`),
    css: files.filter((file) => file.endsWith('.css')).map((file) => `/${file}`),
  };
}

function readUnusedFallbacks(distDir: string): string[] {
  try {
    const list: unknown = JSON.parse(readFileSync(path.join(distDir, unusedFallbacksFile), 'utf8'));
    return Array.isArray(list) ? list.filter((file): file is string => typeof file === 'string') : [];
  } catch {
    return []; // a build without the list: every chunk is preloaded
  }
}

/**
 * The shell's server: the shell's files, /runtime-config.json, /health, and every other path
 * answered with the page assembled for it (history fallback). Stateless: run any number.
 */
export function createShellServer({
  distDir,
  config,
  mode = 'render',
  renderBudgetMs = 1_000,
  manifests = new ManifestCache(),
  remotes = new ServerRemotes({ manifests }),
  warmUp = mode === 'render',
  pageApi = new ApiReader({ staleMs: pageApiStaleMs }),
  listApi = new ApiReader({ timeoutMs: 5_000, ttlMs: 30_000 }),
  workspaces = () => [],
  sitemapLimit,
  log = jsonLines,
}: ShellServerOptions) {
  const template = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  if (warmUp) {
    // Load every page's remote module now, in the background, so the first visitors' pages are
    // rendered too (a cold remote takes a few hundred ms, close to the render budget).
    const current = config();
    for (const route of boardRoutes) {
      void manifests
        .get(current.remotes[route.remote])
        .then((manifest) => manifest && remotes.page(route.remote, manifest, route.module))
        .catch(() => undefined);
    }
  }
  const assets = shellAssets(distDir);
  const app = new Hono();

  app.use(...requestLog(log));

  app.get('/health', (c) => c.json({ status: 'ok' }, 200, { 'Cache-Control': 'no-store' }));
  app.get('/runtime-config.json', (c) => c.json(config(), 200, { 'Cache-Control': 'no-cache' }));
  // A CDN-only deployment (static mode) has no server to write these.
  if (mode !== 'static') app.route('/', crawlerRoutes({ config, api: listApi, workspaces, sitemapLimit }));
  const files = serveStatic({ root: distDir, precompressed: true });
  // Files by their extension; index.html and every route are assembled below.
  app.use('*', async (c, next) => {
    if (!/\.\w+$/.test(c.req.path) || c.req.path.endsWith('.html')) return next();
    const response = await files(c, next);
    if (response) response.headers.set('Cache-Control', cacheControlFor(c.req.path));
    return response;
  });
  app.get('*', async (c) => {
    if (mode === 'static') return c.html(template, 200, { 'Cache-Control': 'no-cache' });
    const url = new URL(c.req.url);
    const current = config();
    const plan = planPage(url.pathname);
    const started = Date.now();
    const budget = AbortSignal.timeout(renderBudgetMs);
    // A previewed remote is the browser's to load (the server renders production builds only).
    const browserManifest = plan ? manifests.get(current.remotes[plan.route.remote]) : Promise.resolve(null);
    const render =
      mode === 'render' && plan && !url.searchParams.has('preview_remote')
        ? Promise.all([
            browserManifest.then((manifest) => {
              // The browser hydrates with the build whose manifest the page carries.
              if (!manifest) throw new Error(`the ${plan.route.remote} remote's manifest is not available`);
              return remotes.page(plan.route.remote, manifest, plan.route.module);
            }),
            loadPageQueries(plan, current, pageApi),
          ])
        : null;
    render?.catch(() => undefined);
    const [manifest, data] = await Promise.all([browserManifest, loadPageData(plan, url, current, pageApi)]);
    if (!data.complete)
      log({
        time: new Date().toISOString(),
        level: 'warn',
        request_id: c.get('requestId'),
        message: 'page sent without the API data (slow or down)',
        path: c.req.path,
      });
    let rendered: (RenderedPage & { at: number; wide: boolean }) | undefined;
    // A phone's layout when the browser says it is one (Chromium's default client hint); the page
    // varies by that header, so a CDN keeps one copy of each.
    const wide = c.req.header('Sec-CH-UA-Mobile') !== '?1';
    if (render && plan && data.complete) {
      try {
        const [Component, queryClient] = await Promise.race([
          render,
          new Promise<never>((_, reject) => {
            if (budget.aborted) reject(budget.reason);
            budget.addEventListener('abort', () => reject(budget.reason));
          }),
        ]);
        const key = pageKey(plan.route.remote, plan.route.module);
        const page = await renderPage({
          url,
          config: current,
          queryClient,
          firstPage: { key, Component },
          renderedAt: started,
          wide,
          signal: budget,
        });
        rendered = { ...page, at: started, wide };
      } catch (error) {
        // The client-rendered page, as without this server: its error panel and Retry included.
        log({
          time: new Date().toISOString(),
          level: 'warn',
          request_id: c.get('requestId'),
          message: 'page sent unrendered: the browser renders it',
          path: c.req.path,
          error: String(error),
        });
      }
    }
    // A rendered page holds its JSON-LD in its content (the remote page renders it, and hydrates
    // it): the head does not repeat it, or a crawler would read two JobPostings.
    const head = renderHead(rendered ? { ...data.head, jsonLd: [] } : data.head);
    const html = assemblePage({ template, config: current, url, plan, manifest, shellAssets: assets, head, rendered });
    const cacheControl = !data.complete
      ? pageCacheControl.incomplete
      : data.status === 404
        ? pageCacheControl.missing
        : pageCacheControl.ok;
    // Compressed on libuv's threads (a rendered page is 30-60 KB), not on the event loop.
    if (!/\bgzip\b/.test(c.req.header('Accept-Encoding') ?? ''))
      return c.html(html, data.status, { 'Cache-Control': cacheControl, Vary: pageVary });
    return c.body(new Uint8Array(await gzip(html)), data.status, {
      'Content-Type': 'text/html; charset=UTF-8',
      'Content-Encoding': 'gzip',
      'Cache-Control': cacheControl,
      Vary: pageVary,
    });
  });
  app.notFound((c) => c.text('Not found', 404, { 'Cache-Control': 'no-cache' }));
  app.onError((error, c) => {
    // A fault of ours never costs the visitor the page: the client-rendered page, as a CDN would send it.
    log({
      time: new Date().toISOString(),
      level: 'error',
      request_id: c.get('requestId'),
      path: c.req.path,
      error: String(error),
    });
    return c.html(template, 200, { 'Cache-Control': 'no-store' });
  });
  return app;
}
