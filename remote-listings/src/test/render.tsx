import { createMemoryRouter, RouterProvider } from '@board/shared/lib/router';
import { RuntimeConfigProvider } from '@board/shared/react/runtime-config';
import { createRuntimeConfig } from '@board/shared/test/render';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';

/** A listings page inside router, QueryClient and runtime config, at `path`. */
export function renderPage(
  ui: ReactNode,
  {
    path = '/',
    routePath = '*',
    data = [],
  }: { path?: string; routePath?: string; data?: [readonly unknown[], unknown][] } = {},
) {
  // Cached answers for the queries the page makes; anything else must not reach the network.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  for (const [key, value] of data) queryClient.setQueryData(key, value);
  const router = createMemoryRouter([{ path: routePath, element: ui }], { initialEntries: [path] });
  const result = render(
    <RuntimeConfigProvider config={createRuntimeConfig({ siteUrl: 'https://board.example' })}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </RuntimeConfigProvider>,
  );
  return { ...result, router, queryClient };
}
