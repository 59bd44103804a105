import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app as listings } from '../../remote-listings/rspack.config';
import { type StaticServer, serveRemote } from '../../scripts/serve-board';
import { buildApp } from '../support/build';
import { expect, test } from '../support/test';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const changedHeading = 'Find your next startup job';

/**
 * A second build of the listings remote with a visible change, as a team would deploy it: the
 * same source with the board heading reworded, built into its own folder. The shell is not
 * rebuilt: every test here runs against the shell built once by `pnpm build`.
 */
async function buildChangedListings(options: { reactRange?: string; version?: string } = {}): Promise<string> {
  const variantDir = path.join(rootDir, `remote-listings/.e2e-variant-${options.version ?? 'v2'}`);
  rmSync(variantDir, { recursive: true, force: true });
  mkdirSync(variantDir, { recursive: true });
  cpSync(path.join(rootDir, 'remote-listings/src'), path.join(variantDir, 'src'), { recursive: true });
  for (const file of ['package.json', 'index.html'])
    cpSync(path.join(rootDir, 'remote-listings', file), path.join(variantDir, file));
  if (options.reactRange) {
    // Built against a React the shell does not provide: its singletons cannot be satisfied.
    const packageFile = path.join(variantDir, 'package.json');
    const pkg = JSON.parse(readFileSync(packageFile, 'utf8'));
    pkg.dependencies.react = options.reactRange;
    pkg.dependencies['react-dom'] = options.reactRange;
    writeFileSync(packageFile, JSON.stringify(pkg));
  }
  const page = path.join(variantDir, 'src/features/jobs/jobs-page.tsx');
  writeFileSync(page, readFileSync(page, 'utf8').replaceAll("'Find your dream job'", `'${changedHeading}'`));
  const styles = path.join(variantDir, 'src/styles.css');
  writeFileSync(styles, readFileSync(styles, 'utf8').replace('../../shared/src', '../../../shared/src'));
  const outDir = mkdtempSync(path.join(tmpdir(), 'board-listings-v2-'));
  await buildApp(
    { ...listings, dir: variantDir },
    { mode: 'production', outDir, buildVersion: `${options.version ?? 'v2'}-e2e` },
  );
  rmSync(variantDir, { recursive: true, force: true });
  return outDir;
}

test.describe('independent deploys', () => {
  test.describe.configure({ mode: 'serial' });
  let changed: StaticServer;
  let incompatible: StaticServer;
  let manifest: string;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    changed = await serveRemote('listings', 0, '127.0.0.1', await buildChangedListings());
    manifest = `${changed.url}/mf-manifest.json`;
    incompatible = await serveRemote(
      'listings',
      0,
      '127.0.0.1',
      await buildChangedListings({ reactRange: '^20.0.0', version: 'v3' }),
    );
  });
  test.afterAll(async () => {
    await changed?.close();
    await incompatible?.close();
  });

  test('a remote built against an incompatible React fails into the error panel, not a blank page', async ({
    page,
    board,
    guard,
  }) => {
    guard.allowConsoleErrors(/RUNTIME-|Federation Runtime|version|Failed to load/i);
    const original = board.config;
    board.config = { ...original, remotes: { ...original.remotes, listings: `${incompatible.url}/mf-manifest.json` } };
    try {
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
    board,
  }) => {
    const original = board.config;
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Find your dream job' })).toBeVisible();
    board.config = { ...original, remotes: { ...original.remotes, listings: manifest } };
    try {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: changedHeading })).toBeVisible();
      await page.goto('/__status');
      await expect(page.getByTestId('listings-version')).toHaveText('v2-e2e');
      await expect(page.getByTestId('shell-version')).not.toHaveText('v2-e2e');
    } finally {
      board.config = original;
    }
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Find your dream job' })).toBeVisible();
  });

  test('a preview from an allowed origin shows the banner and the change, for the session; Exit ends it', async ({
    page,
    board,
  }) => {
    const original = board.config;
    board.config = { ...original, previewOrigins: [changed.url] };
    try {
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
