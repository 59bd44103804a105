/**
 * Serves the built board's static folders the way they are deployed: each app is a static folder
 * on its own origin, the remotes with CORS (or a remote's release store, read live). Cache headers
 * follow the deploy policy of the README: content-hashed files are immutable for a year,
 * everything else (HTML, manifest, remoteEntry.js, config) is revalidated on every load. Local
 * tooling: `pnpm start`/`pnpm serve`, `pnpm serve:folder` and the e2e suite (on free ports); the
 * shell's server is a service of its own (shell/server/server.ts).
 */
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';
import { type ListeningServer, listen } from '../shell/server/http/listen';
import { cacheControlFor } from '../shell/server/shell-server';
import { answeredBeforeFiles, answeredByMethod } from './static-request';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const appFolders = {
  shell: path.join(rootDir, 'shell/dist'),
  listings: path.join(rootDir, 'remote-listings/dist'),
  apply: path.join(rootDir, 'remote-apply/dist'),
  static: path.join(rootDir, 'remote-static/dist'),
} as const;

export type ServedApp = keyof typeof appFolders;

export { cacheControlFor, listen };

export type StaticServer = ListeningServer;

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

export function serveRemote(app: Exclude<ServedApp, 'shell'>, port: number, host?: string, folder = appFolders[app]) {
  return serveFolder({ folder, port, host, cors: true });
}

/**
 * The release folders this process serves, by the address each is served at: a board started in
 * the same process (e2e/support/board.ts) gates the store its config's pointers are served from.
 */
export const servedReleaseFolders = new Map<string, string>();

/** A remote's folder of a release store (`<store>/<app>/`: its releases and its pointer), as a static host serves it. */
export async function serveReleases(folder: string, port: number, host?: string): Promise<StaticServer> {
  const server = await serveFolder({ folder, port, host, cors: true, readyWith: 'releases', live: true });
  servedReleaseFolders.set(server.url, folder);
  return {
    ...server,
    close: (drainMs?: number) => {
      servedReleaseFolders.delete(server.url);
      return server.close(drainMs);
    },
  };
}
