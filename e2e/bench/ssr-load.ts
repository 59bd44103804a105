/**
 * The shell's server under load for one page (autocannon in a worker thread, so it never shares
 * the event loop of a server running in the bench's own process), after checking it is the page.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const ssrConnections = 10;
export const ssrSeconds = 10;
export const ssrWarmupSeconds = 3;
const ssrVerifyFile = fileURLToPath(new URL('./ssr-verify.cjs', import.meta.url));
const { renderedContent } = createRequire(import.meta.url)(ssrVerifyFile) as {
  renderedContent: (html: string) => string;
};
/** Text as React writes it into HTML. */
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c] ?? c);

export interface SsrResult {
  /** The page carried its content (the job's title, the first cards) outside its head and scripts. */
  rendered: boolean;
  /** Pages per second, mean of the per-second samples. */
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Bodies checked: every one of the warm-up's, and the page after the timed run. */
  checked: number;
  /** Bodies checked that were not the page checked before the run (a fallback, when it was rendered). */
  mismatches: number;
  /** Responses in the timed run. */
  responses: number;
  /** Bytes on the wire per response (headers and the gzip body a browser gets), from autocannon. */
  bytesPerPage: number;
  /** The page's HTML, decompressed. */
  htmlBytes: number;
  /** `<article>` elements in the rendered content (job cards on `/`). */
  articles: number;
}

/** One page as a browser gets it: status 200, and for a job page the job's title somewhere in it. */
async function fetchPage(url: string, page: 'job' | 'board', expectedTitle: string) {
  const response = await fetch(url, { redirect: 'manual', headers: { 'accept-encoding': 'br, gzip' } });
  const html = await response.text();
  if (response.status !== 200) throw new Error(`SSR bench: ${url} answered ${response.status}, not 200`);
  if (page === 'job' && !html.includes(escapeHtml(expectedTitle)))
    throw new Error(`SSR bench: ${url} does not contain the job's title "${expectedTitle}" anywhere`);
  const content = renderedContent(html);
  return { html, content, rendered: content.includes(escapeHtml(expectedTitle)) };
}

/**
 * The shell's server under load for one page, after checking it is the page: status 200, and the
 * job's title in its rendered content (on `/`, the newest job's card). A page without it (the
 * client-rendered page of today, or the fallback of a failed render) fails the section, unless
 * BENCH_SSR_ALLOW_UNRENDERED=1: then its figures are reported as not rendered. A job page must
 * carry the job's title in any case (the server writes the head of every page).
 *
 * The warm-up checks every body under the same load, uncompressed: autocannon cannot decompress a
 * body, so the timed run (compressed, as a browser or a CDN asks) is checked by its status codes and
 * by the page once more after it.
 */
export async function ssrLoad(url: string, page: 'job' | 'board', expectedTitle: string): Promise<SsrResult> {
  const { html, content, rendered } = await fetchPage(url, page, expectedTitle);
  if (!rendered && process.env.BENCH_SSR_ALLOW_UNRENDERED !== '1') {
    throw new Error(
      `SSR bench: ${url} has no server-rendered content (no "${expectedTitle}" outside its head and scripts): ` +
        'the client-rendered page or the fallback of a failed render, not a render. ' +
        'BENCH_SSR_ALLOW_UNRENDERED=1 measures it anyway (reported as not rendered).',
    );
  }
  // Rendered: every body must carry the render. Not rendered (allowed): the same <title> as checked.
  const pageTitle = /<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? '';
  process.env.BENCH_SSR_VERIFY = JSON.stringify(
    rendered ? { text: escapeHtml(expectedTitle), inBody: true } : { text: `<title>${pageTitle}</title>` },
  );
  // The load generator in a worker thread: this thread is the shell's server's.
  const warmup = await autocannon({
    url,
    connections: ssrConnections,
    workers: 1,
    duration: ssrWarmupSeconds,
    headers: { 'accept-encoding': 'identity' },
    // In workers mode autocannon takes the function's file, which its types do not know.
    verifyBody: ssrVerifyFile as unknown as autocannon.Options['verifyBody'],
  });
  const result = await autocannon({
    url,
    connections: ssrConnections,
    workers: 1,
    duration: ssrSeconds,
    headers: { 'accept-encoding': 'br, gzip' },
  });
  const after = await fetchPage(url, page, expectedTitle);
  return {
    rendered,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: warmup.non2xx + result.non2xx,
    errors: warmup.errors + warmup.timeouts + result.errors + result.timeouts,
    checked: warmup.requests.total + 1,
    mismatches: warmup.mismatches + (after.rendered === rendered ? 0 : 1),
    responses: result.requests.total,
    bytesPerPage: result.requests.total > 0 ? Math.round(result.throughput.total / result.requests.total) : 0,
    htmlBytes: Buffer.byteLength(html),
    articles: (content.match(/<article\b/g) ?? []).length,
  };
}
