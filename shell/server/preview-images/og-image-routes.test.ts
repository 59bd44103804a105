import type { RuntimeConfig } from '@board/shared/config/runtime-config';
import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { ApiReader } from '../reader/api-reader';
import { fakeApiFetch, fakeJobs } from '../test/fake-api';
import { pngSize } from '../test/png-size';
import { ogImageCacheControl, ogImageRoutes } from './og-image-routes';

const config = { apiBaseUrl: 'http://127.0.0.1:9000', siteUrl: 'https://board.example.test' } as RuntimeConfig;

/** The fake API, counting its calls, with a raster logo at /public/logos/bolt.png. */
function api(options: { down?: boolean } = {}) {
  const calls: string[] = [];
  const base = fakeApiFetch(options);
  const logo = new Resvg(
    '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="teal"/></svg>',
  )
    .render()
    .asPng();
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input));
    calls.push(url.pathname);
    if (url.pathname === '/public/logos/bolt.png')
      return new Response(new Uint8Array(logo), { headers: { 'Content-Type': 'image/png' } });
    return base(input, init);
  };
  return { calls, fetch };
}
const routes = (fake = api()) =>
  ogImageRoutes({ config: () => config, api: new ApiReader({ fetch: fake.fetch }), fetch: fake.fetch });
const png = async (response: Response) => new Uint8Array(await response.arrayBuffer());

describe('preview card routes', () => {
  it.each(['/og/job/1.png', '/og/job/2.png', '/og/company/7.png', '/og/board.png', '/og/demo/board.png'])(
    '%s is a 1200×630 PNG kept an hour',
    async (path) => {
      const response = await routes().request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('cache-control')).toBe(ogImageCacheControl);
      expect(pngSize(await png(response))).toEqual({ width: 1200, height: 630 });
    },
  );

  it.each(['/og/job/99.png', '/og/company/8.png', '/og/company/9.png', '/og/gone/board.png', '/og/job/1.jpg'])(
    '%s is not found (no such job, company or board, or no jobs)',
    async (path) => {
      expect((await routes().request(path)).status).toBe(404);
    },
  );

  it("draws the cards of a platform's own ids (a UUID, j-101, org-1), asking the API for them as they are", async () => {
    const uuid = '3f2b8c1e-9a4d-4e7b-8f6a-2c1d0e9b7a54';
    const asked: string[] = [];
    const fetch: typeof globalThis.fetch = async (input) => {
      const path = new URL(String(input)).pathname;
      asked.push(path);
      if (path === `/public-job-posting/${uuid}`) return Response.json({ ...fakeJobs[0], id: uuid });
      if (path === '/public-job-posting/j-101') return Response.json({ ...fakeJobs[2], id: 'j-101' });
      if (path === '/public-job-posting/organization/org-1')
        return Response.json({ jobs: [{ ...fakeJobs[0], id: 'j-1', organization_id: 'org-1' }] });
      return Response.json({ message: 'Not found' }, { status: 404 });
    };
    const app = ogImageRoutes({ config: () => config, api: new ApiReader({ fetch }), fetch });
    for (const path of [`/og/job/${uuid}.png`, '/og/job/j-101.png', '/og/company/org-1.png']) {
      const response = await app.request(path);
      expect(response.status, path).toBe(200);
      expect(pngSize(await png(response))).toEqual({ width: 1200, height: 630 });
    }
    expect(asked).toEqual([
      `/public-job-posting/${uuid}`,
      '/public-job-posting/j-101',
      '/public-job-posting/organization/org-1',
    ]);
  });

  it('answers 503 while the API is down, and is not kept', async () => {
    const response = await routes(api({ down: true })).request('/og/job/1.png');
    expect(response.status).toBe(503);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('retry-after')).toBe('60');
  });

  it('draws a card once for its data, and answers a revalidation with 304', async () => {
    const app = routes();
    const first = await app.request('/og/job/1.png');
    const etag = first.headers.get('etag');
    const again = await app.request('/og/job/1.png');
    expect(Buffer.from(await png(again)).equals(Buffer.from(await png(first)))).toBe(true);
    expect(etag).toBeTruthy();
    expect((await app.request('/og/job/1.png', { headers: { 'If-None-Match': etag ?? '' } })).status).toBe(304);
  });

  it('reads a raster logo from the API only, and never the SVG logos', async () => {
    const fake = api();
    const apiHosted = { ...fakeJobs[1], logo: 'https://api.example.test/public/logos/bolt.png' };
    const elsewhere = { ...fakeJobs[0], logo: 'http://169.254.169.254/logo.png' };
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const path = new URL(String(input)).pathname;
      if (path === '/public-job-posting/2') return Response.json(apiHosted);
      if (path === '/public-job-posting/1') return Response.json(elsewhere);
      return fake.fetch(input, init);
    };
    const app = ogImageRoutes({ config: () => config, api: new ApiReader({ fetch }), fetch });
    expect((await app.request('/og/job/2.png')).status).toBe(200);
    expect((await app.request('/og/job/1.png')).status).toBe(200);
    expect((await app.request('/og/company/7.png')).status).toBe(200);
    expect(fake.calls.filter((path) => path.startsWith('/public/'))).toEqual(['/public/logos/bolt.png']);
  });

  it("draws a company's card with its profile's logo and overview when call 5 sends its profile", async () => {
    const fake = api();
    const profile = {
      organization_id: 7,
      organization_name: 'Acme',
      job_board_slug: 'acme',
      logo: 'https://api.example.test/public/logos/bolt.png',
      overview: 'Acme builds robots that sort recycling.',
    };
    let withProfile = true;
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const path = new URL(String(input)).pathname;
      if (path === '/public-job-posting/organization/7')
        return Response.json({ jobs: [fakeJobs[0]], ...(withProfile ? { organization: profile } : {}) });
      return fake.fetch(input, init);
    };
    const drawn = await png(
      await ogImageRoutes({ config: () => config, api: new ApiReader({ fetch }), fetch }).request('/og/company/7.png'),
    );
    expect(fake.calls.filter((path) => path.startsWith('/public/'))).toEqual(['/public/logos/bolt.png']);
    withProfile = false;
    const bare = await png(
      await ogImageRoutes({ config: () => config, api: new ApiReader({ fetch }), fetch }).request('/og/company/7.png'),
    );
    expect(pngSize(bare)).toEqual({ width: 1200, height: 630 });
    expect(Buffer.from(bare).equals(Buffer.from(drawn))).toBe(false);
  });

  it('reads a logo that failed again on the next visit, and keeps no card drawn without it', async () => {
    let answers = 0;
    const apiHosted = { ...fakeJobs[1], logo: 'https://api.example.test/public/logos/bolt.png' };
    const base = api();
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const path = new URL(String(input)).pathname;
      if (path === '/public-job-posting/2') return Response.json(apiHosted);
      if (path === '/public/logos/bolt.png' && answers++ === 0) return new Response('busy', { status: 503 });
      return base.fetch(input, init);
    };
    const app = ogImageRoutes({ config: () => config, api: new ApiReader({ fetch }), fetch });
    const withoutLogo = await png(await app.request('/og/job/2.png'));
    const withLogo = await png(await app.request('/og/job/2.png'));
    const again = await png(await app.request('/og/job/2.png'));
    expect(answers).toBe(2);
    expect(Buffer.from(withLogo).equals(Buffer.from(withoutLogo))).toBe(false);
    expect(Buffer.from(again).equals(Buffer.from(withLogo))).toBe(true);
  });
});
