import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { gunzipSync } from 'node:zlib';
import type { APIRequestContext } from '@playwright/test';
import { listen } from '../../scripts/serve-board';
import type { ApiJob } from '../support/api';
import { dottedWorkspace, ProductionSite, postgresServerUrl, startShellService } from '../support/production-site';
import { asMarkup, isRendered, rootMarkup } from '../support/served-html';
import { test as base, expect } from '../support/test';

/**
 * The board as it is deployed, in CI: the shell's server started through `pnpm serve:shell` (its
 * own process, on its own port, configured by PORT, HOST, BOARD_ENV and a config file of its own),
 * the remotes on other origins, the API on PostgreSQL (PGlite locally when BOARD_TEST_POSTGRES_URL
 * is unset; CI=true refuses that). It renders pages, survives what was thrown at the landed
 * board, and stops cleanly on SIGTERM.
 */
const test = base.extend<object, { site: ProductionSite }>({
  site: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const site = await ProductionSite.start();
      await use(site);
      await site.stop();
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ site }, use) => {
    await use(site.url);
  },
});

/** Reads `path` until the server sends it rendered (the first render of a route may miss its 1 s budget). */
async function renderedPage(request: APIRequestContext, path: string, status: number): Promise<string> {
  let html = '';
  await expect
    .poll(
      async () => {
        const response = await request.get(path);
        expect(response.status(), path).toBe(status);
        html = await response.text();
        return isRendered(html);
      },
      { intervals: [250, 500, 1_000] },
    )
    .toBe(true);
  return html;
}

async function firstJob(site: ProductionSite): Promise<ApiJob> {
  const response = await fetch(new URL('/public-job-posting', site.config.apiBaseUrl));
  const job = ((await response.json()) as { jobs: ApiJob[] }).jobs[0];
  if (!job) throw new Error('the API lists no job');
  return job;
}

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as sent, not decoded. */
  bytes: Buffer;
}

/** One request as curl sends it: no decoding, so a body labelled gzip that is not gzip shows. */
function raw(url: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: options.method ?? 'GET', headers: options.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

/** The body as a browser reads it: a body labelled gzip must be gzip (Chromium: ERR_CONTENT_DECODING_FAILED). */
function decoded(answer: RawAnswer, label: string): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === undefined) return answer.bytes.toString('utf8');
  expect(encoding, `${label}: an encoding the client accepted`).toBe('gzip');
  expect([...answer.bytes.subarray(0, 2)], `${label}: labelled gzip, and gzip`).toEqual([0x1f, 0x8b]);
  return gunzipSync(answer.bytes).toString('utf8');
}

const gzip = { 'Accept-Encoding': 'gzip' };

/** What a path that is not there may answer: 404, or for a POST also 405 (the site takes no POST). */
const missingStatuses = (method: string) => (method === 'GET' ? [404] : [404, 405]);

