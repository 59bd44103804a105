import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createServerJob } from '../../test/create-job';
import { renderPage } from '../../test/render';
import { similarSearch } from './closed-job';
import { JobDetailPage } from './job-detail-page';

function renderClosed(overrides = {}) {
  const job = createServerJob({
    id: 77,
    title: 'Senior Backend Engineer (Payments)',
    organization_id: 12,
    organization_name: 'Quill Labs',
    location: 'Berlin',
    closed_at: '2026-11-20T10:00:00Z',
    ...overrides,
  });
  return renderPage(<JobDetailPage />, {
    path: '/job/77',
    routePath: '/job/:id',
    api: { '/public-job-posting/77': job },
  });
}

describe('a closed job’s page', () => {
  it('says the job is closed, keeps its title and company, and leads to the company’s open jobs, similar jobs and an alert', async () => {
    renderClosed();
    expect(await screen.findByRole('heading', { level: 1, name: 'Senior Backend Engineer (Payments)' })).toBeVisible();
    expect(screen.getByText('This job is closed')).toBeVisible();
    expect(screen.getByText('Quill Labs · Berlin')).toBeVisible();
    expect(screen.getByText('Quill Labs is no longer taking applications for this role.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open jobs at Quill Labs' })).toHaveAttribute('href', '/companies/12');
    expect(screen.getByRole('link', { name: 'Similar jobs' })).toHaveAttribute('href', '/?q=Backend+Engineer');
    // A button once hydrated (a disclosure before: job-alerts.tsx), after the page's first paint.
    expect(await screen.findByRole('button', { name: 'Get job alerts' })).toBeVisible();
    expect(document.title).toBe('Closed: Senior Backend Engineer (Payments) at Quill Labs · Foundry Jobs');
    // Not a job on offer: no JobPosting, no apply button, not indexed.
    expect(document.querySelector('script[type="application/ld+json"]')).toBeNull();
    expect(screen.queryByRole('button', { name: /apply/i })).toBeNull();
    expect(screen.queryByRole('link', { name: /apply/i })).toBeNull();
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  it('similar jobs are searched by the title without its level or what is in brackets', () => {
    expect(similarSearch({ title: 'Senior Backend Engineer (Payments)' }).title).toBe('Backend Engineer');
    expect(similarSearch({ title: 'Staff Engineer - Infrastructure' }).title).toBe('Engineer');
    expect(similarSearch({ title: 'Head of Sales, EMEA' }).title).toBe('Sales');
    expect(similarSearch({ title: 'Senior' }).title).toBe('Senior');
  });
});
