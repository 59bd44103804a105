import { createRuntimeConfig, renderWithRouter } from '@board/shared/test/render';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Header } from './header';

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('Header', () => {
  it('links the logo home and Sign In / Get Started out to the main application', () => {
    const config = createRuntimeConfig();
    renderWithRouter(<Header />, { config });
    expect(screen.getByRole('link', { name: /foundry jobs\W*home/i })).toHaveAttribute('href', '/');
    const account = screen.getByRole('navigation', { name: 'Account' });
    expect(within(account).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', config.links.signIn);
    expect(within(account).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', config.links.getStarted);
  });

  it('turns translucent with blur only once the page is scrolled more than 10 px', () => {
    scrollTo(0);
    renderWithRouter(<Header />);
    const header = screen.getByRole('banner');
    expect(header).toHaveAttribute('data-scrolled', 'false');
    expect(header.className).not.toMatch(/backdrop-blur/);

    scrollTo(10);
    expect(header).toHaveAttribute('data-scrolled', 'false');

    scrollTo(11);
    expect(header).toHaveAttribute('data-scrolled', 'true');
    expect(header.className).toMatch(/backdrop-blur/);
    expect(header.className).toMatch(/bg-white\/70/);

    scrollTo(0);
    expect(header).toHaveAttribute('data-scrolled', 'false');
  });
});
