import { type BoardRoute, matchBoardRoute } from '../../src/routes/board-routes';

/** A page's route: which remote and exposed module serve it, its API calls, with its parameters. */
export interface PagePlan {
  route: BoardRoute;
  params: Record<string, string | undefined>;
  /** The address's query: a board's search and filters, which its first calls ask the API for. */
  search: URLSearchParams;
}

/** The route of an address; null for the shell's own pages (/__status). */
export function planPage(pathname: string, search: URLSearchParams = new URLSearchParams()): PagePlan | null {
  const match = matchBoardRoute(pathname);
  return match && { ...match, search };
}

/** The page's first API calls, from its path parameters and its query. */
export const pageCalls = (plan: PagePlan) => plan.route.calls?.(plan.params, plan.search) ?? [];
