/**
 * What federation costs in bytes: the JS and CSS a first load downloads (`measureBytes`), on the
 * board and on the same pages built as one bundle (`singleBundleSite`). Used by the bench and by
 * `pnpm --filter @board/e2e bytes`, which lists them file by file (docs/decisions/004).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { precompress } from '../../scripts/precompress';
import { serveFolder } from '../../scripts/serve-board';
import { app as shellApp } from '../../shell/rspack.config';
import { readEnvironmentConfig } from '../../shell/server/config';
import { buildApp } from '../support/build';
import { measureFirstLoad, total } from '../support/first-load-bytes';
import { startMemoryApi } from '../support/memory-api';

/** Kilobytes with one decimal, as the bench's tables show bytes. */
export const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

/**
 * JS and CSS a first load downloads, as a visitor's data plan pays for it: every file until the
 * network is quiet after the page's idle-time work (the vitals' code included), in gzip bytes on
 * the wire (e2e/support/first-load-bytes.ts). `jsGzip`/`cssGzip` are those bytes; `jsRaw`/`cssRaw`
 * the files decoded.
 */
export async function measureBytes(browser: Browser, url: string) {
  const files = await measureFirstLoad(browser, url);
  return {
    jsRaw: total(files, 'script', 'raw'),
    jsGzip: total(files, 'script'),
    cssRaw: total(files, 'stylesheet', 'raw'),
    cssGzip: total(files, 'stylesheet'),
    requests: files.length,
    /** Each script and stylesheet, largest first (its address without the origin). */
    files: files
      .filter((file) => file.type === 'script' || file.type === 'stylesheet')
      .map(({ file, type, raw, wire }) => ({ file, type, raw, gzip: wire })),
  };
}

/** The board as one bundle without federation (the shell with the remotes' pages imported). */
export async function singleBundleSite(): Promise<{ url: string; close: () => Promise<void> }> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'bench-single-'));
  await buildApp(shellApp, { mode: 'production', outDir, buildVersion: 'single', singleBundle: true });
  precompress(outDir);
  let config: unknown = null;
  const site = await serveFolder({
    folder: outDir,
    port: 0,
    spa: true,
    routes: { '/runtime-config.json': () => ({ type: 'application/json', body: JSON.stringify(config) }) },
  });
  const api = await startMemoryApi(site.url);
  const base = readEnvironmentConfig('local');
  config = { ...base, environment: 'test', siteUrl: site.url, apiBaseUrl: api.url, releases: {} };
  return {
    url: site.url,
    close: async () => {
      await site.close();
      await api.close();
    },
  };
}
