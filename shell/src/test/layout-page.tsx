import type { PageTree } from '@board/shared/test/hydration';
import { createMemoryRouter, RouterProvider } from '@board/shared/test/outside-pages';
import { createRuntimeConfig } from '@board/shared/test/render';
import { App } from '../app';
import { BoardTabs } from '../features/layout/board-tabs';
import { Layout } from '../features/layout/layout';

/** The last seconds of a year in UTC: the footer's year changes a minute later. */
export const serverTime = Date.parse('2025-12-31T23:59:30Z');

/**
 * The shell's App as the server renders it (`renderedAt`: the server's time): its layout (header,
 * footer, toaster) around a page at `path`, with the board's tabs. The remote's page itself is a
 * stand-in: each remote tests its own pages (src/exposed/hydration.test.tsx in each).
 */
export function layoutPage(path = '/'): PageTree {
  return (queryClient) => {
    const router = createMemoryRouter(
      [
        {
          element: <Layout />,
          children: [
            {
              path: '*',
              element: (
                <>
                  <BoardTabs />
                  <h1>The page</h1>
                </>
              ),
            },
          ],
        },
      ],
      { initialEntries: [path] },
    );
    return (
      <App config={createRuntimeConfig()} queryClient={queryClient} renderedAt={serverTime}>
        <RouterProvider router={router} />
      </App>
    );
  };
}
