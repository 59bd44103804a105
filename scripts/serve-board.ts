/**
 * Serves the built board the way it is deployed: each app is a static folder on its own origin.
 * The shell gets a history fallback and /runtime-config.json; remotes get CORS. Cache headers
 * follow the deploy policy of the README: content-hashed files are immutable for a year,
 * everything else (HTML, manifest, remoteEntry.js, config) is revalidated on every load.
 * Used by `pnpm start`/`pnpm serve`, by `pnpm serve:shell` (scripts/serve-shell.ts) and by the e2e suite (on free ports).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAdaptorServer } from '@hono/node-server';
import sirv from 'sirv';
import { parseRuntimeConfig, type RuntimeConfig } from '../shared/src/config/runtime-config';
import { cacheControlFor, createShellServer, pageApiStaleMs, shellKeyHeader } from '../shell/server/http/shell-server';
import { type VisitorLimit, visitorLimitFromEnv } from '../shell/server/http/visitor-limit';
import { ApiReader } from '../shell/server/pages/api-reader';
import { answeredBeforeFiles, answeredByMethod } from './static-request';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const appFolders = {
  shell: path.join(rootDir, 'shell/dist'),
  listings: path.join(rootDir, 'remote-listings/dist'),
  apply: path.join(rootDir, 'remote-apply/dist'),
  static: path.join(rootDir, 'remote-static/dist'),
} as const;

export type ServedApp = keyof typeof appFolders;

export { cacheControlFor };

export interface StaticServer {
  url: string;
  port: number;
  /**
   * Stops taking connections. Without `drainMs`, every open connection is cut at once (tests, Ctrl-C);
   * with it, the requests in flight are answered first (each answer closes its connection), and
   * whatever is still open after `drainMs` is cut.
   */
  close(drainMs?: number): Promise<void>;
}

/** Listens on `host:port` (`port: 0` picks a free one) and returns how to reach and stop it. */
export async function listen(server: Server, port: number, host = '127.0.0.1'): Promise<StaticServer> {
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  // Before the app's own listener, which may answer at once.
  server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
    inFlight.add(response);
    response.once('close', () => inFlight.delete(response));
    if (draining) response.setHeader('Connection', 'close');
  });
  const bound = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
  return {
    url: `http://${host === '0.0.0.0' ? 'localhost' : host}:${bound}`,
    port: bound,
    close: (drainMs = 0) =>
      new Promise((resolve) => {
        draining = true;
        // Node keeps a connection open after its answer unless the answer says it closes it.
        for (const response of inFlight) if (!response.headersSent) response.setHeader('Connection', 'close');
        const cutOff = setTimeout(() => server.closeAllConnections(), drainMs);
        server.close(() => {
          clearTimeout(cutOff);
          resolve();
        });
        if (drainMs === 0) server.closeAllConnections();
        else server.closeIdleConnections();
      }),
  };
}

/** One static folder on one port. `port: 0` picks a free one. */
export async function serveFolder(options: {
  folder: string;
  port: number;
  host?: string;
  /** Single-page app: unknown paths get index.html (the shell). */
  spa?: boolean;
  cors?: boolean;
  /** Extra routes answered before the files, e.g. /runtime-config.json. */
  routes?: Record<string, () => { type: string; body: string }>;
  /** What the folder holds when it is ready to serve (default: a build's index.html; a release store: releases/). */
  readyWith?: string;
  /** The folder changes while it is served (a release store): each request reads the disk, not a list made at start. */
  live?: boolean;
}): Promise<StaticServer> {
  if (!existsSync(path.join(options.folder, options.readyWith ?? 'index.html'))) {
    throw new Error(`${options.folder} is not built: run \`pnpm build\` first`);
  }
  const folder = path.resolve(options.folder);
  const files = sirv(folder, {
    dev: options.live ?? false,
    etag: true,
    // The build writes .br and .gz beside each asset (scripts/build.ts).
    brotli: true,
    gzip: true,
    single: options.spa ?? false,
    setHeaders(res, pathname) {
      res.setHeader('Cache-Control', cacheControlFor(pathname));
    },
  });
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (options.cors) {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Vary', 'Origin');
    }
    // Read only, and nosniff on every answer (static-request.ts).
    if (answeredByMethod(req, res)) return;
    const route = options.routes?.[(req.url ?? '/').split('?')[0] ?? '/'];
    if (route) {
      const { type, body } = route();
      res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-cache' });
      res.end(body);
      return;
    }
    // No source map, the negotiated encoding only, a missing file a plain 404 (static-request.ts).
    if (answeredBeforeFiles(req, res, folder, options.spa ?? false)) return;
    if (options.spa) res.setHeader('Cache-Control', 'no-cache'); // the fallback index.html
    files(req, res, () => {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end('Not found');
    });
  });
  return listen(server, options.port, options.host);
}

