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
