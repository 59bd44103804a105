import { QueryClient, QueryClientProvider } from '@board/shared/lib/query';
import { createMemoryRouter, RouterProvider } from '@board/shared/lib/router';
import { RuntimeConfigProvider } from '@board/shared/react/runtime-config';
import { stubApi } from '@board/shared/test/api';
import { createRuntimeConfig } from '@board/shared/test/render';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { JobsPage } from '../features/jobs/jobs-page';
import { jobSearchAnswer } from './board-api';
import type { ServerJobBody } from './create-job';

/**
 * A listings page inside router, QueryClient and runtime config, at `path`. `api` answers the
 * page's calls as the API would (see stubApi): they go through the real client and parsing.
 */
export function renderPage(
  ui: ReactNode,
  { path = '/', routePath = '*', api = {} }: { path?: string; routePath?: string; api?: Record<string, unknown> } = {},
) {
  const { requests } = stubApi(api);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: routePath, element: ui }], { initialEntries: [path] });
  const result = render(
    <RuntimeConfigProvider config={createRuntimeConfig({ siteUrl: 'https://board.example' })}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </RuntimeConfigProvider>,
  );
  return { ...result, router, queryClient, requests };
}

/**
 * The board (/) over `jobs`, served as the API serves call 1 (a page at a time); resolves once
 * its first page shows.
 */
export async function renderBoard(jobs: ServerJobBody[], path = '/') {
  const rendered = renderPage(<JobsPage />, {
    path,
    routePath: '/',
    api: { '/public-job-posting': jobSearchAnswer(jobs) },
  });
  await screen.findByText(/ of [\d,]+ jobs?$/);
  return rendered;
}
