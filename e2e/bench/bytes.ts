/**
 * What federation costs in bytes: the JS and CSS a first load downloads (`measureBytes`), on the
 * board and on the same pages built as one bundle (`singleBundleSite`). Used by the bench and by
 * `pnpm --filter @board/e2e bytes`, which lists them file by file (docs/decisions/004).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';
import { precompress } from '../../scripts/precompress';
import { serveFolder } from '../../scripts/serve-board';
import { app as shellApp } from '../../shell/rspack.config';
import { readEnvironmentConfig } from '../../shell/server/config';
import { buildApp } from '../support/build';
import { startMemoryApi } from '../support/memory-api';

/** Kilobytes with one decimal, as the bench's tables show bytes. */
export const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

/** JS and CSS the browser downloads on a first load, from its network events. */
export async function measureBytes(browser: Browser, url: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const bodies: { url: string; type: string; raw: number; gzip: number }[] = [];
  let requests = 0;
  page.on('request', () => requests++);
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    bodies.push({ url: response.url(), type, raw: body.byteLength, gzip: gzipSync(body).byteLength });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await context.close();
  const sum = (type: string, key: 'raw' | 'gzip') =>
    bodies.filter((b) => b.type === type).reduce((total, b) => total + b[key], 0);
  return {
    jsRaw: sum('script', 'raw'),
    jsGzip: sum('script', 'gzip'),
    cssRaw: sum('stylesheet', 'raw'),
    cssGzip: sum('stylesheet', 'gzip'),
    requests,
    /** Each script and stylesheet, largest first (its address without the origin's port). */
    files: bodies
      .sort((a, b) => b.gzip - a.gzip)
      .map(({ url, type, raw, gzip }) => ({ file: url.replace(/^https?:\/\/[^/]+/, ''), type, raw, gzip })),
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
