import './production-mode';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { precompress } from '../../scripts/precompress';
import { serveFolder } from '../../scripts/serve-board';
import { app as shellApp } from '../../shell/rspack.config';
import { Board } from '../support/board';
import { buildApp } from '../support/build';
import { chromiumLaunchOptions } from '../support/chromium';
import { startMemoryApi } from '../support/memory-api';

const board = await Board.start();
const outDir = process.env.SINGLE_DIR ?? mkdtempSync(path.join(tmpdir(), 'bench-single-'));
if (!process.env.SINGLE_DIR) {
  await buildApp(shellApp, { mode: 'production', outDir, buildVersion: 'single', singleBundle: true });
  precompress(outDir);
}
console.log('single dir', outDir);
let config: unknown = null;
const site = await serveFolder({ folder: outDir, port: 0, spa: true,
  routes: { '/runtime-config.json': () => ({ type: 'application/json', body: JSON.stringify(config) }) } });
const api = await startMemoryApi(site.url);
const base = (await import('../../scripts/serve-board')).readEnvironmentConfig('local');
config = { ...base, environment: 'test', siteUrl: site.url, apiBaseUrl: api.url };
const browser = await chromium.launch(chromiumLaunchOptions);
const pages = (process.env.PAGES ?? '/,/job/1,/job/1/apply').split(',');
for (const [label, origin] of [['federated', board.url], ['single', site.url]] as const) {
  for (const route of pages) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const rows: { url: string; gzip: number; raw: number }[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body().catch(() => Buffer.alloc(0));
      rows.push({ url: response.url().replace(/http:\/\/127\.0\.0\.1:/, ':'), raw: body.byteLength, gzip: gzipSync(body).byteLength });
    });
    await page.goto(origin + route, { waitUntil: 'networkidle' });
    await context.close();
    const total = rows.reduce((t, r) => t + r.gzip, 0);
    console.log(`\n${label} ${route}: ${(total / 1024).toFixed(1)} KB gzip, ${rows.length} scripts`);
    for (const r of rows.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${(r.gzip / 1024).toFixed(1).padStart(6)} KB  ${(r.raw / 1024).toFixed(0).padStart(5)} raw  ${r.url}`);
  }
}
await browser.close(); await site.close(); await api.close(); await board.stop();
process.exit(0);
