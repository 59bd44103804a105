import type { RouteObject } from '@board/shared/lib/router';
import NotFoundPage from './exposed/not-found-page';
import TalentScoutPage from './exposed/talent-scout-page';
import TermsPage from './exposed/terms-page';

/** The remote's pages on their own (standalone development); the shell has its own table. */
export const routes: RouteObject[] = [
  { path: '/terms-of-service', element: <TermsPage /> },
  { path: '/talent-scout', element: <TalentScoutPage /> },
  { path: '*', element: <NotFoundPage /> },
];
