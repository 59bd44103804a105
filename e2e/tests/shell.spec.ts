import { waitForHydration } from '../support/served-html';
import { expect, test } from '../support/test';

test.describe('header', () => {
  test('logo goes home; Sign In and Get Started link out to the main application', async ({ page, visit, board }) => {
    await visit('/terms-of-service');
    const header = page.getByRole('banner');
    const account = header.getByRole('navigation', { name: 'Account' });
    await expect(account.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', board.config.links.signIn);
    await expect(account.getByRole('link', { name: 'Get Started' })).toHaveAttribute(
      'href',
      board.config.links.getStarted,
    );
    await header.getByRole('link', { name: /home/ }).click();
    await expect(page).toHaveURL(`${board.url}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Find your dream job' })).toBeVisible();
  });

  test('turns translucent with a backdrop blur once scrolled past 10 px', async ({ page, visit }) => {
    await visit('/terms-of-service');
    const header = page.getByRole('banner');
    const backdrop = () => header.evaluate((element) => getComputedStyle(element).backdropFilter);
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    expect(await backdrop()).toBe('none');

    await page.evaluate(() => window.scrollTo(0, 10));
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await expect.poll(backdrop).toContain('blur');
    // The colour eases over 200 ms: poll until it has arrived.
    const background = () => header.evaluate((element) => getComputedStyle(element).backgroundColor);
    await expect.poll(background).toMatch(/^(rgba|color|oklab|oklch)\(.*[/,]\s*0?\.7\)?/);

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute('data-scrolled', 'false');
  });
});

test.describe('mobile menu at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('opens a dialog with Sign In and Get Started; Escape, the backdrop and Get Started close it', async ({
    page,
    visit,
    board,
  }) => {
    await page.route(`${new URL(board.config.links.getStarted).origin}/**`, (route) => route.fulfill({ status: 204 }));
    await visit('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('navigation', { name: 'Account' })).toBeHidden();
    const menuButton = header.getByRole('button', { name: 'Open menu' });
    const dialog = page.getByRole('dialog', { name: 'Menu' });

    await menuButton.click();
    await expect(dialog).toBeVisible();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(dialog.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', board.config.links.signIn);
    const focusedInside = await dialog.evaluate((element) => element.contains(document.activeElement));
    expect(focusedInside).toBe(true);
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(menuButton).toBeFocused();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    await menuButton.click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(20, 400); // the backdrop, left of the panel
    await expect(dialog).toBeHidden();
    await expect(menuButton).toBeFocused();

    await menuButton.click();
    await dialog.getByRole('link', { name: 'Get Started' }).click();
    await expect(dialog).toBeHidden();
  });

  test('lays the footer out in one column without horizontal scrolling', async ({ page, visit }) => {
    await visit('/terms-of-service');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });
});

test('footer: tagline, social links, About, Contact, terms link, copyright year and London address', async ({
  page,
  visit,
  board,
}) => {
  await visit('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('Startup jobs with the funding, investors, team and equity up front.');
  await expect(footer.getByRole('link', { name: /^X/ })).toHaveAttribute('href', board.config.links.x);
  await expect(footer.getByRole('link', { name: /^LinkedIn/ })).toHaveAttribute('href', board.config.links.linkedin);
  await expect(footer.getByRole('link', { name: 'About' })).toHaveAttribute('href', board.config.links.about);
  await expect(footer.getByRole('link', { name: 'Contact' })).toHaveAttribute(
    'href',
    `mailto:${board.config.links.contactEmail}`,
  );
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Foundry Talent Ltd, a private limited company`);
  await expect(footer.locator('address')).toContainText('London');
  await footer.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service and Privacy Policy' })).toBeVisible();
});

test('every route of the table is served by its remote, with a document title', async ({ page, visit, guard }) => {
  guard.allowConsoleErrors(/status of 404 .*999999/);
  const routes: [string, RegExp, RegExp][] = [
    ['/', /^Find your dream job$/, /^Find your dream job · Foundry Jobs$/],
    ['/companies', /^Browse companies$/, /^Browse companies · Foundry Jobs$/],
    ['/companies/999999', /^Company Not Found$/, /^Company Not Found · Foundry Jobs$/],
    ['/demo', /^Find your dream job in Demo Ventures$/, /^Find your dream job in Demo Ventures · Foundry Jobs$/],
    ['/demo/companies', /^Browse companies in Demo Ventures$/, /^Browse companies in Demo Ventures · Foundry Jobs$/],
    ['/job/999999', /^Job Not Found$/, /^Job Not Found · Foundry Jobs$/],
    ['/job/42/apply', /Apply/, /Foundry Jobs$/],
    ['/job/42/apply/success', /^Application Submitted Successfully!$/, /Foundry Jobs$/],
    ['/talent-scout', /^Talent Scout$/, /^Talent Scout · Foundry Jobs$/],
    [
      '/terms-of-service',
      /^Terms of Service and Privacy Policy$/,
      /^Terms of Service and Privacy Policy · Foundry Jobs$/,
    ],
  ];

  for (const [path, heading, title] of routes) {
    await visit(path, { heading });
    await expect(page).toHaveTitle(title);
  }
});

test('the Jobs / Companies switcher highlights the tab of the path', async ({ page, visit }) => {
  await visit('/');
  const tabs = page.getByRole('navigation', { name: 'Board' });
  await expect(tabs.getByRole('link', { name: 'Jobs' })).toHaveAttribute('aria-current', 'page');
  await tabs.getByRole('link', { name: 'Companies' }).click();
  await expect(page).toHaveURL(/\/companies$/);
  await expect(tabs.getByRole('link', { name: 'Companies' })).toHaveAttribute('aria-current', 'page');
  await expect(tabs.getByRole('link', { name: 'Jobs' })).not.toHaveAttribute('aria-current');

  await visit('/demo/companies', { heading: /Browse companies in/ });
  await expect(tabs.getByRole('link', { name: 'Jobs' })).toHaveAttribute('href', '/demo');
  await expect(tabs.getByRole('link', { name: 'Companies' })).toHaveAttribute('aria-current', 'page');
});

test('React, the router, the query client and sonner load once, from the shell', async ({ page, board }) => {
  const remoteBodies: { url: string; body: string }[] = [];
  page.on('response', async (response) => {
    const url = response.url();
    // A file revalidated on a later page (304) was read when it first came.
    if (url.startsWith(board.url) || !url.endsWith('.js') || response.status() === 304) return;
    // Chromium drops the body of a response the page has navigated away from before it was read
    // (a loaded machine reads late): the same file is then asked for again.
    const body = await response
      .text()
      .catch(() => page.request.get(url).then((again) => again.text()))
      .catch(() => null);
    if (body !== null) remoteBodies.push({ url, body });
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Terms of Service/ })).toBeVisible();
  await page.goto('/job/1/apply');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // sonner loads with the page's first toast (shared/src/react/toast.tsx): a share makes one.
  await page.goto('/job/1');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByText(/Link copied to the clipboard|Copy this link to share the job/)).toBeVisible();

  // Each remote was used ... (the pages are rendered on the server: a heading shows before its
  // remote's code has arrived, so wait for the code)
  for (const remote of ['listings', 'apply', 'static'] as const) {
    await expect
      .poll(() => remoteBodies.some(({ url }) => url.startsWith(board.originOf(remote))), { message: remote })
      .toBe(true);
  }
  // ... and none of them downloaded its own copy of a singleton.
  const markers = {
    react: 'react.transitional.element',
    router: 'may be used only in the context of a <Router>',
    'react-query': 'No QueryClient set',
    sonner: 'data-sonner-toaster',
  };
  for (const [name, marker] of Object.entries(markers)) {
    const copies = remoteBodies.filter(({ body }) => body.includes(marker)).map(({ url }) => url);
    expect(copies, `${name} downloaded from a remote`).toEqual([]);
  }

  // The federation share scope holds one loaded version of each, provided by the shell.
  const scope = await page.evaluate(() => {
    type Entry = { from: string; loaded?: boolean };
    const share = (
      globalThis as unknown as {
        __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, Entry>>>> };
      }
    ).__FEDERATION__.__SHARE__;
    const loaded: Record<string, string[]> = {};
    for (const scopes of Object.values(share)) {
      for (const packages of Object.values(scopes)) {
        for (const [name, versions] of Object.entries(packages)) {
          for (const [version, entry] of Object.entries(versions)) {
            if (entry.loaded) loaded[name] = [...new Set([...(loaded[name] ?? []), `${version} from ${entry.from}`])];
          }
        }
      }
    }
    return loaded;
  });
  for (const name of [
    'react',
    'react-dom',
    '@board/shared/lib/router',
    '@board/shared/lib/query',
    'sonner',
    '@board/shared/react/toast',
    '@board/shared/react/runtime-config',
  ]) {
    expect(scope[name], name).toHaveLength(1);
    expect(scope[name]?.[0], name).toMatch(/from board_shell$/);
  }
});
