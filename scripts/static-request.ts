/**
 * The rules a static folder's server (scripts/serve-board.ts's serveFolder: the remotes, a preview
 * build, the shell as a CDN-only deployment) keeps before its file server (sirv) answers, the same
 * as the shell's server keeps for its own files (shell/server/http/static-files.ts):
 * - the path is judged as it will be read, decoded (`/x.js.m%61p` is `/x.js.map`): a source map
 *   or a dotfile is never sent;
 * - the encoding is the shared negotiator's choice among the copies the file has (`br;q=0`
 *   refuses brotli), so the file server is told only that one;
 * - a path that names a file and is not there is a plain 404 that no one keeps, even where unknown
 *   paths get the page (a single-page app);
 * - a static folder is read, never written: GET and HEAD are served, OPTIONS says so, any other
 *   method is a 405 (the file server would answer a PUT or a DELETE with the file, 200);
 * - every answer is `nosniff`: a file is what its type says, never what a browser guesses.
 */
import { existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { type Encoding, negotiateEncoding } from '../shared/src/lib/accept-encoding';
import { isFilePath } from '../shell/server/http/static-files';

const isFile = (file: string) => {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

function notFound(res: ServerResponse) {
  res.writeHead(404, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end('Not found');
}

const allowed = 'GET, HEAD, OPTIONS';

/** Sets what every answer carries; answers a method other than GET and HEAD itself (true) or leaves the request (false). */
export function answeredByMethod(req: IncomingMessage, res: ServerResponse): boolean {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (req.method === 'GET' || req.method === 'HEAD') return false;
  if (req.method === 'OPTIONS') {
    res.writeHead(204, { Allow: allowed, 'Cache-Control': 'no-store' });
    res.end();
    return true;
  }
  res.writeHead(405, { Allow: allowed, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end('Method not allowed');
  return true;
}

/** Answers the request itself (a 404) and returns true, or prepares it for the file server and returns false. */
export function answeredBeforeFiles(req: IncomingMessage, res: ServerResponse, folder: string, spa: boolean): boolean {
  let pathname: string;
  try {
    pathname = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/');
  } catch {
    notFound(res);
    return true;
  }
  // Source maps are kept for an error tracker, never published (they name the build's files).
  if (/\.map$/i.test(pathname) || pathname.includes('/.') || pathname.includes('\\') || pathname.includes('\0')) {
    notFound(res);
    return true;
  }
  const file = path.join(folder, path.normalize(pathname), pathname.endsWith('/') ? 'index.html' : '');
  const inside = file === folder || file.startsWith(`${folder}${path.sep}`);
  const exists = inside && isFile(file);
  if (!exists && (!spa || isFilePath(pathname))) {
    notFound(res);
    return true;
  }
  const offered = (['br', 'gzip'] as const).filter((encoding) => exists && existsSync(`${file}${suffix[encoding]}`));
  req.headers['accept-encoding'] = negotiateEncoding(req.headers['accept-encoding'], offered);
  return false;
}

const suffix: Record<Exclude<Encoding, 'identity'>, string> = { br: '.br', gzip: '.gz' };
