import type { RuntimeConfig } from '@board/shared/config/runtime-config';
import { createBrowserRouter, RouterProvider } from '@board/shared/lib/router';
import { RenderTimeProvider } from '@board/shared/react/render-time';
import { RuntimeConfigProvider } from '@board/shared/react/runtime-config';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRouteObjects } from './routes/route-table';

/** The one QueryClient of the page; remotes reach it through the shared react-query singleton. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

export function App({
  config,
  queryClient,
  router,
  renderedAt,
}: {
  config: RuntimeConfig;
  queryClient: QueryClient;
  router: ReturnType<typeof createBrowserRouter>;
  /**
   * When the server rendered the page (ms since the epoch, from its boot data): the server and
   * hydration show dates as of then (@board/shared/react/render-time). Default: the first render.
   */
  renderedAt?: number;
}) {
  return (
    <RuntimeConfigProvider config={config}>
      <RenderTimeProvider time={renderedAt}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </RenderTimeProvider>
    </RuntimeConfigProvider>
  );
}

export function createRouter() {
  return createBrowserRouter(createRouteObjects());
}
