import type { RuntimeConfig } from '@board/shared/config/runtime-config';
import { createBrowserRouter, RouterProvider } from '@board/shared/lib/router';
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
}: {
  config: RuntimeConfig;
  queryClient: QueryClient;
  router: ReturnType<typeof createBrowserRouter>;
}) {
  return (
    <RuntimeConfigProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </RuntimeConfigProvider>
  );
}

export function createRouter() {
  return createBrowserRouter(createRouteObjects());
}
