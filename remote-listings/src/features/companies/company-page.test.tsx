import type { OrganizationProfileBody } from '@board/shared/api/page-bodies';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageOf } from '../../test/board-api';
import { createServerJob } from '../../test/create-job';
import { renderPage } from '../../test/render';
import { CompanyPage } from './company-page';

/** Call 5's profile as our API sends it. */
const acme: OrganizationProfileBody = {
  organization_id: 10,
  organization_name: 'Acme Robotics',
  job_board_slug: 'acme-robotics',
  logo: 'https://api.example/public/logos/0123456789abcdef0123456789abcdef.png',
  overview: 'Acme builds robots that sort recycling.',
  website: 'https://www.acme.example/',
  headquarters: 'Berlin, Germany',
  headcount: 1200,
  founded: 2021,
  funding: {
    total_funding_amount: '12M',
    last_round_amount: '8M',
    last_round_type: 'Series A',
    last_round_date: '2026-03-01',
  },
  investors: { all: ['Foundry Ventures', 'Atomico'], last_round: ['Atomico'] },
};

const jobs = [createServerJob({ id: 1, title: 'Robotics Engineer', organization_name: 'Acme Robotics' })];

function renderCompany(organization?: unknown) {
  return renderPage(<CompanyPage />, {
    path: '/companies/10',
    routePath: '/companies/:id',
    api: {
      '/public-job-posting/organization/10': (url: URL) => ({
        ...pageOf(jobs, url, 'jobs'),
        ...(organization === undefined ? {} : { organization }),
      }),
    },
  });
}

describe("a company page's profile", () => {
  it('shows the logo, overview, website, headquarters, headcount, founding year, funding and investors', async () => {
    renderCompany(acme);
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Robotics' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Acme Robotics logo' })).toHaveAttribute('src', acme.logo);
    const about = within(screen.getByRole('region', { name: 'About Acme Robotics' }));
    expect(about.getByText('Acme builds robots that sort recycling.')).toBeInTheDocument();
    const fact = (label: string) => about.getByText(label).nextElementSibling;
    expect(about.getByRole('link', { name: 'acme.example (opens in a new tab)' })).toHaveAttribute(
      'href',
      'https://www.acme.example/',
    );
    expect(fact('Headquarters')).toHaveTextContent('Berlin, Germany');
    expect(fact('Employees')).toHaveTextContent('1,200 people');
    expect(fact('Founded')).toHaveTextContent('2021');
    expect(fact('Total funding')).toHaveTextContent('$12M');
    expect(fact('Last round (Series A)')).toHaveTextContent('$8M, 1 Mar 2026');
    expect(about.getAllByRole('link', { name: /^Jobs backed by/ }).map((link) => link.getAttribute('href'))).toEqual([
      '/?investor=Foundry%20Ventures',
      '/?investor=Atomico',
    ]);
    expect(screen.getByRole('link', { name: 'Robotics Engineer' })).toBeInTheDocument();
  });

  it('hides what the profile leaves empty, by the job page’s funding rules', async () => {
    renderCompany({
      ...acme,
      website: 'javascript:alert(1)',
      headcount: null,
      founded: null,
      headquarters: '',
      funding: { total_funding_amount: '0', last_round_amount: null, last_round_type: 'Seed', last_round_date: null },
      investors: { all: [], last_round: [] },
    });
    const about = within(await screen.findByRole('region', { name: 'About Acme Robotics' }));
    expect(about.getByText('Acme builds robots that sort recycling.')).toBeInTheDocument();
    expect(about.queryByRole('link')).not.toBeInTheDocument();
    expect(about.queryByRole('term')).not.toBeInTheDocument();
  });

  it('is the SPEC’s banner alone when call 5 sends no profile, or one with nothing to show', async () => {
    renderCompany();
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Robotics' })).toBeInTheDocument();
    expect(screen.getByText('1 open role')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^About/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Acme Robotics logo' })).not.toBeInTheDocument();
  });

  it('reads a profile that is not an object as none', async () => {
    renderCompany('Acme');
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Robotics' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^About/ })).not.toBeInTheDocument();
  });
});
