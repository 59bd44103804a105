import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { Board } from './board';

interface PageGuard {
  /** Console errors this test expects (e.g. a remote that is deliberately down). */
  allowConsoleErrors(pattern: RegExp): void;
}

interface Fixtures {
  guard: PageGuard;
  /** Opens a path of the board, waits for the page's heading and runs the axe check. */
  visit(path: string, options?: { heading?: string | RegExp }): Promise<void>;
}

/**
 * Every suite uses this `test`: the board is served once per worker; every page fails its test
 * on a console error or an uncaught page error, and every visit runs axe-core, failing on serious
 * or critical violations.
 */
export const test = base.extend<Fixtures, { board: Board }>({
  board: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern
    async ({}, use) => {
      const board = await Board.start();
      await use(board);
      await board.stop();
    },
    { scope: 'worker' },
  ],

  baseURL: async ({ board }, use) => {
    await use(board.url);
  },

  guard: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = `${message.text()} (${message.location().url})`;
        if (!allowed.some((pattern) => pattern.test(text))) problems.push(`console.error: ${text}`);
      });
      page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
      await use({ allowConsoleErrors: (pattern) => allowed.push(pattern) });
      expect(problems, 'console errors or uncaught errors on the page').toEqual([]);
    },
    { auto: true },
  ],

  visit: async ({ page }, use) => {
    await use(async (path, options = {}) => {
      await page.goto(path);
      const heading = page.getByRole('heading', { level: 1, ...(options.heading ? { name: options.heading } : {}) });
      await expect(heading.first()).toBeVisible();
      await expectAccessible(page);
    });
  },
});

export async function expectAccessible(page: Page) {
  // Entrance animations fade content in; check what the visitor sees once they have finished.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} -> ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(serious, `axe violations on ${page.url()}`).toEqual([]);
}

export { expect };
