import { QueryClient, QueryClientProvider } from '@board/shared/lib/query';
import { RuntimeConfigProvider } from '@board/shared/react/runtime-config';
import { stubApi } from '@board/shared/test/api';
import { createMemoryRouter, RouterProvider } from '@board/shared/test/outside-pages';
import { createRuntimeConfig } from '@board/shared/test/render';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { JobsPage } from '../features/jobs/jobs-page';
import { jobSearchAnswer } from './board-api';
import type { ServerJobBody } from './create-job';

const wideStyleId = 'test-wide-screen';

/**
 * The screen's width, as far as the page's CSS goes: jsdom applies no Tailwind, so the one rule
 * that differs by width for these tests is written here. Wide (768 px and up), the filter panel's
 * sheet is on the page (its `md:block`); narrow, it is a closed dialog until opened.
 */
function screenWidth(wide: boolean) {
  document.getElementById(wideStyleId)?.remove();
  if (!wide) return;
  const style = document.createElement('style');
  style.id = wideStyleId;
  style.textContent = '[data-slot="sheet-dialog"]:not([open]) { display: block; }';
  document.head.append(style);
}

/**
 * A listings page inside router, QueryClient and runtime config, at `path`. `api` answers the
 * page's calls as the API would (see stubApi): they go through the real client and parsing.
 */
export function renderPage(
  ui: ReactNode,
  {
    path = '/',
    routePath = '*',
    api = {},
    wide = true,
  }: { path?: string; routePath?: string; api?: Record<string, unknown>; wide?: boolean } = {},
) {
  screenWidth(wide);
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