/** The runtime config file of an environment in this repository. */
export function environmentConfigFile(environment: string): string {
  return path.join(rootDir, 'shell/config', `${environment}.json`);
}

/** A runtime config file, validated: the shell's server puts it in pages as it is. */
export function readConfigFile(file: string): RuntimeConfig {
  if (!existsSync(file)) throw new Error(`No runtime config at ${file}`);
  return parseRuntimeConfig(JSON.parse(readFileSync(file, 'utf8')));
}

/** An environment's runtime config (shell/config/<environment>.json), validated. */
export function readEnvironmentConfig(environment: string): RuntimeConfig {
  const file = environmentConfigFile(environment);
  if (!existsSync(file)) throw new Error(`No runtime config for environment "${environment}" (${file})`);
  return readConfigFile(file);
}

/**
 * The shell through its server (shell/server): every page rendered on the server with the route's
 * remote and assembled with the config, the route's manifest, preloads, its head and its status;
 * robots.txt, the sitemap and the feeds. `SHELL_MODE=assemble` sends pages for the browser to
 * render; `SHELL_MODE=static` serves index.html as built, as a CDN-only deployment would. The config is a
 * function, so tests can change it between loads. `BOARD_WORKSPACES` (comma-separated slugs)
 * names the workspace boards the sitemap lists; `LOG_LEVEL=silent` turns the request log off.
 */
export type ShellMode = 'render' | 'assemble' | 'static';

export function shellMode(value: string | undefined): ShellMode {
  if (value === undefined || value === '') return 'render';
  if (value === 'render' || value === 'assemble' || value === 'static') return value;
  throw new Error(`SHELL_MODE must be render, assemble or static (got "${value}")`);
}

export async function serveShell(options: {
  port: number;
  host?: string;
  config: () => RuntimeConfig;
  mode?: ShellMode;
  /** How long a page may take to render before it is sent unrendered (default 1 s). */
  renderBudgetMs?: number;
  workspaces?: string[];
  silent?: boolean;
  /** How long a page waits for the API before it goes out without the API's data (default 800 ms). */
  pageApiTimeoutMs?: number;
  /** The shell's key for the API (default: SHELL_API_KEY). */
  apiKey?: string;
  /**
   * The per-visitor limit on work that reaches the API; default from SHELL_VISITOR_LIMIT_MAX,
   * SHELL_VISITOR_LIMIT_WINDOW_SECONDS and TRUSTED_PROXIES (visitor-limit.ts); null: none.
   */
  visitorLimit?: VisitorLimit | null;
}): Promise<StaticServer> {
  if (!existsSync(path.join(appFolders.shell, 'index.html'))) {
    throw new Error(`${appFolders.shell} is not built: run \`pnpm build\` first`);
  }
  const apiKey = options.apiKey ?? process.env.SHELL_API_KEY;
  const visitorLimit = options.visitorLimit === undefined ? visitorLimitFromEnv(process.env) : options.visitorLimit;
  const app = createShellServer({
    distDir: appFolders.shell,
    apiKey,
    config: options.config,
    mode: options.mode ?? shellMode(process.env.SHELL_MODE),
    ...(options.renderBudgetMs ? { renderBudgetMs: options.renderBudgetMs } : {}),
    workspaces: () =>
      options.workspaces ??
      (process.env.BOARD_WORKSPACES ?? '')
        .split(',')
        .map((slug) => slug.trim())
        .filter(Boolean),
    ...(options.silent || process.env.LOG_LEVEL === 'silent' ? { log: () => {} } : {}),
    ...(visitorLimit ? { visitorLimit } : {}),
    ...(options.pageApiTimeoutMs
      ? {
          pageApi: new ApiReader({
            timeoutMs: options.pageApiTimeoutMs,
            staleMs: pageApiStaleMs,
            headers: apiKey ? { [shellKeyHeader]: apiKey } : undefined,
          }),
        }
      : {}),
  });
  const server = createAdaptorServer({ fetch: app.fetch }) as Server;
  return listen(server, options.port, options.host);
}

export function serveRemote(app: Exclude<ServedApp, 'shell'>, port: number, host?: string, folder = appFolders[app]) {
  return serveFolder({ folder, port, host, cors: true });
}

/** A remote's folder of a release store (`<store>/<app>/`: its releases and its pointer), as a static host serves it. */
export function serveReleases(folder: string, port: number, host?: string) {
  return serveFolder({ folder, port, host, cors: true, readyWith: 'releases', live: true });
}
