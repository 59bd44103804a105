import {
  type DehydratedState,
  hydrate,
  QueryClient,
  QueryClientProvider,
  type QueryKey,
} from '@board/shared/lib/query';
import { createMemoryRouter, dehydrate, RouterProvider } from '@board/shared/test/outside-pages';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { vi } from 'vitest';
import type { RuntimeConfig } from '../config/runtime-config';
import { RenderTimeProvider } from '../react/render-time';
import { RuntimeConfigProvider } from '../react/runtime-config';
import { createRuntimeConfig } from './render';

/**
 * Server rendering, then hydration, as the board does it: the shell's server renders a page with
 * `react-dom/server` (no DOM: no window, no storage) from a QueryClient that already holds the
 * page's API data, sends that data with the HTML (dehydrated), and the browser hydrates the
 * markup. Hydration must produce the same markup: React reports a difference through
 * `onRecoverableError` (text, elements) or `console.error` (attributes), and both are collected.
 */

/** The whole page as a function of its QueryClient (the shell's App, or `boardPage` below). */
export type PageTree = (queryClient: QueryClient) => ReactNode;

/** The API data the server loaded: [key from @board/shared/api/queries `boardKeys`, parsed data]. */
export type PageData = [QueryKey, unknown][];

/** The shell's QueryClient settings that matter here: data younger than a minute is not fetched again. */
function createQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: false } } });
}

/**
 * A remote's page inside the providers the shell puts around it (runtime config, render time,
 * QueryClient, router), at `path` matched by `routePath` (the shell's route table's pattern).
 */
export function boardPage(
  element: ReactNode,
  {
    path,
    routePath,
    renderedAt,
    config = createRuntimeConfig(),
  }: { path: string; routePath: string; renderedAt: number; config?: RuntimeConfig },
): PageTree {
  return (queryClient) => {
    const router = createMemoryRouter([{ path: routePath, element }], { initialEntries: [path] });
    return (
      <RuntimeConfigProvider config={config}>
        <RenderTimeProvider time={renderedAt}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </RenderTimeProvider>
      </RuntimeConfigProvider>
    );
  };
}

export interface ServerRender {
  html: string;
  /** The QueryClient's data as it travels in the page (JSON). */
  state: DehydratedState;
}

/** The server's half: the page's HTML from a QueryClient holding `data`, and that data for the browser. */
export function renderOnServer(tree: PageTree, data: PageData = []): ServerRender {
  const queryClient = createQueryClient();
  for (const [key, value] of data) queryClient.setQueryData(key, value);
  const html = renderToString(tree(queryClient));
  return { html, state: JSON.parse(JSON.stringify(dehydrate(queryClient))) as DehydratedState };
}

/**
 * The browser's half: the server's HTML in the document, hydrated with the data it came with.
 * `problems` lists every hydration error and console.error from here to the end of the test
 * (console.error no longer throws: the test asserts `problems` is empty).
 */
export function hydrateInBrowser(
  tree: PageTree,
  { html, state }: ServerRender,
  {
    beforeScripts,
  }: {
    /** What the visitor does on the server's page before its scripts run (types, picks). */
    beforeScripts?: (container: HTMLElement) => void;
  } = {},
) {
  const problems: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    problems.push(`console.error: ${args.map(String).join(' ')}`);
  });
  const queryClient = createQueryClient();
  hydrate(queryClient, state);
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  beforeScripts?.(container);
  const result = render(tree(queryClient), {
    container,
    hydrate: true,
    onRecoverableError: (error) => {
      const cause = error instanceof Error && error.cause ? ` (${String(error.cause)})` : '';
      problems.push(`recoverable error: ${String(error)}${cause}`);
    },
  });
  return { ...result, problems, queryClient };
}
