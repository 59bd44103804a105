import { Board } from '../support/board';
import { expect, test } from '../support/test';

/**
 * The first view: the page the shell's server sends already holds the runtime config
 * and the route's manifest, and preloads the remote's code and the first API call, so the browser
 * discovers nothing one step after another and asks for each thing once.
 */
// The page as the server sends it unrendered (SHELL_MODE=assemble, or a page it could not render):
// with server rendering (the default) a page carries its data instead (server-render.spec.ts).
test.use({ shellMode: 'assemble' });

test.describe('the served page, unrendered', () => {
  test('carries the config, the manifest and the preloads of its route', async ({ request, board }) => {
    const html = await (await request.get('/job/1')).text();
    expect(html).toContain('window.__BOARD_BOOT__=');
    expect(html).toContain(`"${board.manifestUrl('listings')}":`);
    expect(html).toContain(`<link rel="preload" href="${board.originOf('listings')}/remoteEntry.js" as="script">`);
    expect(html).toContain(
      `<link rel="preload" href="${board.config.apiBaseUrl}/public-job-posting/1?visibility=linkedin_or_job_board&amp;include_closed=true" as="fetch" crossorigin="anonymous">`,
    );
    expect(html).toContain(`<link rel="preconnect" href="${board.config.apiBaseUrl}" crossorigin>`);
    expect(html).not.toContain('href="/runtime-config.json"');
  });

  test('the browser asks for the job list once and for no config or manifest before the page is up', async ({
    page,
    board,
  }) => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto('/');
    await expect(page.getByRole('article').first()).toBeVisible();
    // The board's first page (call 1 with `limit`), at the address the server preloads.
    const list = `${board.config.apiBaseUrl}/public-job-posting?visibility=job_board_only&limit=24`;
    expect(requests.filter((url) => url === list)).toHaveLength(1);
    expect(requests.filter((url) => url.endsWith('/runtime-config.json'))).toEqual([]);
    expect(requests.filter((url) => url === board.manifestUrl('listings'))).toEqual([]);
  });
});

test.describe('a CDN-only deployment (the shell as built, no server)', () => {
  let cdn: Board;
  test.beforeAll(async () => {
    cdn = await Board.start({ shellMode: 'static' });
  });
  test.afterAll(async () => {
    await cdn.stop();
  });

  test('still serves the board: the browser fetches the config and the manifest itself', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    const html = await (await page.request.get(`${cdn.url}/`)).text();
    expect(html).not.toContain('__BOARD_BOOT__');
    await page.goto(`${cdn.url}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Find your dream job' })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    expect(requests).toContain(`${cdn.url}/runtime-config.json`);
    expect(requests).toContain(cdn.manifestUrl('listings'));
  });
});
