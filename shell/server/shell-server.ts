import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { RuntimeConfig } from '@board/shared/config/runtime-config';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { assemblePage, planPage } from './assemble-page';
import { ManifestCache } from './manifest-cache';

const hashed = /\.[0-9a-f]{10}\.(?:js|css|svg|png|woff2?)$/;

/** The deploy policy of the README: hashed files are immutable, everything else is revalidated. */
export function cacheControlFor(pathname: string): string {
  return hashed.test(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export interface ShellServerOptions {
  /** The shell's build (index.html and its hashed files). */
  distDir: string;
  /** The environment's runtime config; a function, so tests can change it between requests. */
  config: () => RuntimeConfig;
  /**
   * `assemble` (default): each page carries the config, the route's manifest and preloads.
   * `static`: index.html as built, as a CDN-only deployment serves it (the browser fetches
   * /runtime-config.json and the manifests itself).
   */
  mode?: 'assemble' | 'static';
  manifests?: ManifestCache;
}

/**
 * The shell's startup chunks: every hashed JS and CSS file of the build but the entry (already in
 * the page) and chunks named `lazy-*` (loaded only on demand, e.g. the config validator of a
 * static deployment).
 */
function shellAssets(distDir: string) {
  const files = readdirSync(distDir).filter(
    (file) => hashed.test(file) && !file.startsWith('main.') && !file.startsWith('lazy-'),
  );
  return {
    js: files.filter((file) => file.endsWith('.js')).map((file) => `/${file}`),
    css: files.filter((file) => file.endsWith('.css')).map((file) => `/${file}`),
  };
}

/**
 * The shell's server: the shell's files, /runtime-config.json, /health, and every other path
 * answered with the page assembled for it (history fallback). Stateless: run any number.
 */
export function createShellServer({
  distDir,
  config,
  mode = 'assemble',
  manifests = new ManifestCache(),
}: ShellServerOptions) {
  const template = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const assets = shellAssets(distDir);
  const app = new Hono();

  app.get('/health', (c) => c.json({ status: 'ok' }, 200, { 'Cache-Control': 'no-store' }));
  app.get('/runtime-config.json', (c) => c.json(config(), 200, { 'Cache-Control': 'no-cache' }));
  const files = serveStatic({ root: distDir, precompressed: true });
  // Files by their extension; index.html and every route are assembled below.
  app.use('*', async (c, next) => {
    if (!/\.\w+$/.test(c.req.path) || c.req.path.endsWith('.html')) return next();
    const response = await files(c, next);
    if (response) response.headers.set('Cache-Control', cacheControlFor(c.req.path));
    return response;
  });
  app.get('*', compress(), async (c) => {
    c.header('Cache-Control', 'no-cache');
    if (mode === 'static') return c.html(template);
    const url = new URL(c.req.url);
    const current = config();
    const plan = planPage(url.pathname);
    const manifest = plan ? await manifests.get(current.remotes[plan.route.remote]) : null;
    return c.html(assemblePage({ template, config: current, url, manifest, shellAssets: assets }));
  });
  app.notFound((c) => c.text('Not found', 404, { 'Cache-Control': 'no-cache' }));
  return app;
}