test.describe('the shell’s server started through pnpm serve:shell', () => {
  test('it runs alone on its own port with the deploy’s config file, and says so in one JSON line', async ({
    request,
    site,
  }) => {
    const shell = site.shell;
    expect(shell?.ready).toMatchObject({
      level: 'info',
      url: site.url,
      environment: 'staging',
      config: expect.stringMatching(/runtime-config\.json$/),
    });
    expect((await request.get('/health')).status()).toBe(200);
    expect(await (await request.get('/runtime-config.json')).json()).toEqual(site.config);
    // The API it reads is on PostgreSQL whenever the suite has one (always in CI).
    const health = await (await fetch(new URL('/health', site.config.apiBaseUrl))).json();
    expect(health.database).toBe(postgresServerUrl() ? 'postgres' : 'pglite');
    // Its log is JSON lines, as the API's is.
    const lines = (shell?.output() ?? '').split('\n').filter(Boolean);
    expect(lines.filter((line) => !line.startsWith('{'))).toEqual([]);
  });

  test('/ is rendered with the jobs the API reads from its database', async ({ request, site }) => {
    const html = await renderedPage(request, '/', 200);
    const markup = rootMarkup(html);
    expect(markup).toContain('Find your dream job</h1>');
    const job = await firstJob(site);
    expect(markup).toContain(`href="/job/${job.id}"`);
    expect(markup).toContain(asMarkup(job.title));
    // The remote's code comes from its own origin, as the config says, not from the site's.
    expect(html).toContain(new URL(site.config.remotes.listings).origin);
  });

  test('a job is rendered: its title, its company, and its JobPosting', async ({ request, site }) => {
    const job = await firstJob(site);
    const html = await renderedPage(request, `/job/${job.id}`, 200);
    const markup = rootMarkup(html);
    expect(markup).toContain(`${asMarkup(job.title)}</h1>`);
    expect(markup).toContain(asMarkup(job.organization_name));
    expect(html).toContain('"@type":"JobPosting"');
    expect(html.slice(0, html.indexOf('</head>'))).toContain(asMarkup(job.title));
  });

  test('an unknown path and a missing job are a rendered 404 with their panel', async ({ request }) => {
    expect(rootMarkup(await renderedPage(request, '/no/such/page', 404))).toContain('Page Not Found');
    expect(rootMarkup(await renderedPage(request, '/job/999999', 404))).toContain('Job Not Found');
  });

  test('a page path with a dot is a page: a workspace board named like a domain, a job id with a dot', async ({
    request,
    site,
  }) => {
    const board = await renderedPage(request, `/${dottedWorkspace.slug}`, 200);
    expect(rootMarkup(board)).toContain(`Find your dream job in ${dottedWorkspace.name}</h1>`);
    expect(rootMarkup(board)).toContain(asMarkup(dottedWorkspace.job));
    expect(rootMarkup(await renderedPage(request, '/job/5.0', 404))).toContain('Job Not Found');
    // As a browser asks for it: compressed only if the bytes are compressed, and cached as a page.
    for (const path of [`/${dottedWorkspace.slug}`, '/job/5.0']) {
      const answer = await raw(`${site.url}${path}`, { headers: gzip });
      expect(answer.headers['content-type'], path).toMatch(/^text\/html/);
      expect(decoded(answer, path), path).toContain('<div id="root">');
    }
  });

  test('a missing file is a plain 404 that no one keeps, whatever the client accepts or sends', async ({ site }) => {
    for (const path of ['/missing.0123456789.js', '/assets/missing.0123456789.css', '/nope.png']) {
      for (const method of ['GET', 'POST']) {
        const label = `${method} ${path}`;
        const answer = await raw(`${site.url}${path}`, { method, headers: gzip });
        expect(missingStatuses(method), label).toContain(answer.status);
        const cacheControl = answer.headers['cache-control'] ?? '';
        if (method === 'GET') expect(cacheControl, label).toContain('no-store');
        else expect(cacheControl, label).not.toContain('public');
        expect(decoded(answer, label), label).not.toContain('<div id="root">');
      }
    }
    // Paths a scanner tries: a 404 (a page's or a file's), never a page that cannot be decoded.
    for (const path of ['/x.php', '/.env', '/wp-login.php']) {
      for (const method of ['GET', 'POST']) {
        const label = `${method} ${path}`;
        const answer = await raw(`${site.url}${path}`, { method, headers: gzip });
        expect(missingStatuses(method), label).toContain(answer.status);
        decoded(answer, label);
        expect(answer.headers['cache-control'] ?? '', `${label}: not kept as a page for everyone`).not.toMatch(
          /stale-while-revalidate|s-maxage=[1-9]\d{2,}/,
        );
      }
    }
  });

  test('the site has a favicon and an apple-touch-icon, served as images', async ({ request, site }) => {
    const icon = await raw(`${site.url}/favicon.ico`, { headers: gzip });
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\//);
    decoded(icon, '/favicon.ico');
    const html = await renderedPage(request, '/', 200);
    const head = html.slice(0, html.indexOf('</head>'));
    const links = [...head.matchAll(/<link\b[^>]*>/g)].map(([tag]) => ({
      rel: /\brel="([^"]*)"/.exec(tag)?.[1],
      href: /\bhref="([^"]*)"/.exec(tag)?.[1],
    }));
    for (const rel of ['icon', 'apple-touch-icon']) {
      const href = links.find((link) => link.rel === rel)?.href;
      expect(href, `the page links its ${rel}`).toBeTruthy();
      const answer = await raw(new URL(href ?? '', site.url).href, { headers: gzip });
      expect(answer.status, href).toBe(200);
      expect(answer.headers['content-type'], href).toMatch(/^image\//);
    }
  });

  test('pages: no gzip the client refused, a request id of its own, security headers, and a private preview', async ({
    site,
  }) => {
    const refused = await raw(`${site.url}/`, { headers: { 'Accept-Encoding': 'gzip;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    const page = await raw(`${site.url}/`, { headers: { ...gzip, 'X-Request-Id': 'chosen-by-the-client' } });
    expect(page.headers['x-request-id']).toBeTruthy();
    expect(page.headers['x-request-id']).not.toBe('chosen-by-the-client');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBeTruthy();
    const csp = String(page.headers['content-security-policy'] ?? '');
    expect(csp).toContain('frame-ancestors');
    expect(csp).toMatch(/'nonce-|'sha(256|384|512)-/);
    for (const url of [site.config.apiBaseUrl, ...Object.values(site.config.remotes)])
      expect(csp, `the CSP allows ${url}`).toContain(new URL(url).origin);
    const preview = await raw(
      `${site.url}/?preview_remote=listings&preview_manifest=${encodeURIComponent(site.config.remotes.listings)}`,
    );
    expect(preview.headers['cache-control']).toMatch(/private/);
    expect(preview.headers['cache-control']).toMatch(/no-store/);
  });

  test('in Chromium: the board, a job and a board named like a domain hydrate across the origins', async ({
    page,
    visit,
    site,
  }) => {
    await visit('/', { heading: 'Find your dream job' });
    const job = await firstJob(site);
    await visit(`/job/${job.id}`, { heading: job.title });
    expect(new URL(page.url()).origin).toBe(site.url);
    await visit(`/${dottedWorkspace.slug}`, { heading: `Find your dream job in ${dottedWorkspace.name}` });
  });

  test('SIGTERM: the request in flight is answered, new connections are refused, and it exits 0', async ({ site }) => {
    // An API that holds every request until the test lets go: a page that reads it is in flight.
    let arrived = () => {};
    const apiCalled = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const held: (() => void)[] = [];
    const slowApi = await listen(
      createServer((_request, response) => {
        held.push(() => {
          response.writeHead(503, { 'Content-Type': 'application/json' });
          response.end('{"message":"busy"}');
        });
        arrived();
      }),
      0,
    );
    const config = { ...site.config, apiBaseUrl: slowApi.url };
    const shell = await startShellService({
      PORT: '0',
      HOST: '127.0.0.1',
      BOARD_ENV: 'staging',
      SHELL_API_KEY: site.shellKey,
      BOARD_CONFIG: site.writeConfig('slow-api.json', config),
    });
    try {
      let answeredAt = 0;
      const answer = raw(`${shell.url}/job/1`).then((result) => {
        answeredAt = Date.now();
        return result;
      });
      await apiCalled;
      const stoppedAt = Date.now();
      shell.child.kill('SIGTERM');
      await expect
        .poll(
          () =>
            new Promise<string>((resolve) => {
              const socket = connect(shell.port, '127.0.0.1');
              socket.once('connect', () => {
                socket.destroy();
                resolve('accepted');
              });
              socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? String(error)));
            }),
          { intervals: [20, 50, 100] },
        )
        .toBe('ECONNREFUSED');
      for (const release of held) release();
      const page = await answer;
      expect(answeredAt, 'answered after SIGTERM').toBeGreaterThanOrEqual(stoppedAt);
      expect(page.status).toBe(200);
      expect(decoded(page, '/job/1')).toContain('</html>');
      expect(await shell.exited, shell.output()).toBe(0);
      expect(shell.output()).toContain('"signal":"SIGTERM"');
    } finally {
      await shell.stop();
      await slowApi.close();
    }
  });
});
