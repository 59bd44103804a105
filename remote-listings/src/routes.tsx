import type { RouteObject } from '@board/shared/lib/router';
import CompaniesPage from './exposed/companies-page';
import CompanyPage from './exposed/company-page';
import JobDetailPage from './exposed/job-detail-page';
import JobsPage from './exposed/jobs-page';
import SavedPage from './exposed/saved-page';

/** The remote's pages on their own (standalone development); the shell has its own table. */
export const routes: RouteObject[] = [
  { path: '/', element: <JobsPage /> },
  { path: '/companies', element: <CompaniesPage /> },
  { path: '/companies/:id', element: <CompanyPage /> },
  { path: '/job/:id', element: <JobDetailPage /> },
  { path: '/saved', element: <SavedPage /> },
  { path: '/:workspaceSlug', element: <JobsPage /> },
  { path: '/:workspaceSlug/companies', element: <CompaniesPage /> },
];
