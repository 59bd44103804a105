import { type BoardRoute, matchBoardRoute } from '../src/routes/board-routes';

/** A page's route: which remote and exposed module serve it, its API calls, with its parameters. */
export interface PagePlan {
  route: BoardRoute;
  params: Record<string, string | undefined>;
}

/** The route of a path; null for the shell's own pages (/__status). */
export function planPage(pathname: string): PagePlan | null {
  return matchBoardRoute(pathname);
}
