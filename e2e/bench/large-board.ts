/**
 * The large section: a board of 10,000 generated jobs, in memory: when the first card shows, how
 * long a keystroke in the title filter takes to change the count, and the page's heap.
 */
import type { Browser } from '@playwright/test';
import { generateDemoData } from '../../api/src/seed/demo-data';
import { seed } from '../../api/src/seed/seed';
import type { Board } from '../support/board';
import { startMemoryApi } from '../support/memory-api';
import { median, percentile } from './stats';

export type LargeBoardFigures = Awaited<ReturnType<typeof largeBoard>>;

/** The figures of a run without the large section. */
export const noLargeBoard: LargeBoardFigures = {
  firstCardMs: Number.NaN,
  keystrokeMedianMs: Number.NaN,
  keystrokeP95Ms: Number.NaN,
  heapMb: Number.NaN,
};

export async function largeBoard(browser: Browser, board: Board) {
  const api = await startMemoryApi(board.url, { SEED: 'none' });
  await seed(api.db, generateDemoData({ jobs: 10_000 }));
  const original = board.config;
  board.config = { ...original, apiBaseUrl: api.url };
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(board.url);
    await page.locator('article').first().waitFor({ timeout: 60_000 });
    const firstCard = await page.evaluate(() => performance.now());
    const count = page.getByText(/^[\d,]+ of [\d,]+ jobs?$/);
    await count.waitFor();
    const input = page.getByLabel('Job title');
    await input.click();
    const keystrokes: number[] = [];
    for (let i = 0; i < 20; i++) {
      const before = await count.textContent();
      await page.evaluate(() => {
        (window as unknown as { __t0: number }).__t0 = performance.now();
      });
      await page.keyboard.press(i % 2 === 0 ? 'x' : 'Backspace');
      // The count line ('24 of 8,667 jobs'; 10,000 generated jobs list as 8,667 on the board): a
      // pattern that never matched made this wait return at once, timing the key press alone.
      await page.waitForFunction((previous) => {
        const text = [...document.querySelectorAll('p')].find((p) =>
          /^[\d,]+ of [\d,]+ jobs?$/.test(p.textContent ?? ''),
        )?.textContent;
        return text !== undefined && text !== previous;
      }, before);
      keystrokes.push(
        await page.evaluate(
          () =>
            new Promise<number>((resolve) =>
              requestAnimationFrame(() => resolve(performance.now() - (window as unknown as { __t0: number }).__t0)),
            ),
        ),
      );
    }
    const heap = await page.evaluate(
      () => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0,
    );
    await context.close();
    return {
      firstCardMs: firstCard,
      keystrokeMedianMs: median(keystrokes),
      keystrokeP95Ms: percentile(keystrokes, 95),
      heapMb: heap / 1024 / 1024,
    };
  } finally {
    board.config = original;
    await api.close();
  }
}

export function printLargeBoard(large: LargeBoardFigures) {
  console.log('Large board (10,000 jobs)');
  console.table({
    board: {
      'first card ms': Math.round(large.firstCardMs),
      'keystroke median ms': Math.round(large.keystrokeMedianMs),
      'keystroke p95 ms': Math.round(large.keystrokeP95Ms),
      'heap MB': Math.round(large.heapMb),
    },
  });
}
