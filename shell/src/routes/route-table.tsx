import type { RemoteName } from '@board/shared/config/runtime-config';
import type { RouteObject } from 'react-router-dom';
import { BoardTabs } from '../features/layout/board-tabs';
import { Layout } from '../features/layout/layout';
import { RemotePage } from '../features/remotes/remote-page';
import { StatusPage } from '../features/remotes/status-page';

/**
 * The top-level route table: which remote serves which path (SPEC section 2). Remotes own
 * everything inside their pages. Static segments rank above `:workspaceSlug`, so
 * /companies is the companies list, /saved the saved jobs, and /acme is the acme workspace board.
 */
export interface BoardRoute {
  path: string;
  remote: RemoteName;
  /** Exposed module of the remote. */
  module: string;
  /** Document title while the page loads or fails; the page sets its own once it renders. */
  title: string;
  /** Shows the Jobs / Companies switcher above the page. */
  tabs?: boolean;
}

export const boardRoutes: BoardRoute[] = [
  { path: '/', remote: 'listings', module: './jobs-page', title: 'Find your dream job', tabs: true },
  { path: '/companies', remote: 'listings', module: './companies-page', title: 'Companies', tabs: true },
  { path: '/companies/:id', remote: 'listings', module: './company-page', title: 'Company' },
  { path: '/job/:id', remote: 'listings', module: './job-detail-page', title: 'Job' },
  { path: '/saved', remote: 'listings', module: './saved-page', title: 'Saved jobs' },
  { path: '/job/:id/apply', remote: 'apply', module: './apply-page', title: 'Apply' },
  { path: '/job/:id/apply/success', remote: 'apply', module: './success-page', title: 'Application submitted' },
  { path: '/talent-scout', remote: 'static', module: './talent-scout-page', title: 'Talent Scout' },
  { path: '/terms-of-service', remote: 'static', module: './terms-page', title: 'Terms of Service' },
  { path: '/:workspaceSlug', remote: 'listings', module: './jobs-page', title: 'Find your dream job', tabs: true },
  { path: '/:workspaceSlug/companies', remote: 'listings', module: './companies-page', title: 'Companies', tabs: true },
  { path: '*', remote: 'static', module: './not-found-page', title: 'Page Not Found' },
];

export function createRouteObjects(): RouteObject[] {
  return [
    {
      element: <Layout />,
      children: [
        // Which build of each remote this page runs (issue 6); not linked from the site.
        { path: '/__status', element: <StatusPage /> },
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
