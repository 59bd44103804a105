/**
 * Lighthouse (the npm package) on Debian's Chromium, mobile preset (Lighthouse's default:
 * simulated Moto G Power, slow 4G, 4x CPU), performance category only. One Chromium per run, so
 * no cache or connection survives between runs; the median run (by score) is reported.
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumLaunchOptions } from '../support/chromium';

export interface LighthouseResult {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
}

async function once(url: string): Promise<LighthouseResult> {
  const chrome = await launch({
    chromePath: chromiumLaunchOptions.executablePath,
    chromeFlags: ['--headless=new', ...chromiumLaunchOptions.args],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcpMs: audit('first-contentful-paint'),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      speedIndexMs: audit('speed-index'),
    };
  } finally {
    chrome.kill();
  }
}

/** The median of `runs` Lighthouse runs of one page, by performance score. */
export async function lighthouseMedian(url: string, runs: number): Promise<LighthouseResult & { scores: number[] }> {
  const results: LighthouseResult[] = [];
  for (let i = 0; i < runs; i++) results.push(await once(url));
  const sorted = [...results].sort((a, b) => a.score - b.score);
  const middle = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!middle) throw new Error('no Lighthouse run');
  return { ...middle, scores: results.map((result) => result.score) };
}
