import type { Page } from '@playwright/test';
import { type ApiJob, apiJobs, findJob } from '../support/api';
import type { Board } from '../support/board';
import { changedHeading, sharedChangedListings } from '../support/build';
import { asMarkup, carriedBuildVersion, isRendered, rootMarkup, servedWhen } from '../support/served-html';
import { expect, test } from '../support/test';

/**
 * Server-rendered pages: the shell's server renders each page
 * with the route's remote (its Node build, loaded at runtime) and the browser hydrates it. What a
 * crawler reads without a browser, what Chromium shows without JavaScript, hydration with
 * JavaScript, the fallback to the client-rendered page with the remote down, and a remote
 * redeployed at the same address picked up by the running server. (The head tags, statuses,
 * sitemap and feeds in detail: crawlers.spec.ts.)
 */

const tag = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map((match) =>
    JSON.parse(match[1] ?? 'null'),
  );

/** A job's card in rendered markup: its link and its title. */
function expectCards(markup: string, jobs: ApiJob[]) {
  expect(jobs.length).toBeGreaterThan(0);
  for (const job of jobs) {
    expect(markup, `the card of job ${job.id}`).toContain(`href="/job/${job.id}"`);
    expect(markup, `the title of job ${job.id}`).toContain(asMarkup(job.title));
  }
}

/** A plain sentence of the job's description as the API gives it (the detail page shows it). */
async function descriptionLine(board: Board, id: number | string): Promise<string> {
  const response = await fetch(new URL(`/public-job-posting/${id}`, board.config.apiBaseUrl));
  const body = (await response.json()) as { description?: string | null };
  // A line without #bold# markup, which the page shows as one text.
  const line = (body.description ?? '').split('\n').find((text) => text.length > 20 && !text.includes('#'));
  expect(line, `job ${id} has a description`).toBeTruthy();
  return line ?? '';
}

/**
 * Keeps the first <h1> of the server's markup before the shell's script runs (the document is
 * parsed, deferred scripts have not run), so a test can tell a hydrated page (the same element,
 * brought to life) from one rendered anew in the browser (a new element).
 */
async function keepServerHeading(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive')
        (window as unknown as { serverHeading?: Element | null }).serverHeading = document.querySelector('#root h1');
    });
  });
}

/** Waits until React has hydrated the server's heading in place (it now holds React's fiber). */
async function expectHydratedInPlace(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const kept = (window as unknown as { serverHeading?: Element | null }).serverHeading;
        const now = document.querySelector('#root h1');
        return Boolean(kept) && kept === now && Object.keys(now ?? {}).some((key) => key.startsWith('__reactFiber$'));
      }),
    )
    .toBe(true);
}

