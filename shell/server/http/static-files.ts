import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { negotiateEncoding } from '@board/shared/lib/accept-encoding';
import type { Context, MiddlewareHandler } from 'hono';

const hashed = /\.[0-9a-f]{10}\.(?:js|css|svg|png|woff2?)$/;

/** The deploy policy of the README: hashed files are immutable, everything else is revalidated. */
export function cacheControlFor(pathname: string): string {
  if (hashed.test(pathname)) return 'public, max-age=31536000, immutable';
  // A release pointer is read with the manifests' freshness: at most 5 s old, by the CDN and the browser alike.
  if (pathname.endsWith('/releases/pointer.json')) return 'public, max-age=5';
  return 'no-cache';
}

/** A startup chunk of the shell's build (not the entry, not a `lazy-*` chunk). */
export const isHashedAsset = (file: string) => hashed.test(file);

const types: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/**
 * What a path that names a file looks like: a dotfile or one in a dot folder (/.env, /.git/config), or a name ending in an extension
 * files have (/x.php, /favicon.ico, /main.js.map). A page's path may hold a dot too (a workspace
 * slug such as /acme.io, a job id such as /job/5.0): such a path is a page.
 */
const fileExtensions =
  /\.(?:js|mjs|cjs|css|map|json|ico|png|jpe?g|gif|svg|webp|avif|bmp|tiff?|woff2?|ttf|otf|eot|txt|xml|html?|php\d?|aspx?|jsp|cgi|pl|py|rb|sh|bat|exe|dll|env|ini|cfg|conf|config|bak|old|orig|swp|sql|db|sqlite|log|ya?ml|toml|lock|zip|tar|gz|tgz|br|7z|rar|pdf|docx?|xlsx?|csv|mp[34]|webm|wasm|webmanifest)$/i;

export function isFilePath(pathname: string): boolean {
  const name = pathname.slice(pathname.lastIndexOf('/') + 1);
  return pathname.includes('/.') || fileExtensions.test(name);
}

interface File {
  type: string;
  etag: string;
  bodies: Partial<Record<'identity' | 'br' | 'gzip', Uint8Array>>;
  cacheControl: string;
}

/**
 * The shell's built files, read into memory when the server starts (the shell's build is a few
 * hundred KB) with their precompressed .br and .gz copies; index.html is the page template, never
 * sent as a file. A file path that is not in the build is a plain 404 that no one keeps; any other
 * path goes on to the pages. Source maps are not served.
 */
export function staticFiles(distDir: string): MiddlewareHandler {
  const files = new Map<string, File>();
  for (const name of readdirSync(distDir, { recursive: true }) as string[]) {
    const full = path.join(distDir, name);
    const ext = path.extname(name);
    if (!statSync(full).isFile() || ext === '.br' || ext === '.gz' || ext === '.map' || name === 'index.html') continue;
    const body = readFileSync(full);
    const read = (suffix: string) => {
      try {
        return readFileSync(`${full}${suffix}`);
      } catch {
        return undefined;
      }
    };
    const urlPath = `/${name.split(path.sep).join('/')}`;
    files.set(urlPath, {
      type: types[ext] ?? 'application/octet-stream',
      etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 16)}"`,
      bodies: { identity: body, br: read('.br'), gzip: read('.gz') },
      cacheControl: cacheControlFor(urlPath),
    });
  }
  const missing = (c: Context) =>
    c.text('Not found', 404, { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });

  return async (c, next) => {
    const file = files.get(c.req.path);
    if (!file) return isFilePath(c.req.path) ? missing(c) : next();
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD')
      return c.text('Method not allowed', 405, { Allow: 'GET, HEAD', 'Cache-Control': 'no-store' });
    const offered = (['br', 'gzip'] as const).filter((encoding) => file.bodies[encoding]);
    const encoding = negotiateEncoding(c.req.header('Accept-Encoding'), offered);
    const headers: Record<string, string> = {
      'Content-Type': file.type,
      'Cache-Control': file.cacheControl,
      ETag: encoding === 'identity' ? file.etag : `W/${file.etag}`,
      Vary: 'Accept-Encoding',
      'X-Content-Type-Options': 'nosniff',
    };
    if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
    const match = c.req.header('If-None-Match');
    if (match?.split(',').some((tag) => tag.trim() === headers.ETag)) return c.body(null, 304, headers);
    const body = file.bodies[encoding] ?? file.bodies.identity ?? new Uint8Array();
    if (c.req.method === 'HEAD') return c.body(null, 200, headers);
    return c.body(new Uint8Array(body), 200, headers);
  };
}
