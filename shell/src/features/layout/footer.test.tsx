import { createRuntimeConfig, renderWithRouter } from '@board/shared/test/render';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Footer } from './footer';

describe('Footer', () => {
  it('has the tagline, social, About, Contact and terms links, the copyright year, the credit for the place names and the London address', () => {
    const config = createRuntimeConfig();
    renderWithRouter(<Footer />, { config });
    expect(screen.getByText(/funding, investors, team and equity up front/i)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^X/ })).toHaveAttribute('href', config.links.x);
    expect(screen.getByRole('link', { name: /^LinkedIn/ })).toHaveAttribute('href', config.links.linkedin);
    expect(screen.getByRole('link', { name: 'About' })).toHaveAttribute('href', config.links.about);
    expect(screen.getByRole('link', { name: 'Contact' })).toHaveAttribute(
      'href',
      `mailto:${config.links.contactEmail}`,
    );
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
    const year = new Date().getUTCFullYear();
    expect(
      screen.getByText(
        new RegExp(`© ${year} Foundry Talent Ltd, a private limited company registered in England and Wales`),
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'GeoNames' })).toHaveAttribute('href', 'https://www.geonames.org/');
    expect(screen.getByRole('link', { name: 'CC BY 4.0' })).toHaveAttribute(
      'href',
      'https://creativecommons.org/licenses/by/4.0/',
    );
    expect(screen.getByText('London').closest('address')).toHaveTextContent(
      /Foundry Talent Ltd.*London.*United Kingdom/,
    );
  });
});
