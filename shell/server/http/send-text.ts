import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCallback } from 'node:zlib';
import { type Encoding, negotiateEncoding } from '@board/shared/lib/accept-encoding';
import type { Context } from 'hono';

const gzip = promisify(gzipCallback);
const brotli = promisify(brotliCompress);

/**
 * A text answer (a page, a sitemap, a feed), compressed as the client accepts (q=0 refuses an
 * encoding), on libuv's threads rather than the event loop. Brotli at quality 5 and gzip at 6:
 * these are made per request, so the cheap end of each.
 */
export async function sendText(
  c: Context,
  text: string,
  status: 200 | 404 | 410,
  headers: Record<string, string>,
  /** Keeps each encoding's bytes of this text (a page the server keeps is compressed once per encoding). */
  compressed?: Map<Encoding, Promise<Uint8Array>>,
) {
  const vary = headers.Vary ? headers.Vary : 'Accept-Encoding';
  const encoding = negotiateEncoding(c.req.header('Accept-Encoding'));
  if (encoding === 'identity' || text.length < 1024) return c.body(text, status, { ...headers, Vary: vary });
  let body = compressed?.get(encoding);
  if (!body) {
    body = compress(text, encoding);
    compressed?.set(encoding, body);
  }
  return c.body(new Uint8Array(await body), status, { ...headers, Vary: vary, 'Content-Encoding': encoding });
}

async function compress(text: string, encoding: Exclude<Encoding, 'identity'>): Promise<Uint8Array> {
  return encoding === 'br'
    ? brotli(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzip(text, { level: 6 });
}
