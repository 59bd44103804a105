import type { BrowserContext, Page } from '@playwright/test';
import { type ApiJob, apiJobs, findJob } from '../support/api';
import { waitForHydration } from '../support/served-html';
import { expect, test } from '../support/test';

/**
 * The first paint is the page: one page for every device, laid out by CSS alone, whose every control
 * works before its scripts run (or without them), and which nothing moves or loses at hydration.
 */

const phone = { width: 375, height: 812 };
const userAgents = {
  'Safari on an iPhone':
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
  Firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0',
};

/** Safari and Firefox send no client hints: neither does this browser, whatever Chromium would. */
async function withoutClientHints(context: BrowserContext) {
  await context.route('**/*', (route) => {
    const headers = Object.fromEntries(
      Object.entries(route.request().headers()).filter(([name]) => !name.toLowerCase().startsWith('sec-ch-')),
    );
    return route.continue({ headers });
  });
}

const cards = (page: Page) => page.getByRole('article');
const countText = (shown: number, total: number) => `${shown} of ${total} ${total === 1 ? 'job' : 'jobs'}`;

/** The SPEC's title rule (case-insensitive 'contains') over the board's jobs, as the API lists them. */
async function jobsTitled(board: Parameters<typeof apiJobs>[0], text: string): Promise<ApiJob[]> {
  return (await apiJobs(board)).filter((job) => job.title.toLowerCase().includes(text));
}

