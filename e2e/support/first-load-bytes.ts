import type { Browser, Request } from '@playwright/test';

/** What one response of a first load cost: its address (without the origin), its type, its bytes. */
export interface LoadedFile {
  file: string;
  type: string;
  /** The body as it crossed the wire (gzip, or the file itself when it was sent uncompressed). */
  wire: number;
  /** The body once decoded. */
  raw: number;
}

/** The most a page may spend in scripts on a first load of `/`, in gzip bytes on the wire. */
export const firstLoadScriptBudget = 195 * 1024;

/** How long the network must be quiet, after the page's idle-time work, for the load to be over. */
const quietMs = 500;
/** A hang, not a slow page: a first load that has not gone quiet by then fails. */
const hangMs = 120_000;

/**
 * What a first load of `url` costs a visitor's data plan: every response the browser receives
 * from the navigation until the network is quiet after the page's idle-time work (the vitals'
 * code, the other remotes' manifests), each counted as it crossed the wire. The browser accepts
 * gzip only, so the figure is in gzip bytes whichever encodings the servers offer (brotli costs a
 * visitor less): the servers send each file's precompressed .gz, or the file itself when it is
 * too small to be worth compressing. A file fetched twice is paid twice.
 */
export async function measureFirstLoad(browser: Browser, url: string): Promise<LoadedFile[]> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'Accept-Encoding': 'gzip' } });
  const page = await context.newPage();
  const files: LoadedFile[] = [];
  const pending = new Set<Request>();
  let lastActivity = Date.now();
  const settled = (request: Request) => {
    pending.delete(request);
    lastActivity = Date.now();
  };
  page.on('request', (request) => {
    pending.add(request);
    lastActivity = Date.now();
  });
  page.on('requestfailed', settled);
  page.on('requestfinished', async (request) => {
    try {
      const response = await request.response();
      const [sizes, body] = await Promise.all([request.sizes(), response?.body().catch(() => null)]);
      files.push({
        file: request.url().replace(/^https?:\/\/[^/]+/, ''),
        type: request.resourceType(),
        wire: sizes.responseBodySize,
        raw: body?.byteLength ?? sizes.responseBodySize,
      });
    } finally {
      settled(request);
    }
  });
  try {
    await page.goto(url, { waitUntil: 'load', timeout: hangMs });
    // The page's own idle-time work was queued at `load`; this callback runs after it.
    await page.evaluate(
      (timeout) => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout })),
      hangMs / 2,
    );
    const start = Date.now();
    while (pending.size > 0 || Date.now() - lastActivity < quietMs) {
      if (Date.now() - start > hangMs) throw new Error(`${url}: the network never went quiet after the load`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await context.close();
  }
  return files.sort((a, b) => b.wire - a.wire);
}

/** The sum of one kind of bytes over the files of one type. */
export function total(files: LoadedFile[], type: string, key: 'wire' | 'raw' = 'wire') {
  return files.filter((file) => file.type === type).reduce((sum, file) => sum + file[key], 0);
}
