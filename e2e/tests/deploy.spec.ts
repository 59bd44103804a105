import { type StaticServer, serveRemote } from '../../scripts/serve-board';
import { changedHeading, sharedChangedListings } from '../support/build';
import { isRendered, rootMarkup, servedWhen } from '../support/served-html';
import { expect, test } from '../support/test';

/**
 * Independent deploys of the listings remote: a second build with a visible change
 * (`sharedChangedListings`: browser and Node build, as `pnpm build` makes them), served on its own
 * address. The shell is not rebuilt: every test here runs against the shell built once by
 * `pnpm build`. (A redeploy at the same address, picked up by the shell's server: server-render.spec.ts.)
 */
test.describe('independent deploys', () => {
  test.describe.configure({ mode: 'serial' });
  let changed: StaticServer;
  let incompatible: StaticServer;
  let manifest: string;

  test.beforeAll(async () => {
    // Builds on a machine shared with other work: a limit that catches a hang, not a measure.
    test.setTimeout(600_000);
    changed = await serveRemote('listings', 0, '127.0.0.1', await sharedChangedListings('changed'));
    manifest = `${changed.url}/mf-manifest.json`;
    incompatible = await serveRemote('listings', 0, '127.0.0.1', await sharedChangedListings('old-react'));
  });
  test.afterAll(async () => {
    await changed?.close();
    await incompatible?.close();
  });

  test('a remote built against an incompatible React fails into the error panel, not a blank page', async ({
    page,
    request,
    board,
    guard,
  }) => {
    guard.allowConsoleErrors(/RUNTIME-|Federation Runtime|version|Failed to load/i);
    const original = board.config;
    board.config = { ...original, remotes: { ...original.remotes, listings: `${incompatible.url}/mf-manifest.json` } };
    try {
      // The server cannot render with its Node build either: it sends the page for the browser to render.
      for (const path of ['/', '/companies']) {
        const response = await request.get(path);
        expect(response.status(), path).toBe(200);
        expect(isRendered(await response.text()), `${path} is sent unrendered`).toBe(false);
      }
      await page.goto('/');
      await expect(page.getByRole('alert')).toContainText('An error occurred');
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: changedHeading })).toHaveCount(0);
      // The rest of the site still works.
      await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service and Privacy Policy' })).toBeVisible();
    } finally {
      board.config = original;
    }
  });

  test('switching the config to a new listings build picks it up without rebuilding the shell', async ({
    page,
    request,
    board,
  }) => {
    const original = board.config;
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Find your dream job' })).toBeVisible();
    board.config = { ...original, remotes: { ...original.remotes, listings: manifest } };
    try {
      // The server renders with the new build's Node build at once (a new address: nothing cached).
      await servedWhen(request, '/', (html) => rootMarkup(html).includes(`${changedHeading}</h1>`));
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: changedHeading })).toBeVisible();
      await page.goto('/__status');
      await expect(page.getByTestId('listings-version')).toHaveText('changed-e2e');
      await expect(page.getByTestId('shell-version')).not.toHaveText('changed-e2e');
    } finally {
      board.config = original;
    }
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Find your dream job' })).toBeVisible();
  });

  test('a preview from an allowed origin shows the banner and the change, for the session; Exit ends it', async ({
    page,
    request,
    board,
  }) => {
    const original = board.config;
    board.config = { ...original, previewOrigins: [changed.url] };
    try {
      // A preview is the browser's to render: the server sends the page unrendered.
      const previewed = await request.get(
        `/companies?preview_remote=listings&preview_manifest=${encodeURIComponent(manifest)}`,
      );
      expect(previewed.status()).toBe(200);
      expect(isRendered(await previewed.text())).toBe(false);
      await page.goto(`/?preview_remote=listings&preview_manifest=${encodeURIComponent(manifest)}`);
      await expect(page.getByRole('heading', { level: 1, name: changedHeading })).toBeVisible();
      const banner = page.getByRole('status').filter({ hasText: 'Previewing' });
      await expect(banner).toHaveText(new RegExp(`Previewing listings from ${changed.url}`));
      // Other remotes are untouched; the preview survives navigation and reloads in this session.
      await page.goto('/talent-scout');
      await expect(page.getByRole('heading', { level: 1, name: 'Talent Scout' })).toBeVisible();
      await expect(banner).toBeVisible();
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: changedHeading })).toBeVisible();
      await banner.getByRole('button', { name: 'Exit' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Find your dream job' })).toBeVisible();
      await expect(page.getByText('Previewing')).toHaveCount(0);
    } finally {
      board.config = original;
    }
  });

  test('a preview from an origin not on the list is refused with a visible warning', async ({ page, board }) => {
    const original = board.config;
    // A look-alike: same host, another port.
    board.config = { ...original, previewOrigins: [changed.url.replace(/:\d+$/, ':1')] };
    try {
      await page.goto(`/?preview_remote=listings&preview_manifest=${encodeURIComponent(manifest)}`);
      await expect(page.getByRole('alert')).toContainText(
        `Preview refused: ${changed.url} is not allowed to serve previews here.`,
      );
      await expect(page.getByRole('heading', { level: 1, name: 'Find your dream job' })).toBeVisible();
      await page.getByRole('button', { name: 'Dismiss' }).click();
      await expect(page.getByRole('alert')).toHaveCount(0);
    } finally {
      board.config = original;
    }
  });
});