for (const [browser, userAgent] of Object.entries(userAgents)) {
  test.describe(`${browser}, 375 px, without JavaScript`, () => {
    test.use({ javaScriptEnabled: false, userAgent, viewport: phone, isMobile: false });
    test.beforeEach(async ({ context }) => withoutClientHints(context));

    test('the first job card is on the first screen, on all jobs and on a workspace board', async ({ page }) => {
      for (const path of ['/', '/demo']) {
        await page.goto(path);
        await expect(cards(page).first()).toBeVisible();
        const first = await cards(page).first().boundingBox();
        expect(first?.y ?? Number.POSITIVE_INFINITY, `the first card of ${path}`).toBeLessThan(phone.height - 120);
        // The filter panel is folded behind its button; the page does not scroll sideways.
        await expect(page.getByLabel('Job title')).toBeHidden();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
        // Without viewport-fit=cover, Safari reports a safe-area inset of 0 and the sticky bars sit
        // on the iPhone's home indicator.
        await expect(page.locator('meta[name="viewport"]')).toHaveAttribute('content', /viewport-fit=cover/);
      }
    });

    test('the menu opens with Sign In and Get Started, and closes', async ({ page, board }) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await expect(menu).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', board.config.links.signIn);
      await expect(menu.getByRole('link', { name: 'Get Started' })).toBeVisible();
      await menu.getByRole('button', { name: 'Close menu' }).click();
      await expect(menu).toBeHidden();
    });

    test("the filters: 'engineer' applied renders the board with the SPEC's count", async ({ page, board }) => {
      const expected = await jobsTitled(board, 'engineer');
      expect(expected.length).toBeGreaterThan(1);
      await page.goto('/');
      await page.getByRole('button', { name: /^Filters/ }).click();
      const sheet = page.getByRole('dialog', { name: 'Filters' });
      await expect(sheet).toBeVisible();
      await sheet.getByLabel('Job title').fill('engineer');
      await sheet.getByRole('button', { name: 'Apply filters' }).click();
      await expect(page).toHaveURL(/[?&]q=engineer(&|$)/);
      await expect(page.getByText(countText(Math.min(24, expected.length), expected.length))).toBeVisible();
      for (const title of await cards(page).getByRole('heading').allTextContents())
        expect(title.toLowerCase()).toContain('engineer');
      await expect(page.getByRole('button', { name: /^Filters/ })).toContainText('1 active');
    });

    test('the sort', async ({ page, board }) => {
      const all = await apiJobs(board);
      await page.goto('/');
      const newest = await cards(page).first().getByRole('heading').textContent();
      await page.getByLabel('Sort by').selectOption('salary');
      await page.getByRole('button', { name: 'Sort', exact: true }).click();
      await expect(page).toHaveURL(/[?&]sort=salary(&|$)/);
      await expect(page.getByLabel('Sort by')).toHaveValue('salary');
      await expect(page.getByText(countText(24, all.length))).toBeVisible();
      expect(await cards(page).first().getByRole('heading').textContent()).not.toBe(newest);
      await expect(cards(page).first()).not.toContainText('Salary not disclosed');
    });

    test('more jobs: a link to the next page, which the server renders with the first ones', async ({
      page,
      board,
    }) => {
      const total = (await apiJobs(board)).length;
      expect(total).toBeGreaterThan(48);
      await page.goto('/?view=grid');
      await expect(cards(page)).toHaveCount(24);
      // A click while the cards still fade in can land beside the link on a busy machine: the link's
      // own address is what is checked, followed as a visitor would (no script runs on this page).
      const more = page.getByRole('link', { name: 'Show more jobs' });
      await expect(more).toHaveAttribute('href', '/?view=grid&page=2');
      await page.waitForLoadState('load');
      // Clicked again only while the page is still the first (a slow navigation is waited for, not
      // followed by a click on the next page's link).
      await expect(async () => {
        if (!/\?view=grid&page=2$/.test(page.url())) await more.click();
        await expect(page).toHaveURL(/\?view=grid&page=2$/, { timeout: 20_000 });
      }).toPass({ timeout: 120_000 });
      await expect(cards(page)).toHaveCount(48);
      await expect(page.getByText(countText(48, total))).toBeVisible();
      await expect(page.getByRole('link', { name: 'Show more jobs' })).toHaveAttribute('href', '/?view=grid&page=3');
    });

    test("the toolbar wraps, 'Get job alerts' open included: nothing runs off the right edge", async ({ page }) => {
      await page.goto('/');
      await page.getByText('Get job alerts').click();
      await expect(page.getByLabel('Email')).toBeVisible();
      for (const control of [
        page.getByLabel('Sort by'),
        page.getByRole('button', { name: 'Grid view' }),
        page.getByRole('button', { name: 'Create alert' }),
      ]) {
        const box = await control.boundingBox();
        expect((box?.x ?? Number.POSITIVE_INFINITY) + (box?.width ?? 0)).toBeLessThanOrEqual(phone.width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    });

    test('the list/grid toggle: two buttons that ask the server for the same board in the other view', async ({
      page,
      board,
    }) => {
      const expected = await jobsTitled(board, 'engineer');
      const count = countText(Math.min(24, expected.length), expected.length);
      await page.goto('/?q=engineer');
      const list = page.getByRole('button', { name: 'List view' });
      const grid = page.getByRole('button', { name: 'Grid view' });
      await expect(list).toHaveAttribute('aria-pressed', 'true');
      await expect(grid).toHaveAttribute('aria-pressed', 'false');
      await grid.click();
      // ?view=grid is the grid's address; the search is kept.
      await expect(page).toHaveURL(/\/\?q=engineer&view=grid$/);
      await expect(grid).toHaveAttribute('aria-pressed', 'true');
      await expect(list).toHaveAttribute('aria-pressed', 'false');
      await expect(page.getByText(count)).toBeVisible();
      await list.click();
      await expect(page).toHaveURL(/\/\?q=engineer&view=list$/);
      await expect(list).toHaveAttribute('aria-pressed', 'true');
      // Back returns to the grid.
      await page.goBack();
      await expect(page).toHaveURL(/\/\?q=engineer&view=grid$/);
      await expect(grid).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByText(count)).toBeVisible();
    });

    test('talent scout answers a message sent with Enter', async ({ page }) => {
      await page.goto('/talent-scout');
      await page.getByLabel('Your message').fill('Remote design roles');
      await page.getByLabel('Your message').press('Enter');
      await expect(page).toHaveURL(/\/talent-scout\?message=Remote\+design\+roles$/);
      const log = page.getByRole('log', { name: 'Messages' });
      await expect(log.getByRole('listitem')).toHaveCount(3);
      await expect(log.getByRole('listitem').nth(1)).toContainText('Remote design roles');
      await expect(log.getByRole('listitem').nth(2)).toContainText("I'm still in training");
    });

    test('the sticky apply bar is at the bottom of the first screen, disabled without an application URL', async ({
      page,
      board,
    }) => {
      const none = await findJob(board, (job) => job.application_url === null);
      await page.goto(`/job/${none.id}`);
      const bar = page.locator('[data-slot="sticky-apply-bar"]');
      await expect(bar).toBeVisible();
      const box = await bar.boundingBox();
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeCloseTo(phone.height, 0);
      await expect(bar.getByRole('button', { name: 'Apply for this position' })).toHaveAttribute(
        'aria-disabled',
        'true',
      );
      await expect(bar.getByRole('button', { name: /^Save/ })).toBeVisible();
    });
  });
}

