import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCallback } from 'node:zlib';
import { negotiateEncoding } from '@board/shared/lib/accept-encoding';
import type { Context } from 'hono';

const gzip = promisify(gzipCallback);
const brotli = promisify(brotliCompress);

/**
 * A text answer (a page, a sitemap, a feed), compressed as the client accepts (q=0 refuses an
 * encoding), on libuv's threads rather than the event loop. Brotli at quality 5 and gzip at 6:
 * these are made per request, so the cheap end of each.
 */
export async function sendText(c: Context, text: string, status: 200 | 404, headers: Record<string, string>) {
  const vary = headers.Vary ? headers.Vary : 'Accept-Encoding';
  const encoding = negotiateEncoding(c.req.header('Accept-Encoding'));
  if (encoding === 'identity' || text.length < 1024) return c.body(text, status, { ...headers, Vary: vary });
  const body =
    encoding === 'br'
      ? await brotli(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : await gzip(text, { level: 6 });
  return c.body(new Uint8Array(body), status, { ...headers, Vary: vary, 'Content-Encoding': encoding });
}
