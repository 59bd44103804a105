import type { RemoteApp } from '../support/board';
import { expect, test } from '../support/test';

const cases: { remote: RemoteApp; path: string; heading: RegExp; other: string; otherHeading: RegExp }[] = [
  {
    remote: 'static',
    path: '/terms-of-service',
    heading: /Terms of Service/,
    other: '/',
    otherHeading: /Find your dream job/,
  },
  {
    remote: 'listings',
    path: '/',
    heading: /Find your dream job/,
    other: '/talent-scout',
    otherHeading: /Talent Scout/,
  },
  {
    remote: 'apply',
    path: '/job/7/apply',
    heading: /Apply/,
    other: '/terms-of-service',
    otherHeading: /Terms of Service/,
  },
];

for (const { remote, path, heading, other, otherHeading } of cases) {
  test(`with the ${remote} remote down, the shell stays, shows the error panel, and Retry works once it is back`, async ({
    page,
    board,
    guard,
  }) => {
    // The browser reports the refused connection to the remote; that is the outage under test.
    guard.allowConsoleErrors(/ERR_CONNECTION_REFUSED|Failed to load resource|Federation Runtime|RUNTIME-0/i);
    await board.stopRemote(remote);
    try {
      await page.goto(path);
      const panel = page.getByRole('alert');
      await expect(panel).toContainText('An error occurred');
      await expect(panel).toContainText('There was a problem loading the data. Please try again later.');
      await expect(panel.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();

      // The other remotes keep working, without a reload.
      await page.getByRole('banner').evaluate(() => undefined);
      await page.evaluate((to) => {
        window.history.pushState({}, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, other);
      await expect(page.getByRole('heading', { level: 1, name: otherHeading })).toBeVisible();
      await page.goBack();
      await expect(page.getByRole('alert')).toBeVisible();
    } finally {
      await board.startRemote(remote);
    }

    const navigations: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(navigations, 'Retry must not reload the page').toEqual([]);
  });
}
