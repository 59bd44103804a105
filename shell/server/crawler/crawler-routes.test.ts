import { gunzipSync } from 'node:zlib';
import type { RuntimeConfig } from '@board/shared/config/runtime-config';
import { describe, expect, it } from 'vitest';
import { pageCacheControl } from '../http/page-cache-control';
import { type VisitorLimit, visitorLimit } from '../http/visitor-limit';
import { ApiReader } from '../reader/api-reader';
import { fakeApiFetch, hostileTitle } from '../test/fake-api';
import { crawlerCacheControl } from './crawler-responses';
import { crawlerRoutes } from './crawler-routes';

const config = { apiBaseUrl: 'http://127.0.0.1:9000', siteUrl: 'https://board.example.test' } as RuntimeConfig;
const routes = (
  options: {
    down?: boolean;
    sitemapLimit?: number;
    visitorLimit?: VisitorLimit;
    cursorKey?: string;
    calls?: string[];
  } = {},
) => {
  const fake = fakeApiFetch({ down: options.down });
  return crawlerRoutes({
    config: () => config,
    api: new ApiReader({
      fetch: (input, init) => {
        options.calls?.push(String(input));
        return fake(input, init);
      },
    }),
    workspaces: () => ['demo', 'gone'],
    sitemapLimit: options.sitemapLimit,
    ...(options.visitorLimit ? { visitorLimit: options.visitorLimit } : {}),
    ...(options.cursorKey ? { cursorKey: options.cursorKey } : {}),
  });
};
/** A sitemap part's address, as the index names it, without its origin. */
const partPath = (loc: string) => new URL(loc).pathname + new URL(loc).search;
const locs = (xml: string) => [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1]);
const at = (path: string) => `https://board.example.test${path}`;

