import type { RuntimeConfig } from '@board/shared/config/runtime-config';
import { QueryClient, QueryClientProvider } from '@board/shared/lib/query';
import { BrowserRouter, useRoutes } from '@board/shared/lib/router';
import { RenderTimeProvider } from '@board/shared/react/render-time';
import { RuntimeConfigProvider } from '@board/shared/react/runtime-config';
import { type ReactNode, useState } from 'react';
import { type FirstPage, FirstPageProvider } from './features/remotes/remote-page';
import { createRouteObjects } from './routes/route-table';

/** The one QueryClient of the page; remotes reach it through the shared react-query singleton. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

/**
 * The page's providers around its router: the browser's router in the browser, the static router
 * on the shell's server (shell/server/pages/render-page.tsx), with the same tree inside, so the page the
 * server sends hydrates as it is. `firstPage`: the first page's remote module, already loaded (the
 * server loads it before it renders; the browser before it hydrates).
 */
export function App({
  config,
  queryClient,
  firstPage = null,
  renderedAt,
  children,
}: {
  config: RuntimeConfig;
  queryClient: QueryClient;
  firstPage?: FirstPage | null;
  /**
   * When the server rendered the page (ms since the epoch, from its boot data): the server and
   * hydration show dates as of then (@board/shared/react/render-time). Default: the first render.
   */
  renderedAt?: number;
  /** The router provider. */
  children: ReactNode;
}) {
  return (
    <RuntimeConfigProvider config={config}>
      <RenderTimeProvider time={renderedAt}>
        <QueryClientProvider client={queryClient}>
          <FirstPageProvider value={firstPage}>{children}</FirstPageProvider>
        </QueryClientProvider>
      </RenderTimeProvider>
    </RuntimeConfigProvider>
  );
}

/** The board's routes (src/routes/route-table.tsx), under whichever router is around them. */
export function BoardRoutes() {
  const [routes] = useState(createRouteObjects);
  return useRoutes(routes);
}

/**
 * The browser's router. Its updates are not transitions: a controlled field that writes the URL
 * (a search typed, a filter ticked) would otherwise first snap back to its old value, and a page
 * of another remote shows its loading placeholder at once either way (a Suspense boundary of its own).
 */
export function BoardBrowserRouter() {
  return (
    <BrowserRouter useTransitions={false}>
      <BoardRoutes />
    </BrowserRouter>
  );
}
