import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { releaseManifestUrl } from '@board/shared/config/release-pointer';
import type { RuntimeConfig } from '@board/shared/config/runtime-config';
import { type HealthStore, memoryHealthStore } from '@board/shared/lib/health-store';
import { jsonLines, type Log, requestLog } from '@board/shared/lib/request-log';
import { escapeEncodedDotSegments, hasEncodedDotSegment, rawRequestTarget } from '@board/shared/lib/request-target';
import { type Context, type Handler, Hono } from 'hono';
import { boardRoutes, matchBoardRoute } from '../src/routes/board-routes';
import type { ShellMode } from './config';
import { crawlerRoutes } from './crawler/crawler-routes';
import { beaconRoute } from './health/beacon-route';
import { type ViewAttribution, viewAttribution } from './health/view-attribution';
import { contentSecurityPolicy, securityHeaders } from './http/security-headers';
import { type ShellMetrics, shellMetrics } from './http/shell-metrics';
import { staticFiles } from './http/static-files';
import type { VisitorLimit } from './http/visitor-limit';
import { pageRoute } from './pages/page-route';
import { shellAssets } from './pages/shell-assets';
import { Stylesheets } from './pages/stylesheets';
import { ogImageRoutes, warmUpOgCards } from './preview-images/og-image-routes';
import { ApiReader } from './reader/api-reader';
import { ManifestCache, manifestAssets } from './remotes/manifest-cache';
import { ReleasePointers, visitorReleases } from './remotes/release-pointers';
import { ServerRemotes } from './remotes/server-remotes';

export { pageCacheControl } from './http/page-cache-control';
export { cacheControlFor } from './http/static-files';

/** A page's API answers are sent up to a minute stale while fresh ones are read (see ApiReader). */
export const pageApiStaleMs = 60_000;

/** The header the shell's reads carry its key in (see the API's SHELL_API_KEY). */
export const shellKeyHeader = 'X-Shell-Key';

export interface ShellServerOptions {
  /** The shell's build (index.html and its hashed files). */
  distDir: string;
  /** The environment's runtime config; a function, so tests can change it between requests. */
  config: () => RuntimeConfig;
  /** How pages are served (config.ts, `ShellMode`); default `render`. */
  mode?: ShellMode;
  /** How long a page may take to render (remote, data and markup) before it is sent unrendered. */
  renderBudgetMs?: number;
  manifests?: ManifestCache;
  /** The remotes' release pointers, read at most every 5 s like the manifests. */
  releases?: ReleasePointers;
  /** Draws a new visitor's canary chance (default Math.random). */
  random?: () => number;
  /** The remotes' Node builds (shares `manifests`' cache by default). */
  remotes?: Pick<ServerRemotes, 'page'>;
  /** Load every page's remote module when the server starts (default: in `render` mode). */
  warmUp?: boolean;
  /** How long a rendered page is kept for its address and layout (page-route.ts; default 5 s, 0: never). */
  keepPagesMs?: number;
  /**
   * The shell's key for the API (SHELL_API_KEY, set on both): the default readers send it, so the
   * API does not count every visitor's page against this server's one address.
   */
  apiKey?: string;
  /** Reads the API for a page's queries (short timeout; see api-reader.ts). */
  pageApi?: ApiReader;
  /** Reads the API for the sitemap and the feeds (whole lists: a longer timeout). */
  listApi?: ApiReader;
  /** The workspace boards the sitemap lists (the API has no call that lists them). */
  workspaces?: () => string[];
  /** URLs per sitemap file before it is split into an index (the protocol's 50,000). */
  sitemapLimit?: number;
  /** One JSON object per request and per problem; default: JSON lines on stdout. */
  log?: Log;
  /** The per-visitor limit on work that reaches the API (visitor-limit.ts); none when absent. */
  visitorLimit?: VisitorLimit;
  /** Where the views' beacons are counted (default: this process's memory). */
  health?: HealthStore;
  /** Which beacons count (view-attribution.ts; default: this process's own key and memory, no cap). */
  attribution?: ViewAttribution;
  /** The server's metrics (served on METRICS_PORT by server.ts); default: counted, served by no one. */
  metrics?: ShellMetrics;
}

/** A request's route for the metrics: the board route's pattern, the server's own, or a file. */
function routeOf(c: Context): string {
  if (c.req.routePath !== '*' && c.req.routePath !== '/*') return c.req.routePath;
  const board = matchBoardRoute(c.req.path);
  if (board) return board.route.path;
  return /\.[A-Za-z0-9]+$/.test(c.req.path) ? 'file' : 'other';
}

/**
 * The shell's server, in the order a request meets it: the request id and log, /health,
 * /runtime-config.json, the crawler files, the shell's built files (a missing file is a plain
 * 404), and every other GET is a page (page-route.ts). Stateless: run any number.
 */
