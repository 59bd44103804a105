/**
 * The one-bundle section: the same pages built as one bundle, measured in the same run as the
 * board (bytes, FCP, LCP and when the API call starts), so the table shows what federation costs.
 */
import type { Browser } from '@playwright/test';
import { kb, measureBytes } from './bytes';
import { measureLoad, type PageLoad } from './page-load';
import { median } from './stats';

export async function singleBundleBench(
  browser: Browser,
  urls: { board: string; single: string },
  pages: Record<string, string>,
  runs: number,
) {
  const singleBytes: Record<string, Awaited<ReturnType<typeof measureBytes>>> = {};
  const singleLoads: Record<string, { fcp: number; lcp: number; apiStart: number }> = {};
  const federatedApiStart: Record<string, number> = {};
  for (const [name, route] of Object.entries(pages)) {
    singleBytes[name] = await measureBytes(browser, `${urls.single}${route}`);
    const samples = [];
    for (let i = 0; i < runs; i++) samples.push(await measureLoad(browser, `${urls.single}${route}`));
    const apiStart = (timeline: { url: string; start: number }[]) =>
      timeline.find((entry) => entry.url.includes('/public-job-posting'))?.start ?? Number.NaN;
    singleLoads[name] = {
      fcp: median(samples.map((s) => s.fcp)),
      lcp: median(samples.map((s) => s.lcp)),
      apiStart: median(samples.map((s) => apiStart(s.timeline))),
    };
    federatedApiStart[name] =
      (await measureLoad(browser, `${urls.board}${route}`)).timeline.find((entry) =>
        entry.url.includes('/public-job-posting'),
      )?.start ?? Number.NaN;
  }
  return { bytes: singleBytes, loads: singleLoads, federatedApiStart };
}

export function printFederationCost(
  pages: Record<string, string>,
  bytes: Record<string, Awaited<ReturnType<typeof measureBytes>>>,
  loads: Record<string, PageLoad>,
  { bytes: singleBytes, loads: singleLoads, federatedApiStart }: Awaited<ReturnType<typeof singleBundleBench>>,
) {
  console.log('Cost of federation: the same pages as one bundle, in the same run');
  console.table(
    Object.fromEntries(
      Object.keys(pages).map((page) => {
        const fed = bytes[page];
        const one = singleBytes[page];
        return [
          page,
          {
            'JS gzip KB fed': kb(fed?.jsGzip ?? 0),
            'JS gzip KB single': kb(one?.jsGzip ?? 0),
            // JS only (the byte target compares scripts): the federated page's first-view CSS is inline in its HTML.
            'JS ratio': Number((fed?.jsGzip ?? 0) / (one?.jsGzip ?? 1)).toFixed(3),
            'requests fed/single': `${fed?.requests}/${one?.requests}`,
            'LCP ms fed/single': `${Math.round(loads[page]?.lcp ?? 0)}/${Math.round(singleLoads[page]?.lcp ?? 0)}`,
            'API call starts ms fed/single': `${Math.round(federatedApiStart[page] ?? 0)}/${Math.round(singleLoads[page]?.apiStart ?? 0)}`,
          },
        ];
      }),
    ),
  );
}
