import type { Browser } from '@playwright/test';
import type { Board } from '../support/board';
import { expect, test } from '../support/test';

/**
 * "I can work from" and visa sponsorship on the seeded board: the server renders the filtered
 * list from the URL, so the filter form works before any script runs; with scripts, the picker
 * and the box filter in place. Screenshots of the panel at a desktop's and a phone's width are
 * attached to the run for a person to look at.
 */

interface Listed {
  id: number;
  title: string;
}

/** The titles of the API's first page for the board's search (the board asks for 24 of its jobs). */
async function apiTitles(board: Board, query: string): Promise<string[]> {
  const url = new URL(`/public-job-posting?visibility=job_board_only&limit=24&${query}`, board.config.apiBaseUrl);
  const body = (await (await fetch(url)).json()) as { jobs: Listed[] };
  return body.jobs.map((job) => job.title);
}

async function withoutScripts<T>(
  browser: Browser,
  board: Board,
  run: (page: import('@playwright/test').Page) => Promise<T>,
) {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: board.url });
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

const cardTitles = async (page: import('@playwright/test').Page) =>
  page.getByRole('article').getByRole('heading', { level: 3 }).allTextContents();

test.describe('where the seeker can work from', () => {
  test('the server lists the jobs for ?from=DE, and the form sends a picked country, before scripts', async ({
    browser,
    board,
  }) => {
    const germany = await apiTitles(board, 'from=DE');
    const all = await apiTitles(board, '');
    expect(germany.length).toBeGreaterThan(0);
    expect(germany).not.toEqual(all);
    await withoutScripts(browser, board, async (page) => {
      await page.goto('/?from=DE');
      await expect(page.getByRole('combobox', { name: 'I can work from' })).toHaveValue('Germany');
      expect((await cardTitles(page)).map((title) => title.trim())).toEqual(germany);

      await page.goto('/');
      await page.getByRole('combobox', { name: 'I can work from' }).fill('Germany');
      await page.getByRole('checkbox', { name: 'Sponsors a visa' }).check();
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await expect(page).toHaveURL(/from=Germany/);
      const sponsoring = await apiTitles(board, 'from=DE&visa=1');
      const titles = (await cardTitles(page)).map((title) => title.trim());
      if (sponsoring.length === 0) await expect(page.getByText('No job listings found.')).toBeVisible();
      else expect(titles).toEqual(sponsoring);
    });
  });

  for (const width of [1280, 375]) {
    test(`the picker filters in place with scripts, at ${width} px`, async ({ page, board }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await expect(page.getByRole('article').first()).toBeVisible();
      if (width < 768) await page.getByRole('button', { name: /^Filters/ }).click();
      const picker = page.getByRole('combobox', { name: 'I can work from' });
      await picker.fill('Germany');
      await expect(page).toHaveURL(/from=DE/);
      await testInfo.attach(`filters-${width}`, { body: await page.screenshot(), contentType: 'image/png' });
      await page.screenshot({ path: testInfo.outputPath(`filters-${width}.png`) });
      if (width < 768) await page.getByRole('button', { name: 'Apply filters' }).click();
      await expect
        .poll(async () => (await cardTitles(page)).map((title) => title.trim()))
        .toEqual(await apiTitles(board, 'from=DE'));
      await page.screenshot({ path: testInfo.outputPath(`board-${width}.png`), fullPage: false });
    });
  }
});