export function createShellServer({
  distDir,
  config,
  mode = 'render',
  renderBudgetMs = 1_000,
  // A remote's manifest and pointer may take the page's budget (1 s in production), its code longer
  // (ServerRemotes): a busy machine's slow read is not a missing remote, and a slow load renders later pages.
  manifests = new ManifestCache({ timeoutMs: renderBudgetMs }),
  releases = new ReleasePointers({ timeoutMs: renderBudgetMs }),
  random,
  remotes = new ServerRemotes({ manifests }),
  warmUp = mode === 'render',
  keepPagesMs,
  apiKey,
  pageApi,
  listApi,
  workspaces = () => [],
  sitemapLimit,
  log = jsonLines,
  visitorLimit,
  health = memoryHealthStore(),
  attribution = viewAttribution(),
  metrics = shellMetrics(),
}: ShellServerOptions) {
  const headers = apiKey ? { [shellKeyHeader]: apiKey } : undefined;
  const pageReader = pageApi ?? new ApiReader({ staleMs: pageApiStaleMs, headers });
  const listReader = listApi ?? new ApiReader({ timeoutMs: 5_000, ttlMs: 30_000, headers });
  manifests.lookups = (hit) => metrics.cache('manifests', hit);
  releases.lookups = (hit) => metrics.cache('pointers', hit);
  pageReader.lookups = (hit) => metrics.cache('api', hit);
  listReader.lookups = (hit) => metrics.cache('api-lists', hit);
  const template = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const assets = shellAssets(distDir);
  // A remote's stylesheet is read once per build; a page does not wait long for it (it links it).
  const stylesheets = new Stylesheets({ distDir, timeoutMs: Math.min(300, renderBudgetMs) });
  /** Loads a page's remote module (and its stylesheets) in the background. */
  const warm = (route: (typeof boardRoutes)[number], manifestUrl: Promise<string>) =>
    void manifestUrl
      .then((url) => manifests.get(url))
      .then((manifest) => {
        if (!manifest) return;
        void stylesheets.inline(
          [...assets.css, ...manifestAssets(manifest, route.module).css],
          new URL(manifest.url).origin,
        );
        return remotes.page(route.remote, manifest, route.module);
      })
      .catch(() => undefined);
  if (warmUp) {
    // Load every page's remote module now, in the background, so the first visitors' pages are
    // rendered too (a cold remote takes a few hundred ms, close to the render budget): the live
    // releases (a draw that never falls in a canary) ...
    const live = visitorReleases(config(), releases, undefined, { secure: false, random: () => 1 });
    for (const route of boardRoutes)
      warm(
        route,
        live.then(({ config: current }) => current.remotes[route.remote]),
      );
    // ... and a newly promoted or canary release as soon as its pointer is read.
    releases.onChange((url, pointer) => {
      for (const route of boardRoutes) {
        if (config().releases?.[route.remote] !== url) continue;
        for (const version of [pointer.live, pointer.canary?.version])
          if (version) warm(route, Promise.resolve(releaseManifestUrl(url, version)));
      }
    });
  }
  /** Every page: index.html as built (static mode), else the page route (page-route.ts). */
  const pages: Handler =
    mode === 'static'
      ? (c) =>
          c.html(template, 200, {
            'Cache-Control': 'no-cache',
            'Content-Security-Policy': contentSecurityPolicy(config()),
          })
      : pageRoute({
          template,
          config,
          mode,
          renderBudgetMs,
          manifests,
          releases,
          ...(random ? { random } : {}),
          remotes,
          pageApi: pageReader,
          shellAssets: assets,
          stylesheets,
          ...(keepPagesMs === undefined ? {} : { keepPagesMs }),
          ...(visitorLimit ? { visitorLimit } : {}),
          log,
          metrics,
        });
  const app = new Hono();

  app.use(...requestLog(log));
  app.use(metrics.metrics.requestDuration(routeOf));
  app.use(async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(securityHeaders(config())))
      if (!c.res.headers.has(name)) c.res.headers.set(name, value);
  });
  // `/job/%2e%2e` reaches the app resolved, as `/` (request-target.ts): before any route sees that,
  // an encoded dot segment in the path as sent is kept as the text it is, so it is the page of an id
  // or a path no route has: `/job/%2e%2e` is Job Not Found, with no API call, like `/job/%252e%252e`.
  app.use(async (c, next) => {
    const target = rawRequestTarget(c.env);
    if (!target || !hasEncodedDotSegment(target) || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return next();
    c.req.raw = new Request(new URL(escapeEncodedDotSegments(target), c.req.url), c.req.raw);
    return pages(c, next);
  });
  app.get('/health', (c) => c.json({ status: 'ok' }, 200, { 'Cache-Control': 'no-store' }));
  app.get('/runtime-config.json', (c) => c.json(config(), 200, { 'Cache-Control': 'no-cache' }));
  // A CDN-only deployment (static mode) has no server to write these.
  if (mode !== 'static') {
    app.route(
      '/',
      crawlerRoutes({
        config,
        api: listReader,
        workspaces,
        ...(sitemapLimit ? { sitemapLimit } : {}),
        ...(visitorLimit ? { visitorLimit } : {}),
        // The sitemap's part cursors are signed with a key every instance shares.
        ...(apiKey ? { cursorKey: createHmac('sha256', apiKey).update('sitemap-cursors').digest('hex') } : {}),
      }),
    );
    app.route('/', beaconRoute({ config, releases, store: health, attribution, visitorLimit, metrics }));
    app.route('/', ogImageRoutes({ config, api: pageReader, ...(visitorLimit ? { visitorLimit } : {}) }));
    // The first preview card of a process also loads the fonts and the layout engine (~0.5 s).
    if (warmUp) void warmUpOgCards().catch(() => undefined);
  }
  app.use(staticFiles(distDir));
  app.get('*', pages);
  app.all('*', (c) => c.text('Method not allowed', 405, { Allow: 'GET, HEAD', 'Cache-Control': 'no-store' }));
  app.onError((error, c) => {
    // A fault of ours never costs the visitor the page: the client-rendered page, as a CDN would
    // send it, kept by no one.
    log({
      time: new Date().toISOString(),
      level: 'error',
      request_id: c.get('requestId' as never),
      path: c.req.path,
      error: String(error),
    });
    return c.html(template, 200, {
      'Cache-Control': 'no-store',
      'Content-Security-Policy': contentSecurityPolicy(config()),
    });
  });
  return app;
}
