import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TermsPage } from './terms-page';

describe('TermsPage', () => {
  it('has Part A Terms of Service and Part B Privacy Policy as headings', () => {
    render(<TermsPage />);
    expect(screen.getByRole('heading', { level: 2, name: 'Part A: Terms of Service' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Part B: Privacy Policy' })).toBeInTheDocument();
  });

  it('has a table of contents whose every link points at a heading on the page', () => {
    const { container } = render(<TermsPage />);
    const toc = screen.getByRole('navigation', { name: 'Contents' });
    const links = within(toc).getAllByRole('link');
    expect(links.length).toBeGreaterThan(10);
    for (const link of links) {
      const id = link.getAttribute('href')?.replace(/^#/, '') ?? '';
      const target = container.querySelector(`[id="${id}"]`);
      expect(target, `#${id}`).not.toBeNull();
      expect(target?.tagName).toMatch(/^H[23]$/);
      expect(target).toHaveTextContent(link.textContent?.replace(/^\d+\.\s*/, '') ?? '');
    }
  });

  it('says what the software does: the receipt’s link to see, download and delete, and the retention it enforces', () => {
    render(<TermsPage />);
    const seeing = screen.getByRole('region', { name: '7. Seeing and deleting your application' });
    expect(seeing).toHaveTextContent(/we send a receipt to the e-mail address it gives/);
    expect(seeing).toHaveTextContent(
      /download all the data we hold about the application as a JSON file, and withdraw it/,
    );
    expect(seeing).toHaveTextContent(/Withdrawing deletes the application and its resume at once/);
    const kept = screen.getByRole('region', { name: '6. How long we keep it' });
    expect(kept).toHaveTextContent(/The board enforces these limits itself: once a day it deletes/);
    expect(
      within(kept)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'applications, with their resumes and the copy of their receipt, made more than 36 months ago;',
      'job alerts that were not confirmed within 7 days, with their address;',
      'job alerts you unsubscribed from more than 30 days ago (unsubscribing already deletes an alert at once, so none is ever that old).',
    ]);
  });

  it.each([
    ['the effective date', /Effective date: 11\/09\/2025/],
    ['the minimum age', /at least 16 years old/],
    ['retention', /up to 36 months from your last activity/],
    ['data requests', /we answer data requests within 30 days/],
    ['breach notice', /within 72 hours/],
    ['the liability cap', /limited to 100 GBP/],
    ['no charge to candidates', /Candidates are not charged/],
    ['employers pay', /paid for by employers/],
  ])('states %s', (_fact, text) => {
    const { container } = render(<TermsPage />);
    expect(container).toHaveTextContent(text);
  });
});
