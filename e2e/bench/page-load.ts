/**
 * The pages section: each page's bytes and its load (FCP, LCP, TBT, CLS) with a phone's CPU and
 * network, the median of `runs`, and the request timeline of /. The one-bundle section measures
 * its pages with the same `measureLoad`.
 */
import type { Browser } from '@playwright/test';
import { kb, measureBytes } from './bytes';
import { roundedLoad } from './run-info';
import { median } from './stats';
import { throttle } from './throttling';

const vitals = () => {
  const metrics = { fcp: 0, lcp: 0, cls: 0, longTasks: [] as { start: number; duration: number }[] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') metrics.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) metrics.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
      if (!entry.hadRecentInput) metrics.cls += entry.value;
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) metrics.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  (window as unknown as { __vitals: typeof metrics }).__vitals = metrics;
};

/** FCP, LCP, TBT, CLS with 4x CPU slowdown, 150 ms RTT and 1.6 Mbit/s down; and the request timeline. */
export async function measureLoad(browser: Browser, url: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await throttle(context, page);
  await page.addInitScript(vitals);
  const timeline: { url: string; start: number; end: number }[] = [];
  const starts = new Map<string, number>();
  page.on('request', (request) => starts.set(request.url(), Date.now()));
  page.on('requestfinished', (request) =>
    timeline.push({ url: request.url(), start: starts.get(request.url()) ?? 0, end: Date.now() }),
  );
  const navigationStart = Date.now();
  await page.goto(url);
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const metrics = await page.evaluate(
    () =>
      (
        window as unknown as {
          __vitals: { fcp: number; lcp: number; cls: number; longTasks: { start: number; duration: number }[] };
        }
      ).__vitals,
  );
  await context.close();
  const tbt = metrics.longTasks
    .filter((task) => task.start >= metrics.fcp)
    .reduce((total, task) => total + Math.max(0, task.duration - 50), 0);
  return {
    fcp: metrics.fcp,
    lcp: metrics.lcp,
    tbt,
    cls: metrics.cls,
    timeline: timeline
      .map((entry) => ({ url: entry.url, start: entry.start - navigationStart, end: entry.end - navigationStart }))
      .sort((a, b) => a.start - b.start),
  };
}

export type PageLoad = { fcp: number; lcp: number; tbt: number; cls: number; loadAverage: number[] };

export async function pagesBench(browser: Browser, boardUrl: string, pages: Record<string, string>, runs: number) {
  const bytes: Record<string, Awaited<ReturnType<typeof measureBytes>>> = {};
  const loads: Record<string, PageLoad> = {};
  let timeline: Awaited<ReturnType<typeof measureLoad>>['timeline'] = [];
  for (const [name, route] of Object.entries(pages)) {
    bytes[name] = await measureBytes(browser, `${boardUrl}${route}`);
    const samples = [];
    for (let i = 0; i < runs; i++) samples.push(await measureLoad(browser, `${boardUrl}${route}`));
    if (name === '/') timeline = samples[0]?.timeline ?? [];
    loads[name] = {
      loadAverage: roundedLoad(),
      fcp: median(samples.map((s) => s.fcp)),
      lcp: median(samples.map((s) => s.lcp)),
      tbt: median(samples.map((s) => s.tbt)),
      cls: median(samples.map((s) => s.cls)),
    };
  }
  return { bytes, loads, timeline };
}

/** The section's tables: bytes, load figures, and the request timeline of /. */
export function printPageLoads({ bytes, loads, timeline }: Awaited<ReturnType<typeof pagesBench>>, runs: number) {
  console.log('\nBytes on first load (JS+CSS, from the network log)');
  console.table(
    Object.fromEntries(
      Object.entries(bytes).map(([page, b]) => [
        page,
        {
          'JS KB': kb(b.jsRaw),
          'JS KB gzip': kb(b.jsGzip),
          'CSS KB': kb(b.cssRaw),
          'CSS KB gzip': kb(b.cssGzip),
          requests: b.requests,
        },
      ]),
    ),
  );
  console.log(`Page load, throttled (4x CPU, 150 ms RTT, 1.6 Mbit/s), median of ${runs}`);
  console.table(
    Object.fromEntries(
      Object.entries(loads).map(([page, l]) => [
        page,
        {
          'FCP ms': Math.round(l.fcp),
          'LCP ms': Math.round(l.lcp),
          'TBT ms': Math.round(l.tbt),
          CLS: Number(l.cls.toFixed(4)),
        },
      ]),
    ),
  );
  console.log('Request timeline of / (ms from navigation, throttled)');
  console.table(
    timeline.slice(0, 30).map((entry) => ({ url: entry.url.slice(0, 70), start: entry.start, end: entry.end })),
  );
}
