import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { appFolders, type StaticServer, serveReleases } from '../../scripts/serve-board';
import type { RuntimeConfig } from '../../shared/src/config/runtime-config';
import { Board } from '../support/board';
import { changedHeading, sharedChangedListings } from '../support/build';
import { release, snapshot } from '../support/release-cli';
import { isRendered, rootMarkup, waitForHydration } from '../support/served-html';
import { expect, test } from '../support/test';

const firstHeading = 'Find your dream job';

/**
 * Releases of the listings remote through `pnpm release`, against a store in a temporary folder
 * served as a static host serves it: the first release is `pnpm build`'s listings build, the
 * second a real second build of the same source with the board heading reworded
 * (`sharedChangedListings`: browser and Node halves, as `pnpm build` makes them). The shell is not
 * rebuilt or restarted: its server reads the pointer every 5 s.
 */
test.describe('releases', () => {
  test.describe.configure({ mode: 'serial' });
  let stores: string;
  let changed: string;
  let server: StaticServer;
  let first: string;
  let second: string;
  let original: RuntimeConfig;

  test.beforeAll(async ({ board }) => {
    // Builds on a machine shared with other work: a limit that catches a hang, not a measure.
    test.setTimeout(600_000);
    stores = mkdtempSync(path.join(tmpdir(), 'board-releases-'));
    changed = await sharedChangedListings('changed');
    const published = release(stores, 'publish', 'listings');
    expect(published.status, published.stderr).toBe(0);
    first = published.last;
    const again = release(stores, 'publish', 'listings', '--dist', changed);
    expect(again.status, again.stderr).toBe(0);
    second = again.last;
    expect(second).not.toBe(first);
    expect(release(stores, 'promote', 'listings', first).status).toBe(0);
    server = await serveReleases(path.join(stores, 'local', 'listings'), 0, '127.0.0.1');
    original = board.config;
    board.config = {
      ...original,
      remotes: { ...original.remotes, listings: `${server.url}/mf-manifest.json` },
      releases: { listings: `${server.url}/releases/pointer.json` },
    };
  });
  test.afterAll(async ({ board }) => {
    if (original) board.config = original;
    await server?.close();
    if (stores) rmSync(stores, { recursive: true, force: true });
  });

  test('lists the releases newest first, marking the live one', () => {
    const listed = release(stores, 'list', 'listings', '--json');
    const parsed = JSON.parse(listed.stdout) as { releases: { version: string; marks: string[] }[] };
    expect(parsed.releases.map(({ version, marks }) => [version, marks])).toEqual([
      [second, []],
      [first, ['live']],
    ]);
  });

  test('refuses an existing version, a build without its Node half, an unknown app or version, and changes nothing', () => {
    const before = snapshot(stores);
    const browserOnly = mkdtempSync(path.join(tmpdir(), 'board-browser-only-'));
    try {
      cpSync(appFolders.listings, browserOnly, {
        recursive: true,
        filter: (file) => !file.includes(`${path.sep}server`),
      });
      const refused: [string[], RegExp][] = [
        [['publish', 'listings'], /already published, and a release is never changed/],
        [['publish', 'listings', '--dist', browserOnly], /has no Node build \(server\/mf-manifest\.json\)/],
        [['publish', 'jobs'], /Unknown app "jobs": releases are for listings, apply, static/],
        [['promote', 'listings', 'no-such-version'], /Unknown version "no-such-version" of listings/],
        [['canary', 'listings', 'no-such-version', '--percent', '10'], /Unknown version "no-such-version"/],
      ];
      for (const [args, message] of refused) {
        const run = release(stores, ...args);
        expect(run.status, args.join(' ')).toBe(1);
        expect(run.stderr, args.join(' ')).toMatch(message);
      }
    } finally {
      rmSync(browserOnly, { recursive: true, force: true });
    }
    expect(snapshot(stores)).toEqual(before);
  });

  test('a promotion reaches new visitors by itself; a tab opened before keeps its release', async ({
    page,
    request,
    board,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: firstHeading })).toBeVisible();
    await waitForHydration(page);
    const listingsFiles: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().startsWith(server.url)) listingsFiles.push(sent.url());
    });

    expect(release(stores, 'promote', 'listings', second).status).toBe(0);
    // New visitors get it once the pointer's and the page's short caches expire (about 10 s on a
    // quiet machine: docs/caches.md); the wait is for that event, with a limit that catches a hang.
    await expect
      .poll(async () => rootMarkup(await (await request.get('/')).text()).includes(`${changedHeading}</h1>`), {
        intervals: [250],
      })
      .toBe(true);
    const served = await request.get('/');
    expect(served.headers()['x-board-releases']).toContain(`listings=${second}`);

    // The tab opened on the first release navigates in the app, with the first release's chunks.
    await page.getByRole('link', { name: 'Companies' }).first().click();
    await expect(page).toHaveURL(/\/companies$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();
    expect(listingsFiles.length).toBeGreaterThan(0);
    for (const file of listingsFiles) expect(file).toContain(`/releases/${first}/`);

    // A new visitor gets the second, rendered on the server and hydrated with the same release.
    const visitor = await newVisitor(page.context().browser() as Browser, board.url);
    expect(await visitor.heading()).toBe(changedHeading);
    await visitor.close();
  });

  test('a rollback sends new visitors back to the version live before', async ({ request }) => {
    expect(release(stores, 'rollback', 'listings').status).toBe(0);
    await expect
      .poll(async () => rootMarkup(await (await request.get('/')).text()).includes(`${firstHeading}</h1>`), {
        intervals: [250],
      })
      .toBe(true);
    const listed = JSON.parse(release(stores, 'list', 'listings', '--json').stdout) as {
      pointer: { live: string; previous: string };
    };
    expect(listed.pointer).toMatchObject({ live: first, previous: second });
  });

  test('a 50% canary: both releases among 20 new visitors, each keeps theirs on reload, rendered and hydrated alike', async ({
    page,
    request,
    board,
  }) => {
    expect(release(stores, 'canary', 'listings', second, '--percent', '50').status).toBe(0);
    // The server has read the new pointer once a new visitor's page sets the release cookie.
    await expect
      .poll(async () => (await request.get('/', { headers: { Cookie: '' } })).headers()['set-cookie'] ?? '', {
        intervals: [250],
      })
      .toMatch(/board_release=listings:/);
    // Each release's Node build loaded once before the visitors come: on a loaded machine the first
    // render with a release can pass the render budget, and that page is rightly sent unrendered (the
    // budget's own test is server-render.test.tsx); here every visitor's page must be rendered.
    for (const version of [first, second])
      await expect
        .poll(
          async () => {
            const response = await fetch(new URL('/', board.url), {
              headers: { cookie: `board_release=listings:${version}` },
            });
            return isRendered(await response.text());
          },
          { intervals: [500] },
        )
        .toBe(true);
    // Twenty new visitors ask for the board, and again with the cookie it set (a reload): what the
    // server sends each of them. A browser hydrating each would assert the same twenty times over
    // at ~5 s a visitor; the browser hydrates one visitor of each release below.
    const seen = new Map<string, string>();
    for (let index = 0; index < 20; index++) {
      const landing = await servedTo(board.url, '');
      expect(landing.heading, `release ${landing.version}`).toBe(
        landing.version === second ? changedHeading : firstHeading,
      );
      const cookie = /board_release=[^;]+/.exec(landing.setCookie)?.[0] ?? '';
      expect(cookie, 'a new visitor gets the release cookie').toBe(`board_release=listings:${landing.version}`);
      const reload = await servedTo(board.url, cookie);
      expect(reload.version, 'the same release on reload').toBe(landing.version);
      expect(reload.heading).toBe(landing.heading);
      seen.set(landing.heading, cookie);
    }
    expect([...seen.keys()].sort()).toEqual([changedHeading, firstHeading].sort());
    // In the browser, a visitor of each release: rendered with it, hydrated with it, kept on reload.
    for (const [heading, cookie] of seen) {
      const visitor = await newVisitor(page.context().browser() as Browser, board.url, cookie);
      expect(await visitor.heading()).toBe(heading);
      expect(await visitor.heading(), 'the same release on reload').toBe(heading);
      await visitor.close();
    }

    // /__status names the pointer and the release this page uses.
    await page.goto('/__status');
    await expect(page.getByTestId('listings-live')).toHaveText(first);
    await expect(page.getByTestId('listings-canary')).toHaveText(`${second} (50%)`);
    await expect(page.getByTestId('listings-previous')).toHaveText(second);
    await expect(page.getByTestId('listings-release')).toHaveText(new RegExp(`^(${first}|${second})$`));
    expect(release(stores, 'canary', 'listings', second, '--percent', '0').status).toBe(0);
  });

  test('a CDN-only deployment (no shell server): the browser reads the pointer and keeps its choice', async ({
    page,
    board,
  }) => {
    const cdn = await Board.start({ shellMode: 'static' });
    try {
      cdn.config = { ...cdn.config, remotes: board.config.remotes, releases: board.config.releases };
      expect(release(stores, 'canary', 'listings', second, '--percent', '100').status).toBe(0);
      const files: string[] = [];
      page.on('request', (sent) => {
        if (sent.url().startsWith(server.url)) files.push(sent.url());
      });
      await page.goto(`${cdn.url}/`);
      await expect(page.getByRole('heading', { level: 1, name: changedHeading })).toBeVisible();
      const cookies = await page.context().cookies(cdn.url);
      expect(cookies.find((cookie) => cookie.name === 'board_release')?.value).toBe(`listings:${second}`);
      expect(files.filter((file) => file.endsWith('.js')).length).toBeGreaterThan(0);
      for (const file of files) expect(file).toMatch(new RegExp(`/releases/(${second}/|pointer\\.json$)`));
    } finally {
      // The page leaves the CDN's board before it stops: a logo still loading would otherwise fail
      // against a stopped API (a console error on a busy machine).
      await page.goto('about:blank');
      expect(release(stores, 'canary', 'listings', second, '--percent', '0').status).toBe(0);
      await cdn.stop();
    }
  });

  test('a preview link can name a published release', async ({ page }) => {
    await page.goto(`/?preview_remote=listings&preview_version=${second}`);
    await expect(page.getByRole('heading', { level: 1, name: changedHeading })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Previewing' })).toContainText(
      `Previewing listings release ${second} from ${server.url}`,
    );
  });

  test('in production a preview link cannot load the rolled-back release: the live one is shown', async ({
    page,
    board,
  }) => {
    const listed = JSON.parse(release(stores, 'list', 'listings', '--json').stdout) as {
      pointer: { live: string; previous: string };
    };
    expect(listed.pointer).toMatchObject({ live: first, previous: second });
    const staging = board.config;
    board.config = { ...staging, environment: 'production' };
    try {
      const files: string[] = [];
      page.on('request', (sent) => {
        if (sent.url().startsWith(server.url)) files.push(sent.url());
      });
      await page.goto(`/?preview_remote=listings&preview_version=${second}`);
      await expect(page.getByRole('alert').filter({ hasText: 'Preview refused' })).toContainText(
        'Releases are not previewed in production',
      );
      await expect(page.getByRole('heading', { level: 1, name: firstHeading })).toBeVisible();
      await waitForHydration(page);
      expect(files.filter((file) => file.includes(`/releases/${second}/`))).toEqual([]);
    } finally {
      board.config = staging;
    }
  });
});

