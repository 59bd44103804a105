import { boardSearchFromUrl } from '@board/shared/api/board-search';
import type { BoardCall } from '@board/shared/api/requests';
import type { RemoteName } from '@board/shared/config/remotes';
import { matchRoutes } from '@board/shared/lib/router';

/**
 * The top-level route table: which remote serves which path (SPEC section 2). Each entry is the
 * whole route as the browser needs it: its component (the remote's exposed module) and its first
 * API calls, used by the shell in the browser and by its server; its head and its status, which
 * only the server reads, are in route-heads.ts under the same path. Remotes own everything inside their
 * pages. Static segments rank above `:workspaceSlug`, so /companies is the companies list, /saved
 * the saved jobs, and /acme is the acme workspace board.
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
  /**
   * The API calls the page makes first, from its path parameters: the shell's server runs them
   * as the page's queries before it renders the page (or, when it sends the page unrendered,
   * preloads them, so data and code download at the same time). `search` is the URL's query
   * string: a board's first call is the first page of the search it states.
   */
  calls?: (params: Record<string, string | undefined>, search?: URLSearchParams) => BoardCall[];
}

const noSearch = new URLSearchParams();

/** Paths the shell serves itself (no remote, no API call): they rank above `/:workspaceSlug`. */
export const shellRoutes = ['/__status'] as const;

export const boardRoutes: BoardRoute[] = [
  {
    path: '/',
    remote: 'listings',
    module: './jobs-page',
    title: 'Find your dream job',
    tabs: true,
    calls: (_, search = noSearch) => [['jobPage', null, boardSearchFromUrl(search)]],
  },
  {
    path: '/companies',
    remote: 'listings',
    module: './companies-page',
    title: 'Companies',
    tabs: true,
    calls: (_, search = noSearch) => [['organizationPage', null, search.get('q') ?? '']],
  },
  {
    path: '/companies/:id',
    remote: 'listings',
    module: './company-page',
    title: 'Company',
    calls: ({ id = '' }) => [['organizationJobPage', id]],
  },
  {
    path: '/job/:id',
    remote: 'listings',
    module: './job-detail-page',
    title: 'Job',
    calls: ({ id = '0' }) => [['job', id]],
  },
  {
    path: '/saved',
    remote: 'listings',
    module: './saved-page',
    title: 'Saved jobs',
  },
  {
    path: '/job/:id/apply',
    remote: 'apply',
    module: './apply-page',
    title: 'Apply',
    calls: ({ id = '' }) => [['job', id]],
  },
  {
    path: '/job/:id/apply/success',
    remote: 'apply',
    module: './success-page',
    title: 'Application submitted',
    calls: ({ id = '' }) => [['job', id]],
  },
  {
    path: '/talent-scout',
    remote: 'static',
    module: './talent-scout-page',
    title: 'Talent Scout',
  },
  {
    path: '/terms-of-service',
    remote: 'static',
    module: './terms-page',
    title: 'Terms of Service',
  },
  {
    path: '/:workspaceSlug',
    remote: 'listings',
    module: './jobs-page',
    title: 'Find your dream job',
    tabs: true,
    calls: ({ workspaceSlug = '' }, search = noSearch) => [
      ['workspace', workspaceSlug],
      ['jobPage', workspaceSlug, boardSearchFromUrl(search)],
    ],
  },
  {
    path: '/:workspaceSlug/companies',
    remote: 'listings',
    module: './companies-page',
    title: 'Companies',
    tabs: true,
    calls: ({ workspaceSlug = '' }, search = noSearch) => [
      ['workspace', workspaceSlug],
      ['organizationPage', workspaceSlug, search.get('q') ?? ''],
    ],
  },
  {
    path: '*',
    remote: 'static',
    module: './not-found-page',
    title: 'Page Not Found',
  },
];

/**
 * The board route of a path, with its parameters; null for the shell's own paths. Used by the
 * shell's server (what to put in the page) and by the shell before its first render (which
 * remote module to start loading).
 */
export function matchBoardRoute(
  pathname: string,
): { route: BoardRoute; params: Record<string, string | undefined> } | null {
  const routes: (BoardRoute | { path: string })[] = [...shellRoutes.map((path) => ({ path })), ...boardRoutes];
  const match = matchRoutes(routes, pathname)?.at(-1);
  return match && 'remote' in match.route ? { route: match.route, params: match.params } : null;
}
