import { renderWithRouter } from '@board/shared/test/render';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BoardTabs } from './board-tabs';

const cases = [
  { path: '/', routePath: '/', active: 'Jobs', jobs: '/', companies: '/companies' },
  { path: '/companies', routePath: '/companies', active: 'Companies', jobs: '/', companies: '/companies' },
  { path: '/acme', routePath: '/:workspaceSlug', active: 'Jobs', jobs: '/acme', companies: '/acme/companies' },
  {
    path: '/acme/companies',
    routePath: '/:workspaceSlug/companies',
    active: 'Companies',
    jobs: '/acme',
    companies: '/acme/companies',
  },
  { path: '/acme/', routePath: '/:workspaceSlug', active: 'Jobs', jobs: '/acme', companies: '/acme/companies' },
];

describe('BoardTabs', () => {
  it.each(cases)('on $path highlights $active', ({ path, routePath, active, jobs, companies }) => {
    renderWithRouter(<BoardTabs />, { path, routePath });
    const jobsTab = screen.getByRole('link', { name: 'Jobs' });
    const companiesTab = screen.getByRole('link', { name: 'Companies' });
    expect(jobsTab).toHaveAttribute('href', jobs);
    expect(companiesTab).toHaveAttribute('href', companies);
    const [current, other] = active === 'Jobs' ? [jobsTab, companiesTab] : [companiesTab, jobsTab];
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(other).not.toHaveAttribute('aria-current');
  });
});
