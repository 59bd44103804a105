import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const compressible = /^(application\/json|image\/svg\+xml|text\/)/;

/** Brotli or gzip for text responses over 1 KB, by the client's Accept-Encoding. */
export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const accepted = c.req.header('accept-encoding') ?? '';
    const type = c.res.headers.get('content-type') ?? '';
    if (!c.res.body || c.res.headers.has('content-encoding') || !compressible.test(type) || c.req.method === 'HEAD')
      return;
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
    if (!encoding) return;
    const raw = Buffer.from(await c.res.clone().arrayBuffer());
    if (raw.byteLength < 1024) return;
    const body =
      encoding === 'br'
        ? await brotli(raw, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength },
          })
        : await gzipAsync(raw, { level: 6 });
    const headers = new Headers(c.res.headers);
    headers.set('Content-Encoding', encoding);
    headers.set('Content-Length', String(body.byteLength));
    headers.append('Vary', 'Accept-Encoding');
    const etag = headers.get('ETag');
    if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
    c.res = new Response(body, { status: c.res.status, headers });
  };
}
