import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RuntimeConfig } from '@board/shared/config/runtime-config';
import { describe, expect, it } from 'vitest';
import { ManifestCache } from './manifest-cache';
import { createShellServer } from './shell-server';

const config = {
  environment: 'test',
  apiBaseUrl: 'http://127.0.0.1:9000',
  siteUrl: 'http://127.0.0.1:9001',
  remotes: {
    listings: 'http://127.0.0.1:9002/mf-manifest.json',
    apply: 'http://127.0.0.1:9003/mf-manifest.json',
    static: 'http://127.0.0.1:9004/mf-manifest.json',
  },
} as RuntimeConfig;

function dist() {
  const dir = mkdtempSync(path.join(tmpdir(), 'shell-dist-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<html><head><link rel="preload" href="/runtime-config.json" as="fetch" crossorigin><title>Board</title></head><body></body></html>',
  );
  writeFileSync(path.join(dir, 'main.0123456789.js'), 'console.log("main")');
  writeFileSync(path.join(dir, '435.abcdefabcd.js'), 'console.log("react-dom")');
  writeFileSync(path.join(dir, 'lazy-runtime-config.abcdefabcd.js'), 'console.log("validator")');
  return dir;
}

const manifests = new ManifestCache({
  fetch: async (input) =>
    String(input).startsWith('http://127.0.0.1:9002/')
      ? new Response(JSON.stringify({ metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js' } } }))
      : Promise.reject(new TypeError('fetch failed')),
});

describe('the shell server', () => {
  const app = createShellServer({ distDir: dist(), config: () => config, manifests });

  it('answers every route with the page assembled for it, revalidated on each load', async () => {
    for (const route of ['/', '/job/1', '/demo/companies', '/no/such/page']) {
      const response = await app.request(route);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('window.__BOARD_BOOT__=');
    }
    const board = await (await app.request('/')).text();
    expect(board).toContain('<link rel="preload" href="http://127.0.0.1:9002/remoteEntry.js" as="script">');
    expect(board).toContain('<link rel="preload" href="/435.abcdefabcd.js" as="script">');
    expect(board).not.toContain('main.0123456789.js" as="script"');
    expect(board).not.toContain('lazy-runtime-config');
  });

  it('sends the page of a remote that is down without its manifest', async () => {
    const html = await (await app.request('/job/1/apply')).text();
    expect(html).toContain('window.__BOARD_BOOT__=');
    expect(html).not.toContain('remoteEntry.js');
  });

  it('compresses the page for a browser that accepts it', async () => {
    const response = await app.request('/', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
  });

  it('serves hashed files as immutable, the runtime config and /health', async () => {
    const file = await app.request('/435.abcdefabcd.js');
    expect(file.status).toBe(200);
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await file.text()).toBe('console.log("react-dom")');
    expect(await (await app.request('/runtime-config.json')).json()).toEqual(config);
    expect(await (await app.request('/health')).json()).toEqual({ status: 'ok' });
  });

  it('in static mode sends index.html as built, as a CDN would', async () => {
    const cdn = createShellServer({ distDir: dist(), config: () => config, manifests, mode: 'static' });
    const html = await (await cdn.request('/job/1')).text();
    expect(html).toContain('href="/runtime-config.json"');
    expect(html).not.toContain('__BOARD_BOOT__');
  });
});
