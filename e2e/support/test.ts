import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import type { ShellMode } from '../../shell/server/config';
import { type ApiFlavour, Board, type ShellCaches } from './board';
import { waitForHydration } from './served-html';

interface PageGuard {
  /** Console errors this test expects (e.g. a remote that is deliberately down). */
  allowConsoleErrors(pattern: RegExp): void;
}

interface Fixtures {
  guard: PageGuard;
  /** Opens a path of the board, waits for the page's heading and the app (hydrated), and runs the axe check. */
  visit(path: string, options?: { heading?: string | RegExp }): Promise<void>;
}

/** The page states axe has passed in this worker (the `visit` fixture). */
const checkedStates = new Set<string>();

/**
 * Every suite uses this `test`: the board is served once per worker; every page fails its test
 * on a console error or an uncaught page error, and every page a test visits is checked by
 * axe-core (once per worker), failing on serious or critical violations.
 */
export const test = base.extend<
  Fixtures,
  { board: Board; shellMode: ShellMode; apiFlavour: ApiFlavour; boardOf: string; shellCaches: ShellCaches }
>({
  /**
   * How the shell's server sends pages (`render`, the default, as deployed). A file about the
   * page the browser renders itself (a page the server sent unrendered, e.g. when the API was slow
   * for it) says `test.use({ shellMode: 'assemble' })` at its top level: its own board and worker.
   */
  shellMode: ['render', { scope: 'worker', option: true }],

  /** The API the board reads (board.ts, ApiFlavour): a Playwright project runs a suite against each. */
  apiFlavour: ['extended', { scope: 'worker', option: true }],

  /**
   * Whose board: a suite that changes the board's jobs (imports them, closes them) says
   * `test.use({ boardOf: 'its-name' })` and gets a board, and a worker, of its own, so the other
   * suites' counts hold.
   */
  boardOf: ['shared', { scope: 'worker', option: true }],

  /** How long the shell's server keeps the API's answers and its pages (board.ts, ShellCaches). */
  shellCaches: ['deployed', { scope: 'worker', option: true }],

  board: [
    async ({ shellMode, apiFlavour, boardOf: _boardOf, shellCaches }, use) => {
      const board = await Board.start({ shellMode, api: apiFlavour, caches: shellCaches });
      await use(board);
      await board.stop();
    },
    // Starting a board (its database copied from the run's seeded template; the shell; the remotes) takes
    // ~5 s on a quiet machine and over 30 s on two cores shared with builds and browsers: a fixture
    // timeout of its own, so a slow start is not read as a failing test.
    { scope: 'worker', timeout: 300_000 },
  ],

  baseURL: async ({ board }, use) => {
    await use(board.url);
  },

  guard: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const consoleErrors: { text: string; url: string }[] = [];
      const uncaught: string[] = [];
      // A page the server answers with 404 (an unknown path, a missing job) or 410 (a closed job) is
      // the intended status, which Chromium also reports as a failed resource: not an error of the page.
      const missingPages = new Set<string>();
      page.on('response', (response) => {
        if ([404, 410].includes(response.status()) && response.request().isNavigationRequest())
          missingPages.add(response.url());
      });
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push({ text: message.text(), url: message.location().url });
      });
      page.on('pageerror', (error) => uncaught.push(`uncaught: ${error.message}`));
      await use({ allowConsoleErrors: (pattern) => allowed.push(pattern) });
      const problems = [
        ...consoleErrors
          .filter(({ text, url }) => !(missingPages.has(url) && /^Failed to load resource: .* (404|410)/.test(text)))
          .map(({ text, url }) => `${text} (${url})`)
          .filter((text) => !allowed.some((pattern) => pattern.test(text)))
          .map((text) => `console.error: ${text}`),
        ...uncaught,
      ];
      expect(problems, 'console errors or uncaught errors on the page').toEqual([]);
    },
    { auto: true },
  ],

  /**
   * axe runs once per page state a worker visits: the address (path and query), the viewport and
   * the project (the API the board reads). The suite visits `/` in dozens of tests and the same
   * few jobs in many more; each visit ran axe again (about a second each on two busy cores) over
   * the same markup. Every distinct page, route and viewport is still checked, in every worker;
   * a state a test reaches by acting on a page is checked where the test calls `expectAccessible`.
   */
  visit: async ({ page, viewport }, use, testInfo) => {
    await use(async (path, options = {}) => {
      await page.goto(path);
      const heading = page.getByRole('heading', { level: 1, ...(options.heading ? { name: options.heading } : {}) });
      await expect(heading.first()).toBeVisible();
      // A rendered page is visible before its scripts run: a test acts on the app, once hydrated.
      await waitForHydration(page);
      const state = `${testInfo.project.name} ${viewport?.width}x${viewport?.height} ${page.url()}`;
      if (checkedStates.has(state)) return;
      await expectAccessible(page);
      checkedStates.add(state);
    });
  },
});

export async function expectAccessible(page: Page) {
  // Entrance animations fade content in; check what the visitor sees once they have finished.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
  // axe.run in the page itself (legacy mode), not runPartial in each frame and finishRun in a blank
  // page of its own: the board's pages hold no cross-origin frame of theirs to check, and the blank
  // page, and moving the results into it, cost two thirds of each check on two busy cores (16 s of
  // 26 s on a 24-card board, measured in a trace).
  const results = await new AxeBuilder({ page }).setLegacyMode().analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} -> ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(serious, `axe violations on ${page.url()}`).toEqual([]);
}

export { expect };
