import { saveJob } from '@board/shared/react/saved-jobs';
import { hydrateInBrowser, renderOnServer } from '@board/shared/test/hydration';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { layoutPage, serverTime } from '../../test/layout-page';

/**
 * The shell's layout as the shell's server serves it: rendered on the server in the last seconds of 2025
 * (no storage, not scrolled), then hydrated in a browser that has a saved job, is scrolled down
 * (a reload keeps the scroll position), runs in Tokyo and whose clock is 45 s later: in 2026.
 */
const zone = process.env.TZ;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // The router's scroll restoration scrolls on the first render; jsdom does not implement it.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
  Reflect.deleteProperty(window, 'scrollY');
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe("hydrating the shell's layout", () => {
  it('gives the same markup as the server, then shows the saved count, the scrolled header and the year of the browser', () => {
    vi.setSystemTime(serverTime);
    process.env.TZ = 'UTC';
    const server = renderOnServer(layoutPage());

    saveJob({ id: '1', title: 'Designer', company: 'Acme' });
    Object.defineProperty(window, 'scrollY', { value: 400, configurable: true });
    vi.setSystemTime(serverTime + 45_000);
    process.env.TZ = 'Asia/Tokyo';
    const { problems } = hydrateInBrowser(layoutPage(), server);

    expect(problems).toEqual([]);
    expect(screen.getByRole('link', { name: /^Saved jobs/ })).toHaveAccessibleName('Saved jobs: 1');
    expect(screen.getByRole('banner')).toHaveAttribute('data-scrolled', 'true');
    expect(screen.getByText(/^© 2026 Foundry Talent Ltd/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Jobs' })).toHaveAttribute('aria-current', 'page');
  });
});