test.describe('the rendered HTML (no browser)', () => {
  // A board renders its first page on the server: the first few cards are checked.
  test('the board lists the first page of jobs in #root', async ({ request, board }) => {
    const response = await request.get('/');
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(isRendered(html), '/ is rendered on the server').toBe(true);
    const markup = rootMarkup(html);
    expect(markup).toContain('Find your dream job</h1>');
    expectCards(markup, (await apiJobs(board)).slice(0, 4));
    expect(tag(html, /<link rel="canonical" href="([^"]*)" data-server-head>/)).toBe(`${board.config.siteUrl}/`);
  });

  test('a workspace board lists its jobs in #root', async ({ request, board }) => {
    const response = await request.get('/demo');
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(isRendered(html), '/demo is rendered on the server').toBe(true);
    const markup = rootMarkup(html);
    expect(markup).toContain('Find your dream job in Demo Ventures</h1>');
    expectCards(markup, (await apiJobs(board, 'demo')).slice(0, 4));
    expect(tag(html, /<link rel="canonical" href="([^"]*)" data-server-head>/)).toBe(`${board.config.siteUrl}/demo`);
  });

  test('a company page lists the company’s jobs in #root', async ({ request, board }) => {
    const jobs = await apiJobs(board);
    const company = jobs[0]?.organization_id;
    const response = await request.get(`/companies/${company}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(isRendered(html), `/companies/${company} is rendered on the server`).toBe(true);
    const markup = rootMarkup(html);
    expect(markup).toContain(`${asMarkup(jobs[0]?.organization_name ?? '')}</h1>`);
    expectCards(markup, jobs.filter((job) => job.organization_id === company).slice(0, 4));
    expect(tag(html, /<meta property="og:title" content="([^"]*)" data-server-head>/)).toContain(
      jobs[0]?.organization_name,
    );
  });

  test('a job page holds the job in #root and a JobPosting that parses in the head', async ({ request, board }) => {
    const job = await findJob(board, () => true);
    const response = await request.get(`/job/${job.id}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(isRendered(html), `/job/${job.id} is rendered on the server`).toBe(true);
    const markup = rootMarkup(html);
    expect(markup).toContain(`${asMarkup(job.title)}</h1>`);
    expect(markup).toContain(asMarkup(job.organization_name));
    expect(markup).toContain(asMarkup(await descriptionLine(board, job.id)));
    expect(markup).toContain('Apply for this position');
    // One JobPosting in the HTML (the page's own: the head does not repeat it), and it parses.
    const [posting, ...more] = jsonLd(html);
    expect(more).toEqual([]);
    expect(posting).toMatchObject({ '@type': 'JobPosting', title: job.title });
    const head = html.slice(0, html.indexOf('</head>'));
    expect(tag(head, /<meta property="og:title" content="([^"]*)" data-server-head>/)).toContain(
      asMarkup(job.organization_name),
    );
    // The data the page was rendered with travels with it, for hydration.
    const queries = /<script type="application\/json" id="board-queries">(.*?)<\/script>/s.exec(html)?.[1];
    expect(JSON.stringify(JSON.parse(queries ?? 'null'))).toContain(job.title);
  });

  test('an unknown path, a missing job and a missing workspace are a rendered 404 with their panel', async ({
    request,
  }) => {
    for (const [path, panel] of [
      ['/a/b/c', 'Page Not Found'],
      ['/job/999999', 'Job Not Found'],
      ['/no-such-workspace', 'Page Not Found'],
    ] as const) {
      const response = await request.get(path);
      expect([path, response.status()]).toEqual([path, 404]);
      const html = await response.text();
      expect(isRendered(html), `${path} is rendered on the server`).toBe(true);
      expect(rootMarkup(html), path).toContain(panel);
    }
  });

  test('a missing company is a rendered 404 with its panel, not a spinner', async ({ request }) => {
    const response = await request.get('/companies/999999');
    expect(response.status()).toBe(404);
    const html = await response.text();
    expect(isRendered(html)).toBe(true);
    expect(rootMarkup(html)).toContain('Company Not Found');
    expect(rootMarkup(html)).not.toContain('Loading company');
  });
});

test.describe('without JavaScript', () => {
  test('the board shows its job list', async ({ browser, board }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: board.url });
    try {
      const page = await context.newPage();
      const [first] = await apiJobs(board);
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: 'Find your dream job' })).toBeVisible();
      const cards = page.getByRole('article');
      await expect(cards.first()).toBeVisible();
      expect(await cards.count(), 'a first screen of cards at least').toBeGreaterThanOrEqual(4);
      await expect(cards.first().getByRole('link', { name: first?.title })).toHaveAttribute(
        'href',
        `/job/${first?.id}`,
      );
      // Styled without scripts (the page links the shell's and the remote's stylesheets).
      await expect(page.getByRole('banner')).toHaveCSS('position', 'fixed');
      await expect(page.getByRole('link', { name: 'Skip to content' })).toHaveCSS('position', 'absolute');
      // The cards' entrance animation is CSS only: it ends with the cards shown.
      await expect(cards.first()).toHaveCSS('opacity', '1');
    } finally {
      await context.close();
    }
  });

  test('a job shows its detail and an Apply link', async ({ browser, board }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: board.url });
    try {
      const page = await context.newPage();
      const job = await findJob(board, (candidate) => (candidate.application_url ?? '').startsWith('/job/'));
      await page.goto(`/job/${job.id}`);
      await expect(page.getByRole('heading', { level: 1, name: job.title })).toBeVisible();
      await expect(page.getByText(job.organization_name).first()).toBeVisible();
      await expect(page.getByText(await descriptionLine(board, job.id)).first()).toBeVisible();
      const apply = page.getByRole('link', { name: 'Apply for this position' });
      await expect(apply).toBeVisible();
      await expect(apply).toHaveAttribute('href', `/job/${job.id}/apply`);
      // No "needs JavaScript" notice on a page that reads without it.
      await expect(page.getByText('needs JavaScript')).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});