/**
 * The board as the server sends it to a visitor whose cookie header is `cookie` ('' for a new
 * one): rendered with the release its header names, whose manifest the boot data carries (what
 * the browser hydrates with); the heading, and the cookie it sets, if any.
 */
async function servedTo(baseURL: string, cookie: string) {
  const response = await fetch(new URL('/', baseURL), { headers: { cookie } });
  const html = await response.text();
  expect(isRendered(html), 'the page is rendered on the server').toBe(true);
  const version = /listings=([^,]+)/.exec(response.headers.get('x-board-releases') ?? '')?.[1] ?? '';
  expect(html).toContain(`/releases/${version}/mf-manifest.json`);
  const heading = [firstHeading, changedHeading].find((text) => rootMarkup(html).includes(`${text}</h1>`)) ?? '';
  return { version, heading, setCookie: response.headers.get('set-cookie') ?? '' };
}

/**
 * A new visitor (a browser context of their own, no cookie, or `cookie` as a visitor who came
 * before holds it): `heading()` loads the board and checks that the server rendered it with the
 * release the response header names, that the browser hydrated it with no error, and returns the
 * heading. `close()` fails on any console error.
 */
async function newVisitor(browser: Browser, baseURL: string, cookie = '') {
  const context = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
  const equals = cookie.indexOf('=');
  if (equals > 0)
    await context.addCookies([{ name: cookie.slice(0, equals), value: cookie.slice(equals + 1), url: baseURL }]);
  const page: Page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    async heading() {
      const response = await page.goto('/');
      const html = (await response?.text()) ?? '';
      expect(isRendered(html), 'the page is rendered on the server').toBe(true);
      const version = /listings=([^,]+)/.exec(response?.headers()['x-board-releases'] ?? '')?.[1];
      const heading = (await page.getByRole('heading', { level: 1 }).first().textContent()) ?? '';
      await waitForHydration(page);
      // The markup the server sent, hydrated as it is: the boot data names the same release.
      expect(html).toContain(`/releases/${version}/mf-manifest.json`);
      expect(rootMarkup(html)).toContain(`${heading}</h1>`);
      return heading;
    },
    async close() {
      await context.close();
      expect(errors, 'console errors of a new visitor').toEqual([]);
    },
  };
}
