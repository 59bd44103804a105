import { readdirSync, readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { appFolders, listen, type StaticServer } from '../../scripts/serve-board';
import { ProductionSite, type ShellService, startShellService } from '../support/production-site';
import { isRendered } from '../support/served-html';
import { test as base, expect } from '../support/test';

/**
 * A stranger's probes of the shell's front door, against the built board deployed as in
 * production (ProductionSite: the remotes on their own origins, the real API), with a shell
 * started through `pnpm serve:shell` behind a pretend load balancer (TRUSTED_PROXIES=127.0.0.1:
 * each probe is its own visitor, named by X-Forwarded-For) and its API calls counted on the way
 * (a counting proxy in front of the API). Each probe prints its figures (docs/reliability.md).
 */
interface Probe {
  site: ProductionSite;
  shell: ShellService;
  apiCalls: () => number;
}

const test = base.extend<object, { probe: Probe }>({
  probe: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const site = await ProductionSite.start();
      let calls = 0;
      const api = new URL(site.config.apiBaseUrl);
      const counter: StaticServer = await listen(
        createServer((request, response) => {
          calls++;
          const upstream = httpRequest(
            { host: api.hostname, port: api.port, path: request.url, method: request.method, headers: request.headers },
            (answer) => {
              response.writeHead(answer.statusCode ?? 502, answer.headers);
              answer.pipe(response);
            },
          );
          upstream.on('error', () => response.destroy());
          request.pipe(upstream);
        }),
        0,
      );
      const shell = await startShellService({
        PORT: '0',
        HOST: '127.0.0.1',
        BOARD_ENV: 'staging',
        SHELL_API_KEY: site.shellKey,
        BOARD_CONFIG: site.writeConfig('counted-api.json', { ...site.config, apiBaseUrl: counter.url }),
        // The deploy's default limit, said out loud.
        SHELL_VISITOR_LIMIT_MAX: '120',
        SHELL_VISITOR_LIMIT_WINDOW_SECONDS: '60',
        TRUSTED_PROXIES: '127.0.0.1',
      });
      await use({ site, shell, apiCalls: () => calls });
      await shell.stop();
      await counter.close();
      await site.stop();
    },
    { scope: 'worker', timeout: 300_000 },
  ],
});

const rssMb = (pid: number | undefined) =>
  Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);

/** One request as sent (no URL normalising, the body not decoded). */
function raw(url: string, options: { path?: string; headers?: Record<string, string> } = {}) {
  const target = new URL(url);
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const request = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: options.path ?? `${target.pathname}${target.search}`,
        headers: options.headers,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('latin1'),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** Sends `paths` as one visitor, `concurrency` at a time; what each answered. */
async function flood(base: string, paths: string[], visitor: string, concurrency = 20) {
  const answers: { path: string; status: number; cacheControl: string; body: string }[] = [];
  const queue = [...paths];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
        const response = await raw(`${base}${path}`, { headers: { 'X-Forwarded-For': visitor } });
        answers.push({
          path,
          status: response.status,
          cacheControl: String(response.headers['cache-control']),
          body: response.body,
        });
      }
    }),
  );
  return answers;
}

const countBy = <T>(items: T[], key: (item: T) => string | number) =>
  items.reduce<Record<string, number>>((counts, item) => {
    counts[key(item)] = (counts[key(item)] ?? 0) + 1;
    return counts;
  }, {});

test.describe.configure({ mode: 'serial' });

