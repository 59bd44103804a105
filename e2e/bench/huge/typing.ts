/**
 * Typing "engineer" into the board's job title field in Chromium: the time from the last key's
 * event to the board showing the search's results (the count line, '24 of 1,234 jobs', at the
 * search's total, and the list no longer busy: "enginee" has the same total, so the count's text
 * alone may not change), the debounce included; and the page's JS heap (CDP's JSHeapUsedSize) after it.
 */
import type { Browser, Page } from '@playwright/test';
import { roundedLoad } from '../run-info';
import { median } from '../stats';

const word = 'engineer';
const repeats = 3;

export interface TypingResult {
  /** Last key → count updated, ms: median and worst of the repeats. */
  medianMs: number;
  maxMs: number;
  samplesMs: number[];
  /** JS heap in use after the load and after typing, MB (median of the repeats). */
  heapAfterLoadMb: number;
  heapAfterTypingMb: number;
  loadAverage: number[];
}

/** Records, in the page, each key's time and each change of the count line or of the list's busy state. */
const recordTimes = () => {
  const times = { keys: [] as number[], states: [] as { text: string; busy: boolean; at: number }[] };
  document.addEventListener('keydown', (event) => times.keys.push(event.timeStamp), true);
  const count = document.querySelector('p[role="status"]');
  // One function, no named inner ones: the bench's TypeScript loader would name them with a helper the page lacks.
  new MutationObserver(() =>
    times.states.push({
      text: count?.textContent ?? '',
      busy: document.querySelector('[aria-busy="true"]') !== null,
      at: performance.now(),
    }),
  ).observe(document.body, { childList: true, characterData: true, subtree: true, attributeFilter: ['aria-busy'] });
  (window as unknown as { __typing: typeof times }).__typing = times;
};

async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  await cdp.detach();
  return (metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? Number.NaN) / 1024 / 1024;
}

async function typeOnce(browser: Browser, siteUrl: string, countLine: RegExp) {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto(siteUrl);
    await page.waitForLoadState('networkidle');
    const heapAfterLoad = await heapMb(page);
    await page.evaluate(recordTimes);
    await page.getByLabel('Job title').click();
    await page.keyboard.type(word, { delay: 80 });
    await page.locator('p[role="status"]').filter({ hasText: countLine }).waitFor({ timeout: 30_000 });
    await page
      .locator('[aria-busy="true"]')
      .waitFor({ state: 'detached', timeout: 30_000 })
      .catch(() => undefined);
    const times = await page.evaluate(
      () =>
        (window as unknown as { __typing: { keys: number[]; states: { text: string; busy: boolean; at: number }[] } })
          .__typing,
    );
    const lastKey = times.keys.at(-1) ?? Number.NaN;
    const updated = times.states.find((state) => state.at >= lastKey && !state.busy && countLine.test(state.text));
    return { ms: (updated?.at ?? Number.NaN) - lastKey, heapAfterLoad, heapAfterTyping: await heapMb(page) };
  } finally {
    await context.close();
  }
}

/**
 * `total`: the API's total for the typed title, which the count line must come to show ('of
 * 10,000+ jobs' when the API says it is a lower bound).
 */
export async function measureTyping(
  browser: Browser,
  siteUrl: string,
  total: { total: number; atLeast: boolean },
): Promise<TypingResult> {
  const loadAverage = roundedLoad();
  const countLine = new RegExp(`of ${total.total.toLocaleString('en-GB')}${total.atLeast ? '\\+' : ''} jobs?$`);
  const samples = [];
  for (let i = 0; i < repeats; i++) samples.push(await typeOnce(browser, siteUrl, countLine));
  const ms = samples.map((sample) => sample.ms);
  return {
    medianMs: median(ms),
    maxMs: Math.max(...ms),
    samplesMs: ms.map(Math.round),
    heapAfterLoadMb: median(samples.map((sample) => sample.heapAfterLoad)),
    heapAfterTypingMb: median(samples.map((sample) => sample.heapAfterTyping)),
    loadAverage,
  };
}
