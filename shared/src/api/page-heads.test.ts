import { describe, expect, it } from 'vitest';
import { parseJob } from './job';
import {
  applyPage,
  applyState,
  applySuccessPage,
  boardPage,
  companiesPage,
  jobPage,
  jobState,
  missingPages,
} from './page-heads';

const job = (fields: Record<string, unknown> = {}) =>
  parseJob({
    id: 4,
    title: 'Frontend Developer',
    organization_name: 'Quill Labs',
    location: 'London',
    salary_min: 70000,
    salary_max: 90000,
    salary_currency: 'GBP',
    short_description: 'Build the editor.',
    ...fields,
  });

describe('page heads: one title and description per page, for the server and the page alike', () => {
  it('names the boards and the companies pages after their workspace', () => {
    expect(boardPage(null).title).toBe('Find your dream job');
    expect(boardPage('Demo Ventures').title).toBe('Find your dream job in Demo Ventures');
    expect(companiesPage('Demo Ventures').title).toBe('Browse companies in Demo Ventures');
  });

  it('names a job, its application form and its confirmation', () => {
    expect(jobPage(job()).title).toBe('Frontend Developer at Quill Labs');
    expect(jobPage(job()).description).toBe('Quill Labs · London · 70k - 90k GBP. Build the editor.');
    expect(jobPage(job({ title: '' })).title).toBe('Job at Quill Labs');
    expect(applyPage(job({ title: '' }))).toMatchObject({ title: 'Apply: Job at Quill Labs', noindex: true });
    expect(applySuccessPage(job()).title).toBe('Application Submitted Successfully!');
  });

  it("cuts a job's description for the head", () => {
    expect(jobPage(job({ short_description: 'long '.repeat(10_000) })).description.length).toBeLessThanOrEqual(300);
  });

  it("keeps the SPEC's missing-page texts", () => {
    expect(missingPages.job).toEqual({
      title: 'Job Not Found',
      message: "The job you're looking for doesn't exist or has been removed.",
    });
    expect(missingPages.company.message).toBe(
      "The company you're looking for doesn't exist or has no active job postings.",
    );
  });

  it('a closed job: its page and its form say so, keep its title and company, and answer 410', () => {
    const closed = job({ closed_at: '2026-11-20T10:00:00Z' });
    const page = jobState(closed);
    expect(page).toMatchObject({
      found: false,
      closed,
      missing: {
        title: 'This job is closed',
        message: 'Quill Labs is no longer taking applications for this role.',
        documentTitle: 'Closed: Frontend Developer at Quill Labs',
      },
    });
    expect(applyState(closed, 'form')).toMatchObject({
      found: false,
      closed,
      missing: { message: 'Quill Labs is no longer taking applications for Frontend Developer.' },
    });
    // Its confirmation still confirms; an open job and a missing one are as before.
    expect(applyState(closed, 'success').found).toBe(true);
    expect(jobState(job()).found).toBe(true);
    expect(jobState(null)).toEqual({ found: false, missing: missingPages.job });
  });
});
