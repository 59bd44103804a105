import { type APIRequestContext, expect, type Page } from '@playwright/test';

/**
 * Reading the HTML the shell's server sends, as a crawler does (no JavaScript): the markup it put
 * in #root, whether it rendered the page, and the manifest it handed to the browser.
 */

/** The markup inside `<div id="root">`: empty when the server left the page to the browser. */
export function rootMarkup(html: string): string {
  const start = html.indexOf('<div id="root">');
  expect(start, 'the page has its #root').toBeGreaterThan(-1);
  const from = start + '<div id="root">'.length;
  // A rendered page: the content, then the queries script right after #root (shell/server/pages/assemble-page.ts).
  const queries = html.indexOf('</div><script type="application/json" id="board-queries">', from);
  if (queries > -1) return html.slice(from, queries);
  const end = html.indexOf('</div>', from);
  return html.slice(from, end);
}

/** Whether the server rendered the page (`window.__BOARD_BOOT__.rendered`) and put markup in #root. */
export function isRendered(html: string): boolean {
  return /window\.__BOARD_BOOT__=\{.*"rendered":\{"at":\d+[,}]/.test(html) && rootMarkup(html).length > 0;
}

/** Text as React writes it into markup (`&`, `<`, `>`, quotes escaped). */
export function asMarkup(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;');
}

/** The buildVersion of the `remote` manifest the page carries for the browser, if any. */
export function carriedBuildVersion(html: string, manifestUrl: string): string | undefined {
  const boot = /<script(?: nonce="[^"]*")?>window\.__BOARD_BOOT__=(.*?)<\/script>/s.exec(html)?.[1];
  if (!boot) return undefined;
  const manifests = (JSON.parse(boot) as { manifests: Record<string, string> }).manifests;
  const text = manifests[manifestUrl];
  return text ? JSON.parse(text).metaData?.buildInfo?.buildVersion : undefined;
}

/**
 * Reads `path` until the server sends it rendered and `accept(html)` holds: the server reads a
 * remote's manifest again after 5 s, so a remote back up or redeployed is rendered within seconds.
 */
export async function servedWhen(
  request: APIRequestContext,
  path: string,
  accept: (html: string) => boolean,
  timeout = 120_000,
): Promise<string> {
  let html = '';
  await expect
    .poll(
      async () => {
        html = await (await request.get(path)).text();
        return isRendered(html) && accept(html);
      },
      { timeout, intervals: [250, 500, 1_000] },
    )
    .toBe(true);
  return html;
}

/**
 * Waits until React has hydrated the server's markup (its elements hold React's fiber), the remote
 * page included: before that a click on a link is the browser's own navigation, not the app's, and
 * what is typed is the form's until hydration adopts it.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.keys(document.querySelector('#root > *') ?? {}).some((key) => key.startsWith('__reactFiber$')),
      ),
    )
    .toBe(true);
  // The remote page hydrates after the shell around it (its own Suspense boundary) and marks that
  // moment; a page whose remote failed to load shows the shell's error panel (an alert) and never
  // marks it. Either ends the wait, whenever it comes: a busy machine takes seconds to hydrate.
  await page
    .waitForFunction(
      () =>
        performance.getEntriesByName('board:hydrated', 'mark').length > 0 ||
        document.querySelector('#root [role="alert"]') !== null,
      undefined,
      { timeout: 120_000 },
    )
    .catch(() => undefined);
}
