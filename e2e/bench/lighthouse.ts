/**
 * Lighthouse (the npm package) on Debian's Chromium, mobile preset (Lighthouse's default:
 * simulated Moto G Power, slow 4G, 4x CPU), the performance and accessibility categories. One Chromium per run, so
 * no cache or connection survives between runs; the median run (by score) is reported.
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumLaunchOptions } from '../support/chromium';
import { roundedLoad } from './run-info';

export interface LighthouseResult {
  score: number;
  /** The accessibility category's score (axe's audits), 0 to 100. */
  accessibility: number;
  /** The accessibility audits that failed, by id (empty at 100). */
  accessibilityFailures: string[];
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Where the main thread's time went (Lighthouse's groups: script evaluation, style and layout…), ms. */
  mainThreadMs: Record<string, number>;
  /** The scripts that took the main thread longest (evaluation and parsing), ms. */
  bootupMs: { url: string; scripting: number }[];
}

type Items = { items?: Record<string, unknown>[] } | undefined;
const itemsOf = (details: unknown) => (details as Items)?.items ?? [];

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
      onlyCategories: ['performance', 'accessibility'],
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      accessibilityFailures: (lhr.categories.accessibility?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
        .map((ref) => ref.id),
      fcpMs: audit('first-contentful-paint'),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      speedIndexMs: audit('speed-index'),
      mainThreadMs: Object.fromEntries(
        itemsOf(lhr.audits['mainthread-work-breakdown']?.details).map((item) => [
          String(item.groupLabel ?? item.group),
          Math.round(Number(item.duration)),
        ]),
      ),
      bootupMs: itemsOf(lhr.audits['bootup-time']?.details)
        .slice(0, 5)
        .map((item) => ({
          url: String(item.url).replace(/^https?:\/\/[^/]+/, ''),
          scripting: Math.round(Number(item.scripting)),
        })),
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

/** Lighthouse, mobile preset, on each page: the board and the one bundle side by side. */
export async function lighthouseBench(
  urls: { board: string; single: string },
  pages: Record<string, string>,
  runs: number,
) {
  const lighthouse: Record<string, { federated: LighthouseResult; single: LighthouseResult; loadAverage: number[] }> =
    {};
  for (const [name, route] of Object.entries(pages)) {
    lighthouse[name] = {
      loadAverage: roundedLoad(),
      federated: await lighthouseMedian(`${urls.board}${route}`, runs),
      single: await lighthouseMedian(`${urls.single}${route}`, runs),
    };
  }
  return lighthouse;
}

export function printLighthouse(lighthouse: Awaited<ReturnType<typeof lighthouseBench>>, runs: number) {
  console.log(`Lighthouse ${runs > 1 ? `median of ${runs}` : '1 run'}, mobile preset: federated / one bundle`);
  console.table(
    Object.fromEntries(
      Object.entries(lighthouse).map(([page, { federated, single }]) => [
        page,
        {
          performance: `${federated.score} / ${single.score}`,
          accessibility: `${federated.accessibility} / ${single.accessibility}`,
          'FCP ms': `${Math.round(federated.fcpMs)} / ${Math.round(single.fcpMs)}`,
          'LCP ms': `${Math.round(federated.lcpMs)} / ${Math.round(single.lcpMs)}`,
          'TBT ms': `${Math.round(federated.tbtMs)} / ${Math.round(single.tbtMs)}`,
          CLS: `${federated.cls.toFixed(3)} / ${single.cls.toFixed(3)}`,
        },
      ]),
    ),
  );
}
