import { ApiError, errorLine } from '@board/shared/api/api-client';
import { readCookie, releaseCookieName } from '@board/shared/config/release-assignment';
import type { RuntimeConfig } from '@board/shared/config/runtime-config';
import type { Encoding } from '@board/shared/lib/accept-encoding';
import type { Log } from '@board/shared/lib/request-log';
import { QueryClient } from '@tanstack/react-query';
import type { Context } from 'hono';
import { pageKey } from '../../src/features/remotes/remote-page';
import type { ShellMode } from '../config';
import { pageCacheControl, pageCacheControlOf, pageVaryHeader } from '../http/page-cache-control';
import { contentSecurityPolicy, inlineScriptHashes, securityHeaders } from '../http/security-headers';
import { sendText } from '../http/send-text';
import type { ShellMetrics } from '../http/shell-metrics';
import type { VisitorLimit } from '../http/visitor-limit';
import type { ApiReader } from '../reader/api-reader';
import { type ManifestCache, manifestAssets, type RemoteManifest } from '../remotes/manifest-cache';
import { type ReleasePointers, releasesHeader, visitorReleases } from '../remotes/release-pointers';
import type { ServerRemotes } from '../remotes/server-remotes';
import { assemblePage } from './assemble-page';
import { boardAddress } from './board-address';
import { identity, keptPages } from './kept-pages';
import { renderHead } from './page-head';
import { pageOutcome } from './page-outcome';
import { type PagePlan, planPage } from './page-plan';
import { loadPageQueries, type PageQueries } from './page-queries';
import { type RenderedPage, renderPage } from './render-page';
import type { Stylesheets } from './stylesheets';

export interface PageRouteOptions {
  template: string;
  config: () => RuntimeConfig;
  /** A page route serves the modes that have pages (`static` serves index.html as built). */
  mode: Exclude<ShellMode, 'static'>;
  renderBudgetMs: number;
  manifests: ManifestCache;
  /** The remotes' release pointers (release-pointers.ts). */
  releases: ReleasePointers;
  /** Draws a new visitor's canary chance (default Math.random). */
  random?: () => number;
  remotes: Pick<ServerRemotes, 'page'>;
  pageApi: ApiReader;
  shellAssets: { js: string[]; css: string[] };
  /** The first view's stylesheets, written into the page. */
  stylesheets: Stylesheets;
  /**
   * How long a rendered page is kept and sent again as it is, for the same address and layout (0:
   * never). Shorter than the API answers it is made of are kept (api-reader.ts), so it adds little
   * staleness, and a burst of visits to one page costs one render and one compression per encoding.
   */
  keepPagesMs?: number;
  /** A page that is not kept is read from the API and rendered: counted per visitor (visitor-limit.ts). */
  visitorLimit?: VisitorLimit;
  log: Log;
  /** Kept pages' hits, render times and remotes that failed to load (shell-metrics.ts). */
  metrics?: ShellMetrics;
}

type Rendered = RenderedPage & { at: number };

/**
 * Every page, as one line: the route of the path -> its API calls, read into a QueryClient by
 * the pages' own queries -> the page rendered on the server with the route's remote (its Node
 * build) -> its status and head, from the route's own head -> assembled into the shell's HTML (the
 * config, the manifest, the preloads, the boot data) -> sent, compressed, with who may keep it.
 * A step that fails leaves the page to the browser: the page still goes out, unrendered, and no
 * shared cache keeps it.
 */
