import type { RouteObject } from '@board/shared/lib/router';
import { lazy, Suspense } from 'react';
import { BoardTabs } from '../features/layout/board-tabs';
import { Layout } from '../features/layout/layout';
import { RemotePage } from '../features/remotes/remote-page';
import { boardRoutes, shellRoutes } from './board-routes';

/**
 * /__status is for people checking a release, never on the way to a job: its code loads when it
 * is opened (its own chunk, never preloaded), so no visitor's first view carries it.
 */
const StatusPage = lazy(() =>
  import(/* webpackChunkName: "lazy-status" */ '../features/remotes/status-page').then((module) => ({
    default: module.StatusPage,
  })),
);

export function createRouteObjects(): RouteObject[] {
  return [
    {
      element: <Layout />,
      children: [
        // Which build of each remote this page runs (for a preview's checks); not linked from the site.
        {
          path: shellRoutes[0],
          element: (
            <Suspense fallback={null}>
              <StatusPage />
            </Suspense>
          ),
        },
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
