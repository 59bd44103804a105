import type { Server } from 'node:http';
import { get } from 'node:http';
import type { LogEntry } from '@board/shared/lib/request-log';
import { createAdaptorServer } from '@hono/node-server';
import type { DehydratedState } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { listen } from './http/listen';
import { visitorLimit } from './http/visitor-limit';
import { missingOgImageCacheControl } from './preview-images/og-image-routes';
import { ApiReader } from './reader/api-reader';
import { ManifestCache } from './remotes/manifest-cache';
import { createShellServer, pageCacheControl } from './shell-server';
import { fakeApiFetch } from './test/fake-api';
import { tempDists } from './test/temp-dist';
import { testConfig } from './test/test-config';

/**
 * The shell's server under abuse: what a visitor can make it ask the API for, and what one
 * visitor's request can change for the next.
 */
// The API on the site's own origin: a page that thought it was served from elsewhere would
// preconnect to it.
const config = testConfig('http://127.0.0.1:9001/api');

const dist = tempDists({
  'index.html':
    '<html><head><title>Foundry Jobs</title><script defer src="/main.0123456789.js"></script></head><body><div id="root"></div></body></html>',
});

const manifests = new ManifestCache({
  fetch: async () =>
    new Response(JSON.stringify({ metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js' } } })),
});

/** A board page as a remote's Node build exposes it. */
function BoardPage() {
  return <h1>Board</h1>;
}

function site(
  options: {
    limit?: { max: number; trustedProxies?: string[] };
    mode?: 'render' | 'assemble';
    keepPagesMs?: number;
  } = {},
) {
  const calls: string[] = [];
  const logged: LogEntry[] = [];
  const reader = () =>
    new ApiReader({
      fetch: (input, init) => {
        calls.push(String(input));
        // The fake API lives at the root; this config puts the API under /api.
        return fakeApiFetch()(String(input).replace('/api/', '/'), init);
      },
    });
  const app = createShellServer({
    distDir: dist(),
    config: () => config,
    mode: options.mode ?? 'assemble',
    manifests,
    remotes: { page: async () => BoardPage },
    warmUp: false,
    ...(options.keepPagesMs === undefined ? {} : { keepPagesMs: options.keepPagesMs }),
    pageApi: reader(),
    listApi: reader(),
    log: (entry) => logged.push(entry),
    ...(options.limit
      ? {
          visitorLimit: visitorLimit({
            max: options.limit.max,
            windowSeconds: 60,
            trustedProxies: options.limit.trustedProxies ?? [],
          }),
        }
      : {}),
  });
  /** A request from `peer` (the TCP peer the Node adaptor reports). */
  const from = (peer: string, url: string, headers: Record<string, string> = {}) =>
    app.request(url, { headers }, { incoming: { socket: { remoteAddress: peer } } });
  return { app, calls, logged, from };
}

describe('ids are one path segment before any API call', () => {
  const long = '1'.repeat(300);

  it.each([
    '/og/job/%2e%2e.png',
    '/og/job/%2E%2E.png',
    '/og/job/%252e%252e.png',
    '/og/job/..%2F1.png',
    '/og/job/..%5C1.png',
    '/og/job/j%20101.png',
    '/og/job/j%00101.png',
    `/og/job/${long}.png`,
    '/og/company/...png',
    '/og/company/%2e%2e.png',
    '/og/company/%252Forg-1.png',
  ])('%s is a 404 without a call, kept a minute', async (url) => {
    const { app, calls } = site();
    const response = await app.request(url);
    expect(response.status).toBe(404);
    expect(response.headers.get('Cache-Control')).toBe(missingOgImageCacheControl);
    expect(calls).toEqual([]);
  });

  it.each([
    '/job/..%2F1',
    '/job/..%2F',
    '/job/%2e%2e%2f1',
    '/job/%252e%252e',
    '/job/..%5C1',
    '/job/j%20101',
    '/job/j%09101',
    `/job/${long}`,
    `/job/${long}/apply`,
    '/job/%252e%252e/apply/success',
    '/companies/%2e%2e%2forg-1',
    `/companies/${long}`,
  ])('the page %s is a 404 without a call', async (url) => {
    const { app, calls } = site();
    const response = await app.request(url);
    expect(response.status).toBe(404);
    expect(calls).toEqual([]);
    // Nor does the browser get told to preload one.
    expect(await response.text()).not.toContain('rel="preload" href="http://127.0.0.1:9001/api/public-job-posting/');
  });

  /**
   * What the Node adaptor hands the app for a target with an encoded dot segment: the URL the WHATWG
   * parser resolved (`/job/%2e%2e` is `/`), and the target as sent in `env.incoming.url`.
   */
  const sent = (app: ReturnType<typeof site>['app'], target: string) =>
    app.request(new URL(target, 'http://127.0.0.1').href, {}, { incoming: { url: target, socket: {} } });

  it.each([
    ['/job/%2e%2e', 'Job Not Found'],
    ['/job/%2E%2E', 'Job Not Found'],
    ['/job/.%2e', 'Job Not Found'],
    ['/job/%2e.', 'Job Not Found'],
    ['/job/%2e', 'Job Not Found'],
    ['/job/%2e%2e/apply', 'Job Not Found'],
    ['/job/%2E/apply/success?ref=x', 'Job Not Found'],
    ['/companies/%2e%2e', 'Company Not Found'],
    ['/companies/%2E', 'Company Not Found'],
    ['/demo/%2e%2e', 'Page Not Found'],
    ['/%2e%2e', 'Page Not Found'],
    ['/%2E/companies', 'Page Not Found'],
    ['/%2e%2e/feed.xml', 'Page Not Found'],
    ['/%2e/og/job/1.png', 'Page Not Found'],
    ['/job/1/%2e%2e/%2e%2e/companies', 'Page Not Found'],
    ['http://127.0.0.1:9001/job/%2e%2e', 'Job Not Found'],
  ])(
    'the page %s, whose dot segment the URL parser resolves, is a 404 as sent, without a call',
    async (target, title) => {
      const { app, calls } = site();
      const unknownJob = await app.request('/job/%252e%252e');
      const response = await sent(app, target);
      expect(response.status).toBe(404);
      expect(response.headers.get('Cache-Control')).toBe(unknownJob.headers.get('Cache-Control'));
      expect(response.headers.get('Cache-Control')).toBe(pageCacheControl.missing);
      expect(response.headers.get('Content-Type')).toBe('text/html; charset=UTF-8');
      expect(await response.text()).toContain(`<title>${title}`);
      expect(calls).toEqual([]);
    },
  );

  it('a HEAD of such a page is its 404 too; other methods are refused as on any page', async () => {
    const { app } = site();
    const head = await app.request('http://127.0.0.1/', { method: 'HEAD' }, { incoming: { url: '/job/%2e%2e' } });
    expect(head.status).toBe(404);
    const post = await app.request('http://127.0.0.1/', { method: 'POST' }, { incoming: { url: '/job/%2e%2e' } });
    expect(post.status).toBe(405);
  });

  it('through Node`s HTTP server, /job/%2e%2e is Job Not Found, and /job/1 its job', async () => {
    const { app, calls } = site();
    const server = await listen(createAdaptorServer({ fetch: app.fetch }) as Server, 0);
    try {
      const raw = (target: string) =>
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          // node:http sends the path as given (fetch would resolve it first, as a browser does).
          get(`${server.url}${target}`, { path: target }, (response) => {
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => {
              body += chunk;
            });
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          }).on('error', reject);
        });
      const dots = await raw('/job/%2e%2e');
      expect(dots.status).toBe(404);
      expect(dots.body).toContain('<title>Job Not Found');
      expect(calls).toEqual([]);
      // Any other id is read from the API as before.
      expect((await raw('/job/1')).status).toBe(200);
      expect(calls).toEqual([
        'http://127.0.0.1:9001/api/public-job-posting/1?visibility=linkedin_or_job_board&include_closed=true',
      ]);
      expect((await raw('/')).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('reads the API for any id a platform issues: integers, UUIDs, j-101, org-1', async () => {
    const { app, calls } = site();
    expect((await app.request('/job/1')).status).toBe(200);
    expect((await app.request('/companies/7')).status).toBe(200);
    const uuid = '3f2b8c1e-9a4d-4e7b-8f6a-2c1d0e9b7a54';
    // Jobs the fake API does not have: their pages are a 404 after the API said so.
    for (const url of [`/job/${uuid}`, '/job/j-101/apply', '/companies/org-1', '/og/job/job_8f3a.png'])
      expect((await app.request(url)).status, url).toBe(404);
    expect(calls).toEqual([
      'http://127.0.0.1:9001/api/public-job-posting/1?visibility=linkedin_or_job_board&include_closed=true',
      'http://127.0.0.1:9001/api/public-job-posting/organization/7?visibility=job_board_only&limit=24',
      `http://127.0.0.1:9001/api/public-job-posting/${uuid}?visibility=linkedin_or_job_board&include_closed=true`,
      'http://127.0.0.1:9001/api/public-job-posting/j-101?visibility=linkedin_or_job_board&include_closed=true',
      'http://127.0.0.1:9001/api/public-job-posting/organization/org-1?visibility=job_board_only&limit=24',
      'http://127.0.0.1:9001/api/public-job-posting/job_8f3a?visibility=linkedin_or_job_board&include_closed=true',
    ]);
  });

  it('reads other spellings of an id (leading zeros) as ids of their own, as many as the visitor limit allows', async () => {
    const { from, calls } = site({ limit: { max: 3 } });
    const statuses: number[] = [];
    for (let zeros = 1; zeros <= 5; zeros++)
      statuses.push((await from('198.51.100.7', `/og/job/${'0'.repeat(zeros)}1.png`)).status);
    expect(statuses).toEqual([404, 404, 404, 429, 429]);
    expect(calls).toHaveLength(3);
  });

  it('a card of an unknown job is a 404 a CDN keeps a minute', async () => {
    const { app } = site();
    const response = await app.request('/og/job/404.png');
    expect(response.status).toBe(404);
    expect(response.headers.get('Cache-Control')).toBe(missingOgImageCacheControl);
  });
});

describe('the per-visitor limit', () => {
  it('renders a visitor`s pages up to the limit, then sends them unrendered, kept by no one, with no API call', async () => {
    const { from, calls, logged } = site({ limit: { max: 3 }, mode: 'render' });
    for (const q of ['a', 'b', 'c']) {
      const response = await from('198.51.100.7', `/?q=${q}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('Cache-Control')).toBe(pageCacheControl.ok);
      expect(await response.text()).toContain('id="board-queries"');
    }
    const before = calls.length;
    const over = await from('198.51.100.7', '/?q=d');
    expect(over.status).toBe(200);
    expect(over.headers.get('Cache-Control')).toBe(pageCacheControl.limited);
    const html = await over.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('id="board-queries"');
    expect(calls.length).toBe(before);
    // Not an outage: nothing is logged as the API being slow or down.
    expect(logged.filter((entry) => String(entry.message).includes('slow or down'))).toEqual([]);
    // Another visitor is not affected.
    const other = await from('203.0.113.9', '/?q=d');
    expect(other.headers.get('Cache-Control')).toBe(pageCacheControl.ok);
  });

  it('does not count a page the server kept (no API call, no render)', async () => {
    const { from } = site({ limit: { max: 2 } });
    for (let index = 0; index < 10; index++)
      expect((await from('198.51.100.7', '/job/1')).headers.get('Cache-Control')).toBe(pageCacheControl.ok);
  });

  it('answers preview images past the limit with a 429, never a 5xx', async () => {
    const { from } = site({ limit: { max: 2 } });
    const statuses = [];
    for (let index = 0; index < 5; index++) statuses.push((await from('198.51.100.7', '/og/job/404.png')).status);
    expect(statuses).toEqual([404, 404, 429, 429, 429]);
    const refused = await from('198.51.100.7', '/og/job/404.png');
    expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(refused.headers.get('Cache-Control')).toBe('no-store');
  });

  it('counts the sitemap and the feeds too: past the limit a 429, and a part the index did not name is not there', async () => {
    const { from, calls } = site({ limit: { max: 2 } });
    const statuses = [];
    for (const url of ['/feed.xml?x=1', '/feed.xml?x=2', '/feed.xml?x=3', '/demo/feed.xml', '/sitemap.xml'])
      statuses.push((await from('198.51.100.7', url)).status);
    expect(statuses).toEqual([200, 200, 429, 429, 429]);
    const refused = await from('198.51.100.7', '/sitemap.xml');
    expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(refused.headers.get('Cache-Control')).toBe('no-store');
    // Made-up cursors and feeds of no board cost no read, whoever asks.
    const before = calls.length;
    for (const url of ['/sitemap-jobs.xml?after=2', '/sitemap-jobs.xml?after=eyJpIjo5OTl9', '/de%6Do/feed.xml'])
      expect((await from('203.0.113.9', url)).status, url).toBe(404);
    expect(calls.length).toBe(before);
    expect((await from('198.51.100.7', '/robots.txt')).status).toBe(200);
  });

  it('keys on the client address as the API does: X-Forwarded-For only from a trusted proxy', async () => {
    const { from } = site({ limit: { max: 1, trustedProxies: ['10.0.0.2'] } });
    // Through the trusted proxy, two clients are two visitors.
    expect((await from('10.0.0.2', '/og/job/404.png', { 'X-Forwarded-For': '198.51.100.1' })).status).toBe(404);
    expect((await from('10.0.0.2', '/og/job/404.png', { 'X-Forwarded-For': '198.51.100.2' })).status).toBe(404);
    expect((await from('10.0.0.2', '/og/job/404.png', { 'X-Forwarded-For': '198.51.100.1' })).status).toBe(429);
    // A client that names itself is still its own TCP address.
    expect((await from('198.51.100.9', '/og/job/404.png', { 'X-Forwarded-For': '1.1.1.1' })).status).toBe(404);
    expect((await from('198.51.100.9', '/og/job/404.png', { 'X-Forwarded-For': '2.2.2.2' })).status).toBe(429);
  });
});

describe('the page cache holds only what the config says', () => {
  const preconnectToSelf = '<link rel="preconnect" href="http://127.0.0.1:9001"';

  it.each([
    [
      'a Host header',
      (app: ReturnType<typeof site>['app']) => app.request('/job/1', { headers: { Host: 'evil.example' } }),
    ],
    ['an absolute-form target', (app: ReturnType<typeof site>['app']) => app.request('http://evil.example/job/1')],
  ])('%s does not change the page the next visitor gets', async (_, poison) => {
    const { app } = site();
    const poisoned = await (await poison(app)).text();
    expect(poisoned).not.toContain('evil.example');
    const next = await (await app.request('/job/1')).text();
    expect(next).not.toContain('evil.example');
    expect(next).not.toContain(preconnectToSelf);
    expect(next).toContain('http://127.0.0.1:9001/job/1'); // the canonical address, from the config
  });
});

describe('an API 4xx is the visitor`s input, not an outage', () => {
  const queries = (html: string) =>
    JSON.parse(
      /<script type="application\/json" id="board-queries">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null',
    ) as DehydratedState | null;

  it.each([`/?q=${'x'.repeat(300)}`, '/?q=%00'])(
    '%s is rendered with the refused search, and not logged as the API being down',
    async (url) => {
      const { app, logged } = site({ mode: 'render' });
      const warned = vi.spyOn(console, 'warn');
      const response = await app.request(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('Cache-Control')).toBe(pageCacheControl.ok);
      const html = await response.text();
      expect(html).toContain('<h1>Board</h1>');
      // The browser starts from the refused query: the board shows its message for a failed list.
      const refused = queries(html)?.queries.find((query) => query.state.status === 'error');
      expect(refused?.state.error).toMatchObject({ status: 400 });
      expect(logged.filter((entry) => entry.level === 'warn')).toEqual([]);
      // One line in the log, with the request's id: no stack trace on the console.
      expect(warned).not.toHaveBeenCalled();
      warned.mockRestore();
      const lines = logged.filter((entry) => entry.message === 'the job list could not be loaded');
      expect(lines).toEqual([
        {
          time: expect.any(String),
          level: 'info',
          request_id: response.headers.get('x-request-id'),
          message: 'the job list could not be loaded',
          path: '/',
          error: '400 title must be at most 200 characters, without control characters',
        },
      ]);
      expect(JSON.stringify(lines)).not.toContain('\\n    at ');
    },
  );
});