test('the job page hydrates without fetching the job again, then works as a client-side app', async ({
  page,
  board,
}) => {
  const job = await findJob(board, () => true);
  const jobCalls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === new URL(board.config.apiBaseUrl).origin && url.pathname === `/public-job-posting/${job.id}`)
      jobCalls.push(request.url());
  });
  await keepServerHeading(page);
  const response = await page.goto(`/job/${job.id}`);
  expect(isRendered((await response?.text()) ?? ''), 'the server rendered the page').toBe(true);
  await expectHydratedInPlace(page);
  await expect(page.getByRole('heading', { level: 1, name: job.title })).toBeVisible();
  // The page's effects have run (the saved count in the header is read after hydration).
  const savedLink = page.getByRole('banner').getByRole('link', { name: /^Saved jobs/ });
  await expect(savedLink).toHaveAccessibleName('Saved jobs: 0');
  expect(jobCalls, 'the browser uses the data the page came with').toEqual([]);

  // Interactive: Save reacts, and the header follows.
  const save = page.getByRole('button', { name: `Save ${job.title}` });
  await expect(save).toHaveAttribute('aria-pressed', 'false');
  await save.click();
  await expect(save).toHaveAttribute('aria-pressed', 'true');
  await expect(savedLink).toHaveAccessibleName('Saved jobs: 1');

  // Client-side navigation, in the same document (a reload would lose this marker).
  await page.evaluate(() => {
    (window as unknown as { sameDocument?: boolean }).sameDocument = true;
  });
  await page.getByRole('link', { name: 'Back to Jobs' }).click();
  await expect(page).toHaveURL(`${board.url}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Find your dream job' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await savedLink.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Saved jobs' })).toBeVisible();
  await expect(page.getByRole('article').getByRole('heading', { name: job.title })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(jobCalls).toEqual([]);
});

test('the board hydrates with the first page it came with: no list, config or manifest request', async ({
  page,
  board,
}) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await keepServerHeading(page);
  const response = await page.goto('/');
  expect(isRendered((await response?.text()) ?? ''), 'the server rendered the board').toBe(true);
  await expectHydratedInPlace(page);
  // The server sends the whole first page (24 jobs) with its data: no call 1 from the browser.
  await expect(page.getByRole('article')).toHaveCount(24);
  await expect(page.getByText(/^24 of [\d,]+ jobs$/)).toBeVisible();
  const list = `${board.config.apiBaseUrl}/public-job-posting?`;
  expect(requests.filter((url) => url.startsWith(list))).toEqual([]);
  expect(requests.filter((url) => url.endsWith('/runtime-config.json'))).toEqual([]);
  expect(requests.filter((url) => url === board.manifestUrl('listings'))).toEqual([]);
  // Every shell chunk the page preloads is one the app runs (Chromium warns of a preload never
  // used): not the fallbacks of the packages the shell provides itself.
  const html = (await response?.text()) ?? '';
  // (A rendered page asks for its scripts after its first paint: the loader lists them.)
  const loader = /<script[^>]* id="board-scripts"[^>]* data-preload="([^"]*)"/.exec(html)?.[1] ?? '';
  const preloaded = [...loader.matchAll(/&quot;\/(\d+)\.[0-9a-f]+\.js/g)].map(([, id]) => Number(id));
  expect(preloaded.length).toBeGreaterThan(0);
  const ran = await page.evaluate(() =>
    ((window as unknown as { rspackChunkboard_shell?: [number[]][] }).rspackChunkboard_shell ?? []).flatMap(
      ([ids]) => ids,
    ),
  );
  expect(preloaded.filter((id) => !ran.includes(id))).toEqual([]);
});

test('with the listings remote down, a job is sent unrendered with its status and the browser shows the error panel', async ({
  page,
  request,
  board,
  guard,
}) => {
  // The browser reports the refused connection to the remote; that is the outage under test.
  guard.allowConsoleErrors(/ERR_CONNECTION_REFUSED|Failed to load resource|Federation Runtime|RUNTIME-0/i);
  const job = await findJob(board, () => true);
  await board.stopRemote('listings');
  try {
    // The server keeps a remote's manifest (and the module it loaded) for 5 s: once it reads it
    // again and finds the remote gone, it leaves the page to the browser, with the same status.
    let html = '';
    await expect
      .poll(
        async () => {
          const response = await request.get(`/job/${job.id}`);
          expect(response.status()).toBe(200);
          html = await response.text();
          return isRendered(html);
        },
        { intervals: [500, 1_000] },
      )
      .toBe(false);
    expect(rootMarkup(html)).toBe('');
    // The head is the server's still (it reads the API, not the remote).
    expect(tag(html, /<meta property="og:title" content="([^"]*)" data-server-head>/)).toContain(
      asMarkup(job.organization_name),
    );
    const missing = await request.get('/job/999999');
    expect(missing.status()).toBe(404);
    expect(isRendered(await missing.text())).toBe(false);

    await page.goto(`/job/${job.id}`);
    const panel = page.getByRole('alert');
    await expect(panel).toContainText('An error occurred');
    await expect(panel.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
  } finally {
    await board.startRemote('listings');
  }
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: job.title })).toBeVisible();
  // The server renders the page again once it reads the manifest anew (within 5 s).
  await servedWhen(request, `/job/${job.id}`, () => true);
});

test('a listings build redeployed at the same address is rendered by the running server within seconds', async ({
  page,
  request,
  board,
}) => {
  const path = '/';
  const manifestUrl = board.manifestUrl('listings');
  const before = await servedWhen(request, path, (html) => rootMarkup(html).includes('Find your dream job</h1>'));
  const originalVersion = carriedBuildVersion(before, manifestUrl);
  expect(originalVersion).toBeTruthy();
  const folder = await sharedChangedListings('changed');
  try {
    // The deploy: the same address now serves the new build (browser and Node). No restart of the shell's server.
    await board.stopRemote('listings');
    await board.startRemote('listings', folder);
    const html = await servedWhen(request, path, (text) => rootMarkup(text).includes(`${changedHeading}</h1>`));
    expect(carriedBuildVersion(html, manifestUrl)).toBe('changed-e2e');

    // The browser hydrates the new build's markup with the new build (the guard: no console error).
    await keepServerHeading(page);
    await page.goto(path);
    await expectHydratedInPlace(page);
    await expect(page.getByRole('heading', { level: 1, name: changedHeading })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Find your dream job' })).toHaveCount(0);
  } finally {
    await board.stopRemote('listings');
    await board.startRemote('listings');
  }
  // Rolled back: the server is on the original build again before the next test.
  await servedWhen(
    request,
    path,
    (html) =>
      carriedBuildVersion(html, manifestUrl) === originalVersion &&
      rootMarkup(html).includes('Find your dream job</h1>'),
  );
});
