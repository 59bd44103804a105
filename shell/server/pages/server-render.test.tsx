import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RemoteName } from '@board/shared/config/remotes';
import type { LogEntry } from '@board/shared/lib/request-log';
import { useJobFromRoute } from '@board/shared/react/job-from-route';
import type { DehydratedState } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiReader } from '../reader/api-reader';
import { ManifestCache } from '../remotes/manifest-cache';
import type { ServerRemotes } from '../remotes/server-remotes';
import { createShellServer } from '../shell-server';
import { fakeApiFetch } from '../test/fake-api';
import { tempDists } from '../test/temp-dist';
import { testConfig } from '../test/test-config';
import { splitHoisted } from './render-page';

const config = testConfig('http://127.0.0.1:9000');

const dist = tempDists({
  'index.html':
    '<html><head><title>Foundry Jobs</title><script defer src="/main.0123456789.js"></script></head><body><noscript>The job board needs JavaScript to show its listings.</noscript><div id="root"></div></body></html>',
  '840.abcdefabcd.css': 'body{}',
});

const manifests = new ManifestCache({
  fetch: async () =>
    new Response(
      JSON.stringify({
        metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js' } },
        exposes: [
          { path: './job-detail-page', assets: { js: { sync: [] }, css: { sync: ['detail.dddddddddd.css'] } } },
        ],
      }),
    ),
});

/** A remote page as a remote's Node build exposes it: the job of the route, from the page's queries. */
function JobPage() {
  const { job } = useJobFromRoute();
  if (job.isPending) return <p>Loading the job</p>;
  return <h1>{job.data ? `${job.data.title} at ${job.data.company}` : 'Job Not Found'}</h1>;
}

/** A page as large as a real one (a job's description, a board's cards): 40 KB of markup. */
function LargePage() {
  return (
    <article>
      {Array.from({ length: 400 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed list
        <p key={index}>{`Paragraph ${index} of a long job description, long enough to be a real page.`}</p>
      ))}
    </article>
  );
}

/** A job page that renders its own JobPosting, as the listings remote's does. */
function JobPageWithJsonLd() {
  const { job } = useJobFromRoute();
  return (
    <>
      <script type="application/ld+json">{JSON.stringify({ '@type': 'JobPosting', title: job.data?.title })}</script>
      <h1>{job.data?.title}</h1>
    </>
  );
}

function BrokenPage(): never {
  throw new Error('broken page');
}

type Remotes = Pick<ServerRemotes, 'page'>;
const serving = (Page: ComponentType): Remotes => ({ page: async () => Page });

function board(
  remotes: Remotes,
  options: { renderBudgetMs?: number; apiDown?: boolean; warmUp?: boolean; keepPagesMs?: number } = {},
) {
  const logged: LogEntry[] = [];
  const pageRequests: string[] = [];
  const app = createShellServer({
    distDir: dist(),
    config: () => config,
    manifests,
    remotes,
    warmUp: options.warmUp ?? true,
    renderBudgetMs: options.renderBudgetMs ?? 2_000,
    ...(options.keepPagesMs === undefined ? {} : { keepPagesMs: options.keepPagesMs }),
    pageApi: new ApiReader({
      fetch: (input, init) => {
        pageRequests.push(String(input));
        return fakeApiFetch({ down: options.apiDown ?? false })(input, init);
      },
    }),
    log: (entry) => logged.push(entry),
  });
  return { app, logged, pageRequests };
}

const root = (html: string) => /<div id="root">(.*?)<\/div><script type="application\/json"/s.exec(html)?.[1] ?? '';
const queries = (html: string) =>
  JSON.parse(
    /<script type="application\/json" id="board-queries">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null',
  ) as DehydratedState | null;
const unrendered = (html: string) => html.includes('<div id="root"></div>') && !html.includes('id="board-queries"');

