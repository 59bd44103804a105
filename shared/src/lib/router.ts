/**
 * The router of the board, once per page: every app imports it from here, never from
 * `react-router-dom` (Biome refuses that import outside this file). This module is a federation
 * singleton; the package behind it is not, so each build tree-shakes react-router down to the
 * exports below (~60 KB gzip shared whole, about a third of that here); what only tests use (a
 * router in memory) is in @board/shared/test/outside-pages. An app that needs
 * another router export adds it to this list. The board's routes load nothing before they render
 * (no loaders, no actions), so the page uses the declarative router: a data router
 * (`createBrowserRouter`) would carry about 17 KB gzip more (docs/decisions/053-declarative-router.md).
 * See docs/decisions/004-federation-bytes.md.
 */
export type { RouteObject } from 'react-router-dom';
export {
  BrowserRouter,
  Link,
  matchRoutes,
  NavLink,
  Outlet,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useRoutes,
  useSearchParams,
} from 'react-router-dom';
