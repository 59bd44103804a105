import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RuntimeConfig } from '@board/shared/config/runtime-config';
import { unusedFallbacksFile } from '@board/shared/lib/federation';
import type { LogEntry } from '@board/shared/lib/request-log';
import { describe, expect, it } from 'vitest';
import { ApiReader } from './reader/api-reader';
import { ManifestCache } from './remotes/manifest-cache';
import { createShellServer, pageCacheControl } from './shell-server';
import { fakeApiFetch, hostileTitle } from './test/fake-api';
import { tempDists } from './test/temp-dist';

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

const dist = tempDists({
  'index.html':
    '<html><head><link rel="preload" href="/runtime-config.json" as="fetch" crossorigin><title>Foundry Jobs</title></head><body></body></html>',
  'main.0123456789.js': 'console.log("main")',
  '435.abcdefabcd.js': 'console.log("react-dom")',
  'lazy-runtime-config.abcdefabcd.js': 'console.log("validator")',
  // The fallback of a package the shell provides itself: never loaded, listed by the build.
  '34.abcdefabcd.js': 'console.log("router fallback")',
  [unusedFallbacksFile]: JSON.stringify(['34.abcdefabcd.js']),
  'main.0123456789.js.map': '{"sources":["/build/machine/path.ts"]}',
  ...Object.fromEntries(
    ['favicon.ico', 'favicon.svg', 'apple-touch-icon.png'].map((icon) => [
      icon,
      readFileSync(path.join(import.meta.dirname, '../public', icon)),
    ]),
  ),
});

