import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { pageOf } from '../../test/board-api';
import { createServerJob } from '../../test/create-job';
import { renderPage } from '../../test/render';
import { CompaniesPage } from './companies-page';
import { CompanyPage } from './company-page';

afterEach(() => sessionStorage.clear());

const companies = Array.from({ length: 30 }, (_, i) => ({
  organization_id: i + 1,
  organization_name: i % 3 === 0 ? `Acme ${i + 1}` : `Globex ${i + 1}`,
  job_board_slug: `company-${i + 1}`,
}));

/** Call 3 with `limit` as the API answers: the companies whose name contains `name`, a page at a time. */
function organizationsAnswer(url: URL) {
  const name = (url.searchParams.get('name') ?? '').toLowerCase();
  const matches = companies.filter((company) => company.organization_name.toLowerCase().includes(name));
  return pageOf(matches, url, 'organizations');
}

describe('the companies page', () => {
  it('shows a first page, more on request, and filters by name in the API', { timeout: 15_000 }, async () => {
    const user = userEvent.setup({ skipHover: true });
    const { requests, router } = renderPage(<CompaniesPage />, {
      path: '/companies',
      routePath: '/companies',
      api: { '/public-job-posting/job-board/list-organizations': organizationsAnswer },
    });
    expect(await screen.findByText('24 of 30 companies')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^View Jobs at/ })).toHaveLength(24);
    await user.click(screen.getByRole('button', { name: 'Show more companies' }));
    expect(await screen.findByText('30 of 30 companies', {}, { timeout: 15_000 })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Company name'), 'acme');
    expect(router.state.location.search).toBe('?q=acme');
    expect(await screen.findByText('10 of 10 companies', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(requests.filter((request) => request.includes('name='))).toEqual([
      '/public-job-posting/job-board/list-organizations?name=acme&limit=24',
    ]);
    await user.clear(screen.getByLabelText('Company name'));
    await user.type(screen.getByLabelText('Company name'), 'zzz');
    expect(await screen.findByText('No company matches that name.', {}, { timeout: 15_000 })).toBeInTheDocument();
  });
});

describe('a company page', () => {
  it("shows the company's first page of jobs, its total, and more on request", async () => {
    const jobs = Array.from({ length: 30 }, (_, i) =>
      createServerJob({ id: i + 1, title: `Role ${i + 1}`, organization_name: 'Acme' }),
    );
    const user = userEvent.setup({ skipHover: true });
    renderPage(<CompanyPage />, {
      path: '/companies/10',
      routePath: '/companies/:id',
      api: { '/public-job-posting/organization/10': (url: URL) => pageOf(jobs, url, 'jobs') },
    });
    expect(await screen.findByText('30 open roles')).toBeInTheDocument();
    expect(screen.getByText('24 of 30 jobs')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Show more jobs' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(30));
    expect(screen.getByText('30 of 30 jobs')).toBeInTheDocument();
  });
});
