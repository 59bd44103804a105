/**
 * The huge board's pages as the shell's server sends them: each page's HTML size (gzip, as a
 * browser gets it), and the time to render a filtered URL the server has not seen (its answers
 * from the API are kept a while, so each URL is asked once).
 */
import { gzipSync } from 'node:zlib';
import { roundedLoad } from '../run-info';
import { median, percentile } from '../stats';

export const sizedPages = ['/', '/?q=engineer', '/companies'] as const;

export interface PageSize {
  rawBytes: number;
  gzipBytes: number;
  /** `<article>` elements in the HTML (job cards on a board, companies on /companies). */
  articles: number;
  loadAverage: number[];
}

export async function pageSize(siteUrl: string, route: string): Promise<PageSize> {
  const loadAverage = roundedLoad();
  const response = await fetch(`${siteUrl}${route}`, { headers: { 'accept-encoding': 'identity' } });
  const html = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`${route} answered ${response.status}`);
  return {
    rawBytes: html.byteLength,
    gzipBytes: gzipSync(html, { level: 6 }).byteLength,
    articles: (html.toString().match(/<article\b/g) ?? []).length,
    loadAverage,
  };
}

export interface FirstPage {
  ms: number;
  /** Whether it carried its cards: a cold server may miss its render budget and send the page unrendered. */
  rendered: boolean;
}

/** The first page a fresh server sends (its remotes' code and the API's first answers not yet loaded). */
export async function firstPage(siteUrl: string): Promise<FirstPage> {
  const started = performance.now();
  const html = await (await fetch(`${siteUrl}/`)).text();
  return { ms: performance.now() - started, rendered: html.includes('<article') };
}

const words = [
  'engineer',
  'designer',
  'product',
  'data',
  'sales',
  'marketing',
  'manager',
  'developer',
  'writer',
  'lead',
];
const narrowings = ['', '&workplace=Remote', '&sort=salary'];
/** Thirty filtered board URLs, each different (a word of the title, with or without a second filter). */
const filteredUrls = words.flatMap((word) => narrowings.map((narrowing) => `/?q=${word}${narrowing}`));

export interface FilteredRender {
  medianMs: number;
  p95Ms: number;
  urls: number;
  /** Pages that came without a job card (the server's page without its data: the API was too slow for it). */
  withoutCards: number;
  loadAverage: number[];
}

/** Each filtered URL once, one at a time: the time to the whole page, compressed as a browser asks. */
export async function filteredRender(siteUrl: string): Promise<FilteredRender> {
  const loadAverage = roundedLoad();
  const times: number[] = [];
  let withoutCards = 0;
  for (const route of filteredUrls) {
    const started = performance.now();
    const response = await fetch(`${siteUrl}${route}`, { headers: { 'accept-encoding': 'br, gzip' } });
    const html = await response.text();
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`${route} answered ${response.status}`);
    if (!html.includes('<article')) withoutCards++;
  }
  return { medianMs: median(times), p95Ms: percentile(times, 95), urls: times.length, withoutCards, loadAverage };
}