test.describe('the sticky apply bar', () => {
  test('follows the apply rules on a phone once hydrated, and is not there at 1280 px', async ({
    page,
    visit,
    board,
  }) => {
    const external = await findJob(board, (job) => job.application_url?.startsWith('https://') ?? false);
    await visit(`/job/${external.id}`, { heading: external.title });
    await expect(page.locator('[data-slot="sticky-apply-bar"]')).toBeHidden();

    await page.setViewportSize(phone);
    const bar = page.locator('[data-slot="sticky-apply-bar"]');
    await expect(bar).toBeVisible();
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      bar.getByRole('button', { name: /Apply for this position/ }).click(),
    ]);
    await popup.close();
    await expect(page.getByText('Redirecting to job application page')).toBeVisible();
    // It steps aside while the card's own Apply button is on screen.
    await page
      .getByRole('article')
      .getByRole('button', { name: /Apply for this position/ })
      .scrollIntoViewIfNeeded();
    await expect(bar).toBeHidden();
  });
});

test.describe('before the scripts run (held until the visitor is done)', () => {
  test.use({ viewport: phone });

  test('the menu opens, and a title typed in the filters is kept and applied once hydrated', async ({
    page,
    board,
  }) => {
    const expected = await jobsTitled(board, 'engineer');
    // Every script is held until the visitor is done, however long that takes on a busy machine (a
    // fixed hold let the scripts in mid-way there).
    let letScriptsGo: () => void = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (letScriptsGo = resolve));
    let held = 0;
    await page.route(/\.js(\?.*)?$/, async (route) => {
      held++;
      await scriptsHeld;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    await expect(cards(page).first()).toBeVisible();
    const hydrated = () =>
      page.evaluate(() =>
        Object.keys(document.querySelector('#root > *') ?? {}).some((key) => key.startsWith('__reactFiber$')),
      );

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
    await page.getByRole('button', { name: /^Filters/ }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.getByLabel('Job title').fill('engineer');
    // (Escape would clear the search field first, as the browser does.)
    await sheet.getByRole('button', { name: 'Close filters' }).click();
    await expect(sheet).toBeHidden();
    expect(held).toBeGreaterThan(0);
    expect(await hydrated(), 'all this happened before hydration').toBe(false);

    letScriptsGo();
    await waitForHydration(page);
    await expect(page).toHaveURL(/[?&]q=engineer(&|$)/);
    await expect(page.getByText(countText(Math.min(24, expected.length), expected.length))).toBeVisible();
    await expect(page.getByLabel('Job title')).toHaveValue('engineer');
    await expect(page.getByRole('button', { name: /^Filters/ })).toContainText('1 active');
  });
});

/** The layout shifts of the page so far (each `layout-shift` entry, buffered from the first paint). */
async function layoutShift(page: Page): Promise<{ total: number; sources: string[] }> {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const observer = new PerformanceObserver(() => {});
        observer.observe({ type: 'layout-shift', buffered: true });
        // A frame later the buffered entries are in.
        requestAnimationFrame(() =>
          setTimeout(() => {
            const entries = observer.takeRecords() as (PerformanceEntry & {
              value: number;
              hadRecentInput: boolean;
              sources?: { node?: Node | null }[];
            })[];
            observer.disconnect();
            const shifts = entries.filter((entry) => !entry.hadRecentInput);
            resolve({
              total: shifts.reduce((sum, entry) => sum + entry.value, 0),
              sources: shifts.flatMap((entry) =>
                (entry.sources ?? []).map((source) =>
                  source.node instanceof Element ? source.node.outerHTML.slice(0, 120) : String(source.node?.nodeName),
                ),
              ),
            });
          }, 100),
        );
      }),
  );
}

for (const viewport of [phone, { width: 1280, height: 800 }]) {
  test.describe(`hydration at ${viewport.width} px`, () => {
    // The phone is Safari on an iPhone (no client hints): the device whose page used to jump.
    test.use(viewport === phone ? { viewport, userAgent: userAgents['Safari on an iPhone'] } : { viewport });

    test('moves nothing: layout shift 0 from the first paint to hydrated, on the board and a job page', async ({
      page,
      board,
      context,
    }) => {
      await withoutClientHints(context);
      const job = await findJob(board, (candidate) => candidate.application_url !== null);
      for (const path of ['/', '/demo', `/job/${job.id}`]) {
        await page.goto(path);
        await waitForHydration(page);
        // What hydration renders next (the browser's own state) is in too.
        await page.waitForTimeout(300);
        expect(await layoutShift(page), `layout shift on ${path}`).toEqual({ total: 0, sources: [] });
      }
    });
  });
}