describe('server rendering', () => {
  it('sends the page with its content, the layout around it and the queries it was rendered with', async () => {
    const { app, pageRequests } = board(serving(JobPage));
    const response = await app.request('/job/1');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(root(html)).toContain('<h1>Backend Engineer at Acme</h1>');
    // The shell's layout: skip link, header and footer, as the browser renders them.
    expect(root(html)).toContain('Skip to content');
    expect(root(html)).toContain('<footer');
    // One title (the server's head): React's own hoisted <title> is not left in the body.
    expect(html.match(/<title>/g)).toHaveLength(1);
    // The page reads without JavaScript: no "needs JavaScript" notice, no preload of data it carries.
    expect(html).not.toContain('<noscript>');
    expect(html).not.toContain('as="fetch"');
    // Styled before (and without) scripts: the shell's stylesheet in the page, the remote page's
    // too when the remote serves it in time (stylesheets.test.ts), else linked.
    expect(html).toContain('<style data-href="/840.abcdefabcd.css">body{}</style>');
    expect(html).not.toMatch(/<link[^>]* href="\/840\.abcdefabcd\.css"/);
    expect(html).toContain('<link rel="stylesheet" href="http://127.0.0.1:9002/detail.dddddddddd.css">');
    expect(queries(html)?.queries).toEqual([
      expect.objectContaining({
        queryKey: ['board', 'job', '1'],
        state: expect.objectContaining({
          status: 'success',
          data: expect.objectContaining({ title: 'Backend Engineer' }),
        }),
      }),
    ]);
    expect(html).toMatch(/window\.__BOARD_BOOT__=\{.*"rendered":\{"at":\d+\}/);
    // Nothing to fetch or run before the first paint: the scripts are asked for after it, by a
    // loader after the content that the page's Content-Security-Policy allows by its hash.
    expect(html).not.toContain('<script defer');
    expect(html).not.toMatch(/<link rel="preload"[^>]* as="script"/);
    const loader = /<script id="board-scripts" data-entry="([^"]+)" data-preload="([^"]+)">([^<]*)<\/script>/.exec(
      html,
    );
    const hash = `'sha256-${createHash('sha256')
      .update(loader?.[3] ?? '')
      .digest('base64')}'`;
    expect(response.headers.get('content-security-policy')).toContain(hash);
    expect(loader?.[1]).toMatch(/^\/main\.[0-9a-f]{10}\.js$/);
    expect(JSON.parse((loader?.[2] ?? '[]').replaceAll('&quot;', '"'))).toEqual(
      expect.arrayContaining(['http://127.0.0.1:9002/remoteEntry.js']),
    );
    expect(html.indexOf('id="board-scripts"')).toBeGreaterThan(html.indexOf('</footer>'));
    // The head and the page read the job through one cache: one call.
    expect(pageRequests.filter((url) => url.includes('/public-job-posting/1'))).toHaveLength(1);
  });

  it('sends a large page in place, readable without JavaScript (not as a part swapped in by a script)', async () => {
    const html = await (await board(serving(LargePage)).app.request('/job/1')).text();
    expect(root(html)).toContain('Paragraph 399 of a long job description');
    expect(html).not.toContain('<template');
    expect(html).not.toMatch(/\$RC|<!--\$\?-->/);
  });

  it('sends one page for every device: no client hint changes it, and it varies by nothing but its encoding', async () => {
    const { app } = board(serving(JobPage));
    const phone = await app.request('/job/1', { headers: { 'Sec-CH-UA-Mobile': '?1' } });
    const wide = await app.request('/job/1');
    expect(phone.headers.get('vary')).toBe('Accept-Encoding');
    expect(root(await phone.text())).toBe(root(await wide.text()));
  });

  it('leaves the JobPosting to the rendered page: one in the HTML, not the head’s and the page’s', async () => {
    const rendered = await (await board(serving(JobPageWithJsonLd)).app.request('/job/1')).text();
    expect(rendered.match(/application\/ld\+json/g)).toHaveLength(1);
    expect(root(rendered)).toContain('"@type":"JobPosting"');
    // Sent unrendered, the page keeps the head's.
    const unrenderedPage = await (
      await board({ page: () => Promise.reject(new Error('remote down')) }).app.request('/job/1')
    ).text();
    expect(unrenderedPage.match(/application\/ld\+json/g)).toHaveLength(1);
    expect(unrenderedPage).toContain('id="job-posting-json-ld" data-server-head');
  });

  it('renders a missing job as the page it is, with status 404', async () => {
    const response = await board(serving(JobPage)).app.request('/job/404');
    expect(response.status).toBe(404);
    expect(root(await response.text())).toContain('<h1>Job Not Found</h1>');
  });

  it('sends the client-rendered page, with the right status, when the remote cannot be loaded', async () => {
    const { app, logged } = board({ page: () => Promise.reject(new Error('remote down')) });
    for (const [route, status] of [
      ['/job/1', 200],
      ['/job/404', 404],
    ] as const) {
      const response = await app.request(route);
      expect(response.status).toBe(status);
      // The page a visitor can use, but not the page it should be: no shared cache keeps it.
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const html = await response.text();
      expect(unrendered(html)).toBe(true);
      expect(html).toContain('<noscript>');
      expect(html).toContain('window.__BOARD_BOOT__=');
    }
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        message: 'page sent unrendered: the browser renders it',
        path: '/job/1',
      }),
    );
  });

  it('sends the client-rendered page when the remote page throws while rendering', async () => {
    const response = await board(serving(BrokenPage)).app.request('/job/1');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(unrendered(await response.text())).toBe(true);
  });

  it('sends the client-rendered page when the render passes its time budget', async () => {
    // The remote's page never comes: without the budget the request would never be answered (the
    // test would time out), whatever the machine's speed.
    const never: Remotes = { page: () => new Promise<ComponentType>(() => {}) };
    const response = await board(never, { renderBudgetMs: 100 }).app.request('/job/1');
    expect(response.status).toBe(200);
    expect(unrendered(await response.text())).toBe(true);
  });

  it("renders a page whose remote's manifest comes slowly, within the render budget", async () => {
    // A loaded machine: the listings remote answers its manifest after 1.5 s, inside a 10 s budget
    // (before, a manifest had a fixed second whatever the budget, and the page went unrendered).
    const server = createServer((_request, response) => {
      setTimeout(() => {
        response.setHeader('Content-Type', 'application/json');
        response.end(JSON.stringify({ metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js' } } }));
      }, 1_500);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const slow = { ...config, remotes: { ...config.remotes, listings: `http://127.0.0.1:${port}/mf-manifest.json` } };
      const app = createShellServer({
        distDir: dist(),
        config: () => slow,
        remotes: serving(JobPage),
        warmUp: false,
        renderBudgetMs: 10_000,
        pageApi: new ApiReader({ fetch: fakeApiFetch({ down: false }) }),
        log: () => {},
      });
      const html = await (await app.request('/job/1')).text();
      expect(unrendered(html)).toBe(false);
      expect(root(html)).toContain('<h1>Backend Engineer at Acme</h1>');
    } finally {
      server.close();
    }
  });

  it('keeps a rendered page a few seconds for its address and layout, and never an unrendered page or a preview', async () => {
    const renders: string[] = [];
    const counting = (Page: ComponentType | null): Remotes => ({
      page: async () => {
        renders.push('render');
        if (!Page) throw new Error('remote down');
        return Page;
      },
    });
    // Kept a minute here (a few seconds in production): a slow machine between two requests must not see it expire.
    const { app } = board(counting(JobPage), { warmUp: false, keepPagesMs: 60_000 });
    const first = await app.request('/job/1', { headers: { 'Accept-Encoding': 'gzip' } });
    const again = await app.request('/job/1', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(renders).toHaveLength(1);
    expect(Buffer.from(await again.arrayBuffer())).toEqual(Buffer.from(await first.arrayBuffer()));
    expect(again.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
    // A phone is the same page; another address and a preview are each their own render.
    await app.request('/job/1', { headers: { 'Sec-CH-UA-Mobile': '?1' } });
    expect(renders).toHaveLength(1);
    await app.request('/job/1?ref=feed');
    expect(renders).toHaveLength(2);
    await app.request('/job/1?preview_remote=listings&preview_manifest=https://x.test/m.json');
    await app.request('/job/1?preview_remote=listings&preview_manifest=https://x.test/m.json');
    expect(renders).toHaveLength(2);
    // A page sent unrendered (the remote failed) is tried again by the next visitor.
    renders.length = 0;
    const down = board(counting(null), { warmUp: false }).app;
    await down.request('/job/1');
    await down.request('/job/1');
    expect(renders).toHaveLength(2);
  });

  it('leaves a preview (another build of a remote) and a page without its API data to the browser', async () => {
    const asked: RemoteName[] = [];
    const remotes: Remotes = {
      page: async (remote) => {
        asked.push(remote);
        return JobPage;
      },
    };
    // (No loading of every page's module at start here: a preview must ask for none.)
    const preview = await board(remotes, { warmUp: false }).app.request(
      '/job/1?preview_remote=listings&preview_manifest=https://x.test/m.json',
    );
    expect(unrendered(await preview.text())).toBe(true);
    expect(preview.headers.get('cache-control')).toBe('private, no-store');
    expect(asked).toEqual([]);
    const down = await board(serving(JobPage), { apiDown: true }).app.request('/job/1');
    expect(down.status).toBe(200);
    expect(down.headers.get('cache-control')).toBe('no-cache');
    expect(unrendered(await down.text())).toBe(true);
  });
});

describe('splitHoisted', () => {
  it('takes the title and meta tags React writes before the tree, and keeps its links for the head', () => {
    expect(
      splitHoisted(
        '<title>Job · Foundry Jobs</title><meta name="description" content="x"/><link rel="preload" as="image" href="/a.svg"/><div><title>not hoisted</title></div>',
      ),
    ).toEqual({
      body: '<div><title>not hoisted</title></div>',
      head: '<link rel="preload" as="image" href="/a.svg"/>',
    });
    expect(splitHoisted('<div>plain</div>')).toEqual({ body: '<div>plain</div>', head: '' });
  });
});