export function pageRoute(options: PageRouteOptions) {
  const {
    template,
    config,
    mode,
    renderBudgetMs,
    manifests,
    releases,
    remotes,
    pageApi,
    shellAssets,
    stylesheets,
    log,
  } = options;
  const keepPagesMs = options.keepPagesMs ?? 5_000;
  const kept = keptPages();
  const warn = (c: Context, message: string, extra: Record<string, unknown> = {}) =>
    log({
      time: new Date().toISOString(),
      level: 'warn',
      request_id: c.get('requestId' as never),
      message,
      path: c.req.path,
      ...extra,
    });

  /** The route's remote page component, or why the page cannot be rendered. */
  const remotePage = async (plan: PagePlan, manifest: RemoteManifest | null) => {
    // The browser hydrates with the build whose manifest the page carries.
    if (!manifest) throw new Error(`the ${plan.route.remote} remote's manifest is not available`);
    return remotes.page(plan.route.remote, manifest, plan.route.module);
  };

  return async (c: Context) => {
    const configured = config();
    // The page's own address is the config's site with the request's path and query: the Host
    // header and an absolute-form request target are the client's to choose, and a kept page is
    // sent to every visitor.
    const requested = new URL(c.req.url);
    const sent = new URL(`${requested.pathname}${requested.search}`, configured.siteUrl);
    // A country's name the filter form sent is read as its code (board-address.ts).
    const read = boardAddress(sent);
    const url = read ?? sent;
    const preview = url.searchParams.has('preview_remote');
    // 0. The visitor's releases: the config the page carries names each remote's chosen release.
    const visitor = await visitorReleases(configured, releases, readCookie(c.req.header('Cookie'), releaseCookieName), {
      secure: url.protocol === 'https:',
      ...(options.random ? { random: options.random } : {}),
    });
    const current = visitor.config;
    // What only this visitor's answer carries: a new choice of releases, kept by no shared cache.
    const perVisitor = (headers: Record<string, string>): Record<string, string> =>
      visitor.setCookie
        ? {
            ...headers,
            'Cache-Control': preview ? pageCacheControl.preview : pageCacheControl.assigned,
            'Set-Cookie': visitor.setCookie,
          }
        : headers;
    const started = Date.now();
    const budget = AbortSignal.timeout(renderBudgetMs);
    // 1. The route.
    const plan = planPage(url.pathname, url.searchParams);
    const manifest = plan ? manifests.get(current.remotes[plan.route.remote]) : Promise.resolve(null);
    // A kept page is sent again only with the same config and the same read of the remote's
    // manifest: a redeployed or unreachable remote, or a new config, is a page made anew.
    const key = `${identity(configured)} ${visitor.key} ${identity(await manifest)} ${url.pathname}${url.search}`;
    const hit = kept.get(key);
    options.metrics?.cache('pages', Boolean(hit && Date.now() < hit.until));
    if (hit && Date.now() < hit.until)
      return sendText(c, hit.html, hit.status, perVisitor(hit.headers), hit.compressed);
    // Past its visitor's limit, a page is the browser's to render: no API call, no render.
    const limited = plan !== null && (await options.visitorLimit?.admit(c))?.allowed === false;
    // The remote's code loads while the API is read. A previewed remote is the browser's to load.
    const willRender = mode === 'render' && plan !== null && !preview && !limited;
    const component = willRender ? manifest.then((loaded) => remotePage(plan, loaded)) : null;
    component?.catch(() => plan && options.metrics?.remoteFailed(plan.route.remote));
    // 2. Its calls, into a QueryClient.
    const queries: PageQueries | null = !plan
      ? null
      : limited
        ? { queryClient: new QueryClient(), complete: false, read: () => undefined }
        : await loadPageQueries(plan, current, pageApi, (what, error) => {
            // One line with the request id: a refused search is the visitor's input, an outage a warning.
            const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
            log({
              time: new Date().toISOString(),
              level: refused ? 'info' : 'warn',
              request_id: c.get('requestId' as never),
              message: what,
              path: c.req.path,
              error: errorLine(error),
            });
          });
    if (queries && !queries.complete && !limited) warn(c, 'page sent without the API data (slow or down)');
    // 3. The page rendered.
    let rendered: Rendered | undefined;
    if (component && plan && queries?.complete) {
      try {
        const Component = await Promise.race([
          component,
          new Promise<never>((_, reject) => {
            if (budget.aborted) reject(budget.reason);
            budget.addEventListener('abort', () => reject(budget.reason));
          }),
        ]);
        const renderStarted = performance.now();
        const page = await renderPage({
          url,
          config: current,
          queryClient: queries.queryClient,
          firstPage: { key: pageKey(plan.route.remote, plan.route.module), Component },
          renderedAt: started,
          signal: budget,
        });
        rendered = { ...page, at: started };
        options.metrics?.rendered(plan.route.remote, (performance.now() - renderStarted) / 1000);
      } catch (error) {
        // The client-rendered page, as without this server: its error panel and Retry included.
        warn(c, 'page sent unrendered: the browser renders it', { error: String(error) });
      }
    }
    // 4. Its status and head, from its route's own head (a rendered page carries its JSON-LD itself).
    const outcome = pageOutcome(plan, url, current, queries, rendered !== undefined);
    // 5. Assembled.
    const head = renderHead(outcome.head, current);
    const remoteManifest = preview ? null : await manifest;
    const remoteCss = plan && remoteManifest ? manifestAssets(remoteManifest, plan.route.module).css : [];
    const inlineStyles = await stylesheets.inline(
      [...shellAssets.css, ...remoteCss],
      remoteManifest ? new URL(remoteManifest.url).origin : null,
    );
    const html = assemblePage({
      template,
      config: current,
      url,
      plan,
      manifest: await manifest,
      shellAssets,
      head,
      rendered,
      inlineStyles,
      readAddress: read !== null,
    });
    // 6. Sent.
    const cacheControl = pageCacheControlOf({
      limited,
      preview,
      unrendered: (willRender && !rendered) || queries?.complete === false,
      status: outcome.status,
    });
    const headers: Record<string, string> = {
      'Content-Type': 'text/html; charset=UTF-8',
      'Cache-Control': cacheControl,
      Vary: pageVaryHeader(Object.keys(configured.releases ?? {}).length > 0),
      [releasesHeader]: visitor.header,
      'Content-Security-Policy': contentSecurityPolicy(current, inlineScriptHashes(html)),
      ...securityHeaders(current),
    };
    // Only the page it should be is kept: not one sent unrendered, and never a preview.
    const compressed = new Map<Encoding, Promise<Uint8Array>>();
    if (keepPagesMs > 0 && cacheControl !== pageCacheControl.unrendered && !preview && !limited)
      kept.keep(key, { until: Date.now() + keepPagesMs, html, status: outcome.status, headers, compressed });
    return sendText(c, html, outcome.status, perVisitor(headers), compressed);
  };
}
