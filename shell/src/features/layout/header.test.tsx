import { saveJob, unsaveJob } from '@board/shared/react/saved-jobs';
import { createRuntimeConfig, renderWithRouter } from '@board/shared/test/render';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Header } from './header';

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  });
}

afterEach(() => localStorage.clear());

describe('Header', () => {
  it('links to the saved jobs with their count, following every save', () => {
    renderWithRouter(<Header />);
    const saved = () => screen.getByRole('link', { name: /^Saved jobs/ });
    expect(saved()).toHaveAttribute('href', '/saved');
    expect(saved()).toHaveAccessibleName('Saved jobs: 0');
    act(() => {
      saveJob({ id: '1', title: 'Designer', company: 'Acme' });
      saveJob({ id: '2', title: 'Developer', company: 'Acme' });
    });
    expect(saved()).toHaveAccessibleName('Saved jobs: 2');
    act(() => unsaveJob('1'));
    expect(saved()).toHaveAccessibleName('Saved jobs: 1');
  });

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
