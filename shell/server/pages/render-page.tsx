import { Writable } from 'node:stream';
import type { RuntimeConfig } from '@board/shared/config/runtime-config';
import type { QueryClient } from '@tanstack/react-query';
import { renderToPipeableStream } from 'react-dom/server';
// The static router lives beside the browser router the shell imports through its facade
// (@board/shared/lib/router re-exports react-router-dom): the same package, one instance.
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { App } from '../../src/app';
import type { FirstPage } from '../../src/features/remotes/remote-page';
import { createRouteObjects } from '../../src/routes/route-table';
import { queriesScript } from './page-queries';

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** Tags React hoists to the head (e.g. a preloaded image), apart from the title and meta tags. */
  head: string;
  /**
   * The queries the page was rendered with, for the browser's QueryClient: TanStack Query's
   * dehydrated state as JSON, escaped for a <script> (page-queries.ts, queriesScript).
   */
  queries: string;
}

const handler = createStaticHandler(createRouteObjects());

/**
 * Renders the whole page (the shell's layout and the route's remote page) as the browser will
 * hydrate it: the same App and route table, with the static router in place of the browser's.
 * The queries the page reads are in `queryClient` already; the remote page's component is loaded
 * already (`firstPage`), so nothing suspends and the render is one pass. React's streaming
 * renderer writes the markup; it is collected, so a failure or a render past `signal` sends the
 * client-rendered page instead (never half a page). Rejects on any error.
 */
export async function renderPage({
  url,
  config,
  queryClient,
  firstPage,
  renderedAt,
  signal,
}: {
  url: URL;
  config: RuntimeConfig;
  queryClient: QueryClient;
  firstPage: FirstPage;
  /** The page's time (ms since the epoch): relative dates are written as of then, and hydrate so. */
  renderedAt: number;
  signal: AbortSignal;
}): Promise<RenderedPage> {
  const context = await handler.query(new Request(url.href, { signal }));
  if (context instanceof Response) throw new Error(`the route answered ${context.status} instead of rendering`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = await new Promise<string>((resolve, reject) => {
    let failed: unknown = null;
    const stream = renderToPipeableStream(
      <App config={config} queryClient={queryClient} firstPage={firstPage} renderedAt={renderedAt}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </App>,
      {
        // Every boundary inline, however large: React would otherwise send a large one after the
        // page, hidden, for a script to swap in (no content without JavaScript).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          if (failed) return;
          const chunks: Buffer[] = [];
          stream.pipe(
            new Writable({
              write(chunk: Buffer, _encoding, done) {
                chunks.push(chunk);
                done();
              },
              final(done) {
                resolve(Buffer.concat(chunks).toString('utf8'));
                done();
              },
            }),
          );
        },
        onShellError: reject,
        // An error inside a Suspense boundary would otherwise be left to the browser to render.
        onError(error) {
          failed = error;
          reject(error);
        },
      },
    );
    signal.addEventListener('abort', () => {
      stream.abort(signal.reason);
      reject(signal.reason);
    });
  });
  const { body, head } = splitHoisted(html);
  return { html: body, head, queries: queriesScript(queryClient) };
}

const hoisted = /^(?:<title>[^<]*<\/title>|<meta\b[^>]*>|<link\b[^>]*>)+/;

/**
 * React writes the elements it hoists to the head (a page's <title> and <meta>, preloads) before a
 * tree that is not a whole document. The page's own head (page-head.ts) already says the title
 * and description, for crawlers and previews, so those go; links move to the head.
 */
export function splitHoisted(html: string): { body: string; head: string } {
  const leading = hoisted.exec(html)?.[0] ?? '';
  return {
    body: html.slice(leading.length),
    head: (leading.match(/<link\b[^>]*>/g) ?? []).join(''),
  };
}
