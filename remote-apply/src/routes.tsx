import type { RouteObject } from '@board/shared/lib/router';
import ApplyPage from './exposed/apply-page';
import SuccessPage from './exposed/success-page';

/** The remote's pages on their own (standalone development); the shell has its own table. */
export const routes: RouteObject[] = [
  { path: '/job/:id/apply', element: <ApplyPage /> },
  { path: '/job/:id/apply/success', element: <SuccessPage /> },
];
