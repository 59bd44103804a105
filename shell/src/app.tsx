import type { RuntimeConfig } from '@board/shared/config/runtime-config';
import { createBrowserRouter } from '@board/shared/lib/router';
import { RuntimeConfigProvider } from '@board/shared/react/runtime-config';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
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
 * on the shell's server (shell/server/render-page.tsx), with the same tree inside, so the page the
 * server sends hydrates as it is. `firstPage`: the first page's remote module, already loaded (the
 * server loads it before it renders; the browser before it hydrates).
 */
export function App({
  config,
  queryClient,
  firstPage = null,
  children,
}: {
  config: RuntimeConfig;
  queryClient: QueryClient;
  firstPage?: FirstPage | null;
  /** The router provider. */
  children: ReactNode;
}) {
  return (
    <RuntimeConfigProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <FirstPageProvider value={firstPage}>{children}</FirstPageProvider>
      </QueryClientProvider>
    </RuntimeConfigProvider>
  );
}

export function createRouter() {
  return createBrowserRouter(createRouteObjects());
}