const manifests = new ManifestCache({
  fetch: async (input) =>
    String(input).startsWith('http://127.0.0.1:9002/')
      ? new Response(JSON.stringify({ metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js' } } }))
      : Promise.reject(new TypeError('fetch failed')),
});

const logged: LogEntry[] = [];
const server = (down = false) =>
  createShellServer({
    distDir: dist(),
    config: () => config,
    // Pages for the browser to render (server rendering: server-render.test.tsx).
    mode: 'assemble',
    manifests,
    pageApi: new ApiReader({ fetch: fakeApiFetch({ down }) }),
    listApi: new ApiReader({ fetch: fakeApiFetch({ down }) }),
    log: (entry) => logged.push(entry),
  });
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map((match) =>
    JSON.parse(match[1] ?? 'null'),
  );

describe('the shell server', () => {
  const app = server();

  it('answers each route with its page, its status and a cache time a CDN may use', async () => {
    for (const [route, status, cacheControl] of [
      ['/', 200, pageCacheControl.ok],
      ['/job/1', 200, pageCacheControl.ok],
      ['/demo/companies', 200, pageCacheControl.ok],
      ['/companies/7', 200, pageCacheControl.ok],
      ['/terms-of-service', 200, pageCacheControl.ok],
      ['/__status', 200, pageCacheControl.ok],
      ['/no/such/page', 404, pageCacheControl.missing],
      ['/job/404', 404, pageCacheControl.missing],
      ['/job/404/apply', 404, pageCacheControl.missing],
      ['/companies/404', 404, pageCacheControl.missing],
      ['/companies/9', 404, pageCacheControl.missing],
      ['/no-such-workspace', 404, pageCacheControl.missing],
      ['/no-such-workspace/companies', 404, pageCacheControl.missing],
      // A closed job: gone for good (Google's guidance for expired jobs), its apply page too.
      ['/job/41', 410, pageCacheControl.missing],
      ['/job/41/apply', 410, pageCacheControl.missing],
    ] as const) {
      const response = await app.request(route);
      expect([route, response.status, response.headers.get('cache-control')]).toEqual([route, status, cacheControl]);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      // Still the board's page: the client shows the SPEC's panel for a missing page.
      expect(await response.text()).toContain('window.__BOARD_BOOT__=');
    }
    const board = await (await app.request('/')).text();
    expect(board).toContain('<link rel="preload" href="http://127.0.0.1:9002/remoteEntry.js" as="script">');
    expect(board).toContain('<link rel="preload" href="/435.abcdefabcd.js" as="script">');
    expect(board).not.toContain('main.0123456789.js" as="script"');
    expect(board).not.toContain('lazy-runtime-config');
    expect(board).not.toContain('34.abcdefabcd.js');
  });

  it('puts the job in the head of its page: title, preview tags and one JobPosting', async () => {
    const html = await (await app.request('/job/1?utm_source=x')).text();
    expect(html.match(/<title>/g)).toHaveLength(1);
    for (const tag of [
      '<title>Backend Engineer at Acme · Foundry Jobs</title>',
      '<link rel="canonical" href="http://127.0.0.1:9001/job/1" data-server-head>',
      '<meta property="og:title" content="Backend Engineer at Acme · Foundry Jobs" data-server-head>',
      '<meta property="og:description" content="Acme · Berlin · 60k - 80k EUR. Build the API." data-server-head>',
      '<meta property="og:image" content="http://127.0.0.1:9001/og/job/1.png" data-server-head>',
      '<meta property="og:image:width" content="1200" data-server-head>',
      '<meta property="og:image:height" content="630" data-server-head>',
      '<meta name="twitter:card" content="summary_large_image" data-server-head>',
      '<meta name="twitter:data2" content="60k - 80k EUR" data-server-head>',
      '<link rel="alternate" type="application/atom+xml" title="Foundry Jobs: newest jobs" href="http://127.0.0.1:9001/feed.xml" data-server-head>',
    ])
      expect(html).toContain(tag);
    expect(jsonLd(html)).toMatchObject([
      {
        '@type': 'JobPosting',
        title: 'Backend Engineer',
        datePosted: '2026-11-10',
        directApply: true,
        hiringOrganization: { name: 'Acme', logo: 'https://api.example.test/public/logos/acme.svg' },
        baseSalary: { '@type': 'MonetaryAmount', currency: 'EUR' },
      },
    ]);
  });

  it('escapes a job that tries to break out of its tags', async () => {
    const html = await (await app.request('/job/2')).text();
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Lead&quot;');
    expect(jsonLd(html)[0]).toMatchObject({ title: hostileTitle, jobLocationType: 'TELECOMMUTE' });
  });

  it('names workspace boards and companies from their data, and links the workspace’s feed', async () => {
    const demo = await (await app.request('/demo')).text();
    expect(demo).toContain('<title>Find your dream job in Demo Ventures · Foundry Jobs</title>');
    expect(demo).toContain('href="http://127.0.0.1:9001/demo/feed.xml"');
    const company = await (await app.request('/companies/7')).text();
    expect(company).toContain('<title>Jobs at Acme · Foundry Jobs</title>');
    const closed = await (await app.request('/job/41')).text();
    expect(closed).toContain('<title>Closed: Closed Role at Acme · Foundry Jobs</title>');
    expect(closed).toContain('<meta name="robots" content="noindex" data-server-head>');
    expect(closed).not.toContain('rel="canonical"');
    expect(closed).not.toContain('application/ld+json');
    const missing = await (await app.request('/job/404')).text();
    expect(missing).toContain('<title>Job Not Found · Foundry Jobs</title>');
    expect(missing).toContain('<meta name="robots" content="noindex" data-server-head>');
    expect(missing).not.toContain('rel="canonical"');
  });

  it('with the API down sends the page at once with its route’s title, status 200, kept by no cache', async () => {
    const response = await server(true).request('/job/1');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(pageCacheControl.unrendered);
    const html = await response.text();
    expect(html).toContain('<title>Job · Foundry Jobs</title>');
    expect(html).not.toContain('application/ld+json');
  });

  it('logs one JSON line per request with its own id, never one a visitor chose', async () => {
    logged.length = 0;
    const response = await app.request('/job/404', { headers: { 'X-Request-Id': 'abc123' } });
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(logged).toEqual([
      expect.objectContaining({ level: 'info', request_id: id, method: 'GET', path: '/job/404', status: 404 }),
    ]);
  });

  it('compresses the page for a browser that accepts it, and only then', async () => {
    const gzip = await app.request('/', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const br = await app.request('/', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    for (const refused of ['gzip;q=0', 'identity', 'br;q=0, gzip;q=0']) {
      const response = await app.request('/', { headers: { 'Accept-Encoding': refused } });
      expect([refused, response.headers.get('content-encoding')]).toEqual([refused, null]);
      expect(await response.text()).toContain('<title>Find your dream job · Foundry Jobs</title>');
    }
  });

  it('answers a missing file with a plain 404 that no one keeps, whatever the method or encoding', async () => {
    for (const [method, path] of [
      ['GET', '/x.php'],
      ['GET', '/.env'],
      ['GET', '/wp-login.php'],
      ['GET', '/no-such-chunk.0123456789.js'],
      ['GET', '/main.0123456789.js.map'],
      ['POST', '/x.php'],
      ['HEAD', '/.git/config'],
    ] as const) {
      const response = await app.request(path, { method, headers: { 'Accept-Encoding': 'gzip' } });
      expect([path, response.status, response.headers.get('content-encoding')]).toEqual([path, 404, null]);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    }
  });

  it('serves the site icons', async () => {
    for (const [path, type] of [
      ['/favicon.ico', 'image/x-icon'],
      ['/favicon.svg', 'image/svg+xml'],
      ['/apple-touch-icon.png', 'image/png'],
    ] as const) {
      const response = await app.request(path, { headers: { 'Accept-Encoding': 'gzip' } });
      expect([path, response.status, response.headers.get('content-type')]).toEqual([path, 200, type]);
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('treats a page path with a dot as a page', async () => {
    const workspace = await app.request('/acme.io', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(workspace.status).toBe(404);
    expect(workspace.headers.get('content-type')).toMatch(/^text\/html/);
    expect(workspace.headers.get('content-encoding')).toBe('gzip');
    const job = await app.request('/job/5.0');
    expect(job.status).toBe(404);
    expect(await job.text()).toContain('<title>Job Not Found · Foundry Jobs</title>');
    expect((await app.request('/job/1', { method: 'POST' })).status).toBe(405);
  });

  it('sends a Content-Security-Policy that allows exactly its inline scripts, by hash, and the configured origins only', async () => {
    const response = await app.request('/job/1');
    const csp = response.headers.get('content-security-policy') ?? '';
    const html = await response.text();
    const directive = (name: string) =>
      csp
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .find(([key]) => key === name)
        ?.slice(1);
    // Every executable inline script (JSON data blocks are not executed) is allowed by its own hash.
    const inline = [
      ...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g),
    ];
    expect(inline.length).toBeGreaterThan(0);
    const hashes = inline.map(
      ([, code]) =>
        `'sha256-${createHash('sha256')
          .update(code ?? '')
          .digest('base64')}'`,
    );
    expect(directive('script-src')).toEqual([
      "'self'",
      ...hashes,
      'http://127.0.0.1:9002',
      'http://127.0.0.1:9003',
      'http://127.0.0.1:9004',
    ]);
    expect(directive('script-src')).not.toContain("'unsafe-inline'");
    expect(directive('connect-src')).toEqual(expect.arrayContaining(["'self'", 'http://127.0.0.1:9000']));
    expect(directive('connect-src')).not.toContain('*');
    expect(directive('frame-ancestors')).toEqual(["'none'"]);
    expect(directive('object-src')).toEqual(["'none'"]);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('sends Permissions-Policy with every answer, and HSTS only for a site served over https', async () => {
    const production = createShellServer({
      distDir: dist(),
      config: () => ({ ...config, environment: 'production', siteUrl: 'https://foundry.example' }),
      mode: 'assemble',
      manifests,
      pageApi: new ApiReader({ fetch: fakeApiFetch() }),
      listApi: new ApiReader({ fetch: fakeApiFetch() }),
      log: () => {},
    });
    for (const path of [
      '/',
      '/job/1',
      '/no/such/page',
      '/robots.txt',
      '/main.0123456789.js',
      '/missing.js',
      '/health',
    ]) {
      const secure = await production.request(path);
      expect(secure.headers.get('strict-transport-security'), path).toBe('max-age=31536000; includeSubDomains');
      expect(secure.headers.get('permissions-policy'), path).toContain('camera=()');
      expect(secure.headers.get('permissions-policy'), path).toContain('geolocation=()');
      const plain = await app.request(path);
      expect(plain.headers.get('strict-transport-security'), path).toBeNull();
      expect(plain.headers.get('permissions-policy'), path).toContain('microphone=()');
    }
  });

  it('keeps a preview page private', async () => {
    const response = await app.request('/?preview_remote=listings&preview_url=http://localhost:8091/mf-manifest.json');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });

  it("sends the shell's key with its reads of the API", async () => {
    const seen: (string | null)[] = [];
    const keyed = createShellServer({
      distDir: dist(),
      config: () => config,
      mode: 'assemble',
      manifests,
      apiKey: 'shell-key-0123456789',
      log: () => {},
    });
    const original = globalThis.fetch;
    globalThis.fetch = async (input, init) => {
      seen.push(new Headers(init?.headers).get('X-Shell-Key'));
      return fakeApiFetch()(input, init);
    };
    try {
      expect((await keyed.request('/job/1')).status).toBe(200);
      expect((await keyed.request('/feed.xml')).status).toBe(200);
    } finally {
      globalThis.fetch = original;
    }
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(new Set(seen)).toEqual(new Set(['shell-key-0123456789']));
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
    const cdn = createShellServer({ distDir: dist(), config: () => config, manifests, mode: 'static', log: () => {} });
    const html = await (await cdn.request('/job/1')).text();
    expect(html).toContain('href="/runtime-config.json"');
    expect(html).not.toContain('__BOARD_BOOT__');
    // No server writes the sitemap there: the history fallback answers, as a CDN's would.
    expect(await (await cdn.request('/sitemap.xml')).text()).not.toContain('<urlset');
    expect(await (await app.request('/sitemap.xml')).text()).toContain('<urlset');
  });
});