test.describe("the shell's front door, probed by a stranger", () => {
  test('1,100 preview images of ids that cannot be one path segment (each longer): no API call, 404 then 429', async ({
    probe,
  }) => {
    const pid = probe.shell.child.pid;
    const before = { calls: probe.apiCalls(), rss: rssMb(pid) };
    const started = Date.now();
    const paths = Array.from({ length: 1_100 }, (_, index) => `/og/job/${'1'.repeat(index + 129)}.png`);
    const answers = await flood(probe.shell.url, paths, '198.51.100.1');
    const ms = Date.now() - started;
    const after = { calls: probe.apiCalls(), rss: rssMb(pid) };
    const statuses = countBy(answers, (answer) => answer.status);
    console.log(
      `[front-door] 1,100 over-long card ids: ${JSON.stringify(statuses)} in ${ms} ms, API calls ${after.calls - before.calls}, shell RSS ${before.rss} -> ${after.rss} MB`,
    );
    expect(after.calls - before.calls).toBe(0);
    expect(statuses).toEqual({ 404: 120, 429: 980 });
  });

  test('300 pages with distinct searches: 120 rendered, the rest sent unrendered and kept by no one', async ({
    probe,
  }) => {
    const pid = probe.shell.child.pid;
    const before = { calls: probe.apiCalls(), rss: rssMb(pid) };
    const started = Date.now();
    const paths = Array.from({ length: 300 }, (_, index) => `/?q=probe-${index}`);
    const answers = await flood(probe.shell.url, paths, '198.51.100.2', 10);
    const ms = Date.now() - started;
    const after = { calls: probe.apiCalls(), rss: rssMb(pid) };
    const kinds = countBy(answers, (answer) =>
      answer.status !== 200 ? answer.status : answer.cacheControl === 'private, no-store' ? 'limited' : 'read',
    );
    console.log(
      `[front-door] 300 distinct searches: ${JSON.stringify(kinds)} in ${ms} ms, API calls ${after.calls - before.calls}, shell RSS ${before.rss} -> ${after.rss} MB`,
    );
    expect(kinds).toEqual({ read: 120, limited: 180 });
    // One call per page read (a few more when a read is retried after a slow answer): the 180 sent
    // unrendered made none.
    expect(after.calls - before.calls).toBeLessThan(180);
    for (const answer of answers.filter((item) => item.cacheControl === 'private, no-store'))
      expect(isRendered(answer.body), answer.path).toBe(false);
  });

  test('traversals and a 300-character id, on cards and pages: 404 without a call', async ({ probe }) => {
    const before = probe.apiCalls();
    const long = '1'.repeat(300);
    const answers = await flood(
      probe.shell.url,
      [
        '/og/company/...png',
        '/og/company/%2e%2e.png',
        `/og/job/${long}.png`,
        '/job/%252e%252e',
        '/job/..%2F1',
        `/job/${long}`,
        '/companies/%2e%2e%2forg-1',
      ],
      '198.51.100.3',
      1,
    );
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    expect(answers[0]?.cacheControl).toBe('public, max-age=60');
    expect(probe.apiCalls() - before).toBe(0);
  });

  test('a Host header or an absolute-form target does not reach the next visitor', async ({ probe }) => {
    const visitor = { 'X-Forwarded-For': '198.51.100.4' };
    const poisoned = [
      await raw(`${probe.shell.url}/terms-of-service`, { headers: { ...visitor, Host: 'evil.example' } }),
      await raw(`${probe.shell.url}/talent-scout`, { path: 'http://evil.example/talent-scout', headers: visitor }),
    ];
    for (const page of poisoned) expect(page.body).not.toContain('evil.example');
    for (const path of ['/terms-of-service', '/talent-scout']) {
      const next = await raw(`${probe.shell.url}${path}`, { headers: visitor });
      expect(next.body).not.toContain('evil.example');
      expect(next.body).toContain(`${probe.site.url}${path}`);
    }
  });

  test("a search the API refuses is the board's message, rendered, and not an outage", async ({ probe }) => {
    const logged = probe.shell.output().length;
    const ids: string[] = [];
    for (const path of [`/?q=${'x'.repeat(300)}`, '/?q=%00']) {
      const page = await raw(`${probe.shell.url}${path}`, { headers: { 'X-Forwarded-For': '198.51.100.5' } });
      expect(page.status, path).toBe(200);
      expect(isRendered(page.body), path).toBe(true);
      expect(page.body).toContain('Unable to load jobs');
      ids.push(String(page.headers['x-request-id']));
    }
    const output = probe.shell.output().slice(logged);
    expect(output).not.toContain('slow or down');
    // One JSON line per refused search, with its request id: no stack trace.
    expect(output).not.toMatch(/\n\s+at /);
    const lines = output
      .split('\n')
      .filter((line) => line.includes('the job list could not be loaded'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => [line.level, line.request_id])).toEqual(ids.map((id) => ['info', id]));
  });

  test('crawler files are metered: a visitor over the limit gets a 429; made-up parts and feeds cost no read', async ({
    probe,
  }) => {
    const visitor = '198.51.100.8';
    const before = probe.apiCalls();
    const started = Date.now();
    const answers = await flood(
      probe.shell.url,
      Array.from({ length: 130 }, (_, index) => `/feed.xml?x=${index}`),
      visitor,
      10,
    );
    const statuses = countBy(answers, (answer) => answer.status);
    console.log(
      `[front-door] 130 /feed.xml?x=N: ${JSON.stringify(statuses)} in ${Date.now() - started} ms, API calls ${probe.apiCalls() - before}`,
    );
    expect(statuses).toEqual({ 200: 120, 429: 10 });
    // Over the limit, every crawler file that reads the API is refused, with a time to come back.
    for (const path of ['/sitemap.xml', '/sitemap-jobs.xml', '/demo/feed.xml', '/feed.xml']) {
      const answer = await raw(`${probe.shell.url}${path}`, { headers: { 'X-Forwarded-For': visitor } });
      expect([path, answer.status, answer.headers['cache-control']]).toEqual([path, 429, 'no-store']);
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await raw(`${probe.shell.url}/robots.txt`, { headers: { 'X-Forwarded-For': visitor } })).status).toBe(200);
    // A cursor the shell did not write and a feed spelled as no page links it: 404, no API call.
    const calls = probe.apiCalls();
    const madeUp = await flood(
      probe.shell.url,
      [
        '/sitemap-jobs.xml?after=WyJpIiw1MF0',
        '/sitemap-companies.xml?after=1',
        '/de%6Do/feed.xml',
        `/${'x'.repeat(300)}/feed.xml`,
      ],
      '198.51.100.9',
      1,
    );
    expect(madeUp.map((answer) => answer.status)).toEqual([404, 404, 404, 404]);
    expect(probe.apiCalls() - calls).toBe(0);
  });

  test('a salary value slow to parse is a 400, and the junk parameter shares the answer’s cache entry', async ({
    probe,
  }) => {
    const api = probe.site.config.apiBaseUrl;
    const slow = `${'1'.repeat(15_800)}e`;
    const started = Date.now();
    const refused = await raw(`${api}/public-job-posting?limit=5&salary_min_k=${slow}`);
    console.log(`[front-door] salary_min_k=<15,800 ones>e: ${refused.status} in ${Date.now() - started} ms`);
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body)).toMatchObject({ message: 'salary_min_k must be a number (thousands)' });
    await raw(`${api}/public-job-posting?limit=3`);
    for (const junk of ['a1', 'a2', 'a3'])
      expect((await raw(`${api}/public-job-posting?limit=3&junk=${junk}`)).headers['x-cache']).toBe('hit');
  });

  test('headers: nosniff on the API’s JSON and logos and on the remotes’ files, which take no PUT, POST, DELETE or PATCH', async ({
    probe,
  }) => {
    const api = probe.site.config.apiBaseUrl;
    const jobs = await raw(`${api}/public-job-posting?limit=25`);
    expect(jobs.headers['x-content-type-options']).toBe('nosniff');
    const logo = /"logo":"([^"]+\.svg)"/.exec(jobs.body)?.[1];
    if (!logo) throw new Error('no job of the first page has a logo');
    const logoAnswer = await raw(logo);
    expect([logoAnswer.status, logoAnswer.headers['x-content-type-options']]).toEqual([200, 'nosniff']);
    const bad = await raw(`${api}/public-job-posting?visibility=%3Cscript%3E`);
    expect(bad.status).toBe(400);
    expect(bad.body).not.toContain('script');

    const manifest = probe.site.config.remotes.listings;
    expect((await raw(manifest)).headers['x-content-type-options']).toBe('nosniff');
    for (const method of ['PUT', 'POST', 'DELETE', 'PATCH']) {
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const sent = httpRequest(manifest, { method }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
          );
        });
        sent.on('error', reject);
        sent.end(method === 'DELETE' ? undefined : 'x');
      });
      expect([method, answer.status]).toEqual([method, 405]);
      expect(answer.body).not.toContain('remoteEntry');
    }
    // Pages: a policy for the features the board never uses (HSTS is for https sites: shell-server.test.ts).
    const page = await raw(`${probe.shell.url}/terms-of-service`, { headers: { 'X-Forwarded-For': '198.51.100.10' } });
    expect(page.headers['permissions-policy']).toContain('camera=()');
  });

  test("the remotes' static servers: no source map however spelled, and brotli only when taken", async ({ probe }) => {
    const remote = new URL(probe.site.config.remotes.listings).origin;
    const map = readdirSync(appFolders.listings).find((file) => /^\d+\.[0-9a-f]{10}\.js\.map$/.test(file));
    const chunk = readdirSync(appFolders.listings).find((file) => /^\d+\.[0-9a-f]{10}\.js\.br$/.test(file));
    if (!map || !chunk) throw new Error('the listings build has no source map or brotli copy');
    for (const spelled of [map, map.replace(/map$/, 'm%61p'), map.replace(/map$/, '%6d%61%70')]) {
      const answer = await raw(`${remote}/${spelled}`);
      expect(answer.status, spelled).toBe(404);
      expect(answer.body).not.toContain('"sources"');
    }
    const file = chunk.replace(/\.br$/, '');
    const encodingFor = async (acceptEncoding: string) =>
      (await raw(`${remote}/${file}`, { headers: { 'Accept-Encoding': acceptEncoding } })).headers['content-encoding'];
    expect(await encodingFor('gzip, br')).toBe('br');
    expect(await encodingFor('br;q=0, gzip')).toBe('gzip');
    expect(await encodingFor('br;q=0')).toBeUndefined();
  });
});
