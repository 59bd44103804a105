import { negotiateEncoding } from '@board/shared/lib/accept-encoding';
import type { Context } from 'hono';
import { pageCacheControl } from '../http/page-cache-control';
import { sendText } from '../http/send-text';
import { type SitemapEntry, sitemapUrl, urlsetEnd, urlsetStart } from './crawler-files';

/** A CDN keeps these a few minutes and may serve them stale while it fetches anew; browsers revalidate. */
export const crawlerCacheControl = 'public, max-age=0, s-maxage=300, stale-while-revalidate=3600';

/**
 * A crawler file that is not there (a sitemap part the index did not name, a feed of no board):
 * plain text, kept briefly by a CDN as a missing page is (pageCacheControl.missing).
 */
export const sendCrawlerMissing = (c: Context) =>
  c.text('Not found', 404, { 'Cache-Control': pageCacheControl.missing });

/** A crawler file written whole (robots.txt, a feed, a sitemap index), compressed as the client accepts. */
export const sendCrawlerFile = (c: Context, body: string, type: string) =>
  sendText(c, body, 200, { 'Content-Type': `${type}; charset=utf-8`, 'Cache-Control': crawlerCacheControl });

/**
 * A urlset written as it is read: the first part is read before the answer starts (so an API
 * that is down is still a 503); a failure later cuts the answer off, and the crawler comes back.
 */
export async function streamUrlset(c: Context, parts: AsyncGenerator<SitemapEntry[]>) {
  const first = await parts.next();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(urlsetStart));
      if (!first.done)
        controller.enqueue(encoder.encode(first.value.map((entry) => `${sitemapUrl(entry)}\n`).join('')));
    },
    async pull(controller) {
      const next = first.done ? first : await parts.next();
      if (next.done) {
        controller.enqueue(encoder.encode(urlsetEnd));
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(next.value.map((entry) => `${sitemapUrl(entry)}\n`).join('')));
    },
    cancel() {
      void parts.return(undefined);
    },
  });
  const gzip = negotiateEncoding(c.req.header('Accept-Encoding'), ['gzip']) === 'gzip';
  const compressed = gzip
    ? body.pipeThrough(new CompressionStream('gzip') as ReadableWritablePair<Uint8Array, Uint8Array>)
    : body;
  return c.body(compressed, 200, {
    'Content-Type': 'application/xml; charset=utf-8',
    'Cache-Control': crawlerCacheControl,
    Vary: 'Accept-Encoding',
    ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
  });
}
