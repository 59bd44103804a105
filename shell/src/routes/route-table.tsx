import type { RouteObject } from '@board/shared/lib/router';
import { BoardTabs } from '../features/layout/board-tabs';
import { Layout } from '../features/layout/layout';
import { RemotePage } from '../features/remotes/remote-page';
import { StatusPage } from '../features/remotes/status-page';
import { boardRoutes, shellRoutes } from './board-routes';

export function createRouteObjects(): RouteObject[] {
  return [
    {
      element: <Layout />,
      children: [
        // Which build of each remote this page runs (for a preview's checks); not linked from the site.
        { path: shellRoutes[0], element: <StatusPage /> },
        ...boardRoutes.map((route) => ({
          path: route.path,
          element: (
            <>
              {route.tabs ? <BoardTabs /> : null}
              <RemotePage
                key={`${route.remote}/${route.module}`}
                remote={route.remote}
                module={route.module}
                title={route.title}
              />
            </>
          ),
        })),
      ],
    },
  ];
}