describe('crawler routes', () => {
  const app = routes();

  it('robots.txt allows everything and names the sitemap', async () => {
    const response = await app.request('/robots.txt');
    expect(await response.text()).toBe('User-agent: *\nAllow: /\n\nSitemap: https://board.example.test/sitemap.xml\n');
    expect(response.headers.get('cache-control')).toBe(crawlerCacheControl);
  });

  it('the sitemap lists the boards, each known workspace, each hiring company and each public job', async () => {
    const response = await app.request('/sitemap.xml');
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org/);
    expect(locs(xml)).toEqual(
      [
        '/',
        '/companies',
        '/demo',
        '/demo/companies',
        '/companies/7',
        '/companies/8',
        '/job/1',
        '/job/2',
        '/job/3',
        '/talent-scout',
        '/terms-of-service',
      ].map(at),
    );
    expect(xml).toContain(`<url><loc>${at('/job/3')}</loc><lastmod>2026-11-05T09:00:00.000Z</lastmod></url>`);
    // A company's last change is its newest job's.
    expect(xml).toContain(`<url><loc>${at('/companies/7')}</loc><lastmod>2026-11-10T09:00:00.000Z</lastmod></url>`);
  });

  it('past its limit the sitemap becomes an index of parts, each a page of the listings, that hold every URL once', async () => {
    const split = routes({ sitemapLimit: 2 });
    const index = await (await split.request('/sitemap.xml')).text();
    expect(index).toContain('<sitemapindex');
    const named = locs(index);
    expect(named.slice(0, 3)).toEqual(['/sitemap-pages.xml', '/sitemap-companies.xml', '/sitemap-jobs.xml'].map(at));
    // The part after the first two jobs, named by the listing's cursor and the shell's signature of it.
    expect(named[3]).toMatch(/^https:\/\/board\.example\.test\/sitemap-jobs\.xml\?after=2\.[A-Za-z0-9_-]{22}$/);
    expect(named).toHaveLength(4);
    expect(index).toContain('<lastmod>2026-11-10T09:00:00.000Z</lastmod>');
    const parts = await Promise.all(
      named.map(async (loc) => locs(await (await split.request(partPath(loc ?? ''))).text())),
    );
    expect(parts.map((part) => part.length)).toEqual([6, 2, 2, 1]);
    expect(parts.flat().sort()).toEqual(locs(await (await app.request('/sitemap.xml')).text()).sort());
  });

  it('serves only the parts its index names: a cursor it did not sign is not there, and costs no read', async () => {
    const calls: string[] = [];
    const split = routes({ sitemapLimit: 2, cursorKey: 'the-shared-key', calls });
    const signed = partPath(locs(await (await split.request('/sitemap.xml')).text())[3] ?? '');
    const signature = signed.split('.').at(-1) ?? '';
    calls.length = 0;
    for (const forged of [
      '/sitemap-jobs.xml?after=2',
      '/sitemap-jobs.xml?after=1',
      `/sitemap-jobs.xml?after=1.${signature}`,
      '/sitemap-jobs.xml?after=not%20a%20cursor',
      // Signed for the jobs, not the companies.
      signed.replace('sitemap-jobs', 'sitemap-companies'),
      `/sitemap-jobs.xml?after=2.${'A'.repeat(22)}`,
    ]) {
      const response = await split.request(forged);
      expect(response.status, forged).toBe(404);
      // Kept briefly by a CDN, as a missing page is: a forged cursor repeated costs the shell nothing.
      expect(response.headers.get('cache-control'), forged).toBe(pageCacheControl.missing);
    }
    expect(calls).toEqual([]);
    // Another instance with the same key serves the part; one with another key does not.
    expect((await routes({ sitemapLimit: 2, cursorKey: 'the-shared-key' }).request(signed)).status).toBe(200);
    expect((await routes({ sitemapLimit: 2, cursorKey: 'another-key' }).request(signed)).status).toBe(404);
  });

  it('meters every sitemap and feed per visitor, as pages are: past the limit a 429 with Retry-After', async () => {
    const limited = routes({
      sitemapLimit: 2,
      cursorKey: 'the-shared-key',
      visitorLimit: visitorLimit({ max: 4, windowSeconds: 60, trustedProxies: [] }),
    });
    const part = partPath(locs(await (await limited.request('/sitemap.xml')).text())[3] ?? '');
    for (const path of ['/feed.xml?x=1', '/demo/feed.xml', part])
      expect((await limited.request(path)).status).toBe(200);
    for (const path of [
      part,
      '/feed.xml?x=2',
      '/feed.xml?x=3',
      '/demo/feed.xml',
      '/sitemap.xml',
      '/sitemap-pages.xml',
    ]) {
      const response = await limited.request(path);
      expect([path, response.status, response.headers.get('cache-control')]).toEqual([path, 429, 'no-store']);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // robots.txt reads nothing: it is not counted.
    expect((await limited.request('/robots.txt')).status).toBe(200);
  });

  it('streams the sitemap compressed when the crawler accepts gzip, and plain when it refuses it', async () => {
    const gzip = await app.request('/sitemap.xml', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const xml = new TextDecoder().decode(gunzipSync(new Uint8Array(await gzip.arrayBuffer())));
    expect(locs(xml)).toHaveLength(11);
    const plain = await app.request('/sitemap.xml', { headers: { 'Accept-Encoding': 'gzip;q=0' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(locs(await plain.text())).toHaveLength(11);
  });

  it('the board’s Atom feed holds its jobs newest first, every text escaped', async () => {
    const response = await app.request('/feed.xml');
    expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const xml = await response.text();
    expect([...xml.matchAll(/<entry><id>(.*?)<\/id>/g)].map((match) => match[1])).toEqual(
      ['/job/1', '/job/3', '/job/2'].map(at),
    );
    expect(xml).toContain('<updated>2026-11-10T09:00:00.000Z</updated>');
    expect(xml).not.toContain(hostileTitle);
    expect(xml).toContain('<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Lead&quot;');
    expect(xml).toContain('<summary>Remote (EU). Lead the &lt;team&gt;.</summary>');
  });

  it('a workspace’s feed holds its own jobs; an unknown workspace has none (404)', async () => {
    const xml = await (await app.request('/demo/feed.xml')).text();
    expect(xml).toContain('<title>Foundry Jobs: newest jobs in Demo Ventures</title>');
    expect([...xml.matchAll(/<entry><id>(.*?)<\/id>/g)].map((match) => match[1])).toEqual([at('/job/1')]);
    const gone = await app.request('/gone/feed.xml');
    expect(gone.status).toBe(404);
    expect(gone.headers.get('cache-control')).toBe(pageCacheControl.missing);
  });

  it('a feed path that names no board, or names one in another spelling, is not there and costs no read', async () => {
    const calls: string[] = [];
    const counted = routes({ calls });
    for (const path of ['/de%6Do/feed.xml', '/demo%2fx/feed.xml', `/${'x'.repeat(201)}/feed.xml`, '/a%00b/feed.xml'])
      expect((await counted.request(path)).status, path).toBe(404);
    expect(calls, calls.join(' ')).toEqual([]);
    expect((await counted.request('/demo/feed.xml')).status).toBe(200);
  });

  it('with the API down answers 503 with Retry-After, cached by no one', async () => {
    const down = routes({ down: true });
    for (const path of ['/sitemap.xml', '/feed.xml', '/demo/feed.xml']) {
      const response = await down.request(path);
      expect([
        path,
        response.status,
        response.headers.get('retry-after'),
        response.headers.get('cache-control'),
      ]).toEqual([path, 503, '60', 'no-store']);
    }
  });
});
