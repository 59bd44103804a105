import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../support/chromium';
import { firstLoadScriptBudget, measureFirstLoad, total } from '../support/first-load-bytes';
import { expect, test } from '../support/test';

/**
 * What a first visit to the board costs in scripts, as a visitor's data plan pays for it: every
 * script until the network is quiet after the page's idle-time work, the vitals' code included,
 * in gzip bytes on the wire (e2e/support/first-load-bytes.ts). Byte counts of one build are the
 * same on every run, so this is a limit, not a timing (docs/performance.md, "The byte guard").
 */
test('a first load of / downloads at most 195 KiB of gzip JS, the code loaded when idle included', async ({
  board,
}) => {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const files = await measureFirstLoad(browser, `${board.url}/`);
    const scripts = files.filter((file) => file.type === 'script');
    // The vitals' code loads after `load`, when the page is idle: it is part of what a visit costs.
    expect(scripts.map((file) => file.file)).toContainEqual(expect.stringMatching(/^\/lazy-vitals\.[0-9a-f]+\.js$/));
    const listing = scripts.map((file) => `${file.wire} ${file.file}`).join('\n');
    expect(total(files, 'script'), `scripts of / (gzip bytes on the wire):\n${listing}`).toBeLessThanOrEqual(
      firstLoadScriptBudget,
    );
  } finally {
    await browser.close();
  }
});
