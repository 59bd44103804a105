import { existsSync } from 'node:fs';
import puppeteer from 'puppeteer-core';
import { type Engine, phone } from './engine';

const firefoxPath = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** The centre of an element in the viewport, scrolled to the middle of the screen first. */
const centreOf = (selector: string) =>
  `(() => { const el = document.querySelector(${JSON.stringify(selector)}); if (!el) return null; el.scrollIntoView({ block: 'center' }); const box = el.getBoundingClientRect(); return { x: box.left + box.width / 2, y: box.top + box.height / 2 }; })()`;

/**
 * Debian's Firefox ESR through WebDriver BiDi (no geckodriver): headless, at 375 × 812, with its
 * own user agent and no client hints, as Firefox sends. `scripts: false` turns JavaScript off in
 * the profile (`javascript.enabled`); the suite's own evaluation still runs.
 */
export async function launchFirefox(scripts: boolean): Promise<Engine> {
  if (!existsSync(firefoxPath)) {
    throw new Error(`Firefox ESR is not installed at ${firefoxPath}: run \`bash scripts/setup.sh --browser\`.`);
  }
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath,
    headless: true,
    protocol: 'webDriverBiDi',
    timeout: 120_000,
    extraPrefsFirefox: scripts ? {} : { 'javascript.enabled': false },
  });
  try {
    const page = await browser.newPage();
    page.setDefaultTimeout(120_000);
    page.setDefaultNavigationTimeout(120_000);
    const found: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') found.push(`console.error: ${message.text()} (${message.location().url ?? ''})`);
    });
    page.on('pageerror', (error) => found.push(`uncaught: ${error instanceof Error ? error.message : String(error)}`));
    // The size is applied; only the orientation call that follows is unsupported over BiDi.
    await page.setViewport(phone).catch(() => undefined);
    // Input actions at the element's centre: Puppeteer's element handles call into the page's
    // realm, which does not answer with the page's scripts off.
    const click = async (selector: string) => {
      const centre = (await page.evaluate(centreOf(selector))) as { x: number; y: number } | null;
      if (!centre) throw new Error(`no element ${selector} to click`);
      await page.mouse.click(centre.x, centre.y);
    };
    const viewport = await page.evaluate('({ width: innerWidth, height: innerHeight })');
    return {
      label: `Firefox ESR ${(await browser.version()).replace(/^firefox\//i, '')}`,
      scripts,
      viewport: viewport as Engine['viewport'],
      async open(url) {
        await page.goto(url, { waitUntil: 'load' });
      },
      evaluate: <T>(expression: string) => page.evaluate(expression) as Promise<T>,
      click,
      async type(selector, text, options = {}) {
        await click(selector);
        await page.keyboard.type(text, { delay: 20 });
        if (options.enter) await page.keyboard.press('Enter');
      },
      async errors() {
        return found.splice(0);
      },
      close: () => browser.close(),
    };
  } catch (error) {
    await browser.close();
    throw error;
  }
}
