import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { type StaticServer, serveReleases } from '../../scripts/serve-board';
import type { ReleaseHealthSnapshot } from '../../shared/src/config/release-health';
import type { ReleasePointer } from '../../shared/src/config/release-pointer';
import type { RuntimeConfig } from '../../shared/src/config/runtime-config';
import { ReleaseStore } from '../../shared/src/release/release-store';
import { sharedChangedListings, thrownAfterHydration } from '../support/build';
import { release } from '../support/release-cli';
import { waitForHydration } from '../support/served-html';
import { expect, test } from '../support/test';

interface Listed {
  pointer: ReleasePointer;
  log: { by: string; action: string; version: string; reason?: string; figures?: { canary: { views: number } } }[];
}

/**
 * Canaries that watch themselves (decisions 035, 036): the board's shell server gates `--auto`
 * canaries in a store of the test's own (evaluating every second here, 30 s deployed), from the
 * beacons real browser visits send when they leave the page (each visit waits until it is counted). A listings build that throws once
 * its board has hydrated is rolled back and marked failed while the live release's visitors see
 * no error; a good build is promoted once its window has passed.
 */
test.describe('gated canaries', () => {
  test.describe.configure({ mode: 'serial' });
  let stores: string;
  let server: StaticServer;
  let live: string;
  let throwing: string;
  let good: string;
  let original: RuntimeConfig;
  // Read from the store directly: the CLI runs as a child process the test waits for, and the board's
  // server shares the test's process, so polling through it would stall the server it watches.
  const store = () => new ReleaseStore(path.join(stores, 'local'), 'listings');
  const list = (): Listed => ({ pointer: store().readPointer(), log: store().readLog() as Listed['log'] });
  /** The views counted so far, as the shell's server last wrote them (its health file, every second). */
  const counted = () => {
    const health = store().readHealth() as ReleaseHealthSnapshot | null;
    return `${health?.releases.map((entry) => `${entry.version}:${entry.lastHour.views}`).join(',')}`;
  };

  test.beforeAll(async ({ board }) => {
    // Builds on a machine shared with other work: a limit that catches a hang, not a measure.
    test.setTimeout(600_000);
    stores = mkdtempSync(path.join(tmpdir(), 'board-gated-'));
    const published = (...args: string[]) => {
      const run = release(stores, 'publish', 'listings', ...args);
      expect(run.status, run.stderr).toBe(0);
      return run.last;
    };
    live = published();
    throwing = published('--dist', await sharedChangedListings('throws'));
    good = published('--dist', await sharedChangedListings('changed'));
    expect(release(stores, 'promote', 'listings', live).status).toBe(0);
    server = await serveReleases(path.join(stores, 'local', 'listings'), 0, '127.0.0.1');
    original = board.config;
    board.config = {
      ...original,
      remotes: { ...original.remotes, listings: `${server.url}/mf-manifest.json` },
      releases: { listings: `${server.url}/releases/pointer.json` },
    };
    // The board's shell server gates the store it is pointed at: this process serves it (board.ts).
  });
  test.afterAll(async ({ board }) => {
    if (original) board.config = original;
    await server?.close();
    if (stores) rmSync(stores, { recursive: true, force: true });
  });

  test('a canary that throws after hydration is rolled back and marked failed; live visitors saw no error', async ({
    browser,
    board,
  }) => {
    const started = release(stores, 'canary', 'listings', throwing, '--percent', '50', '--auto', '--min-views', '8');
    expect(started.status, started.stderr).toBe(0);
    const seen: Visit[] = [];
    // New visitors until the gate has rolled the canary back (it needs 8 of its views first).
    for (let index = 0; index < 80 && list().pointer.canary; index++)
      seen.push(await visit(browser, board.url, throwing, counted, () => list().pointer));
    await expect.poll(() => list().pointer.canary).toBeNull();

    const listed = list();
    expect(listed.pointer).toMatchObject({ live, failed: [throwing] });
    const decision = listed.log.at(-1);
    expect(decision).toMatchObject({ by: 'gate', action: 'rollback', version: throwing });
    expect(decision?.reason).toMatch(/^error rate \d+\.\d% against live's 0\.0%/);
    expect(decision?.figures?.canary.views).toBeGreaterThanOrEqual(8);
    // The canary's visitors met the defect; the live release's saw nothing wrong.
    const onLive = seen.filter((visit) => visit.version === live);
    expect(onLive.length).toBeGreaterThan(0);
    expect(onLive.flatMap((visit) => visit.errors)).toEqual([]);
    expect(seen.filter((visit) => visit.version === throwing).flatMap((visit) => visit.errors)).toContain(
      thrownAfterHydration,
    );
    // A failed version is refused without --force.
    const refused = release(stores, 'canary', 'listings', throwing, '--percent', '10');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/failed its canary/);
    // New visitors get live again once the server has read the pointer (it keeps one 5 s). One
    // answer naming live proves nothing while the canary is on (half of new visitors get live):
    // the server's copy has no canary once it no longer gives a new visitor a release cookie.
    await expect
      .poll(async () => {
        const response = await fetch(new URL('/', board.url));
        return [response.headers.get('x-board-releases'), response.headers.get('set-cookie')];
      })
      .toEqual([expect.stringContaining(`listings=${live},`), null]);
    const next = await visit(browser, board.url, throwing, counted, () => list().pointer);
    expect(next).toEqual({ version: live, errors: [] });
  });

  test('a good canary is promoted once its window has passed, and `release health` counts its visitors', async ({
    browser,
    board,
  }) => {
    const started = release(
      stores,
      'canary',
      'listings',
      good,
      '--percent',
      '50',
      '--auto',
      '--window',
      '5',
      '--min-views',
      '4',
    );
    expect(started.status, started.stderr).toBe(0);
    const seen: Visit[] = [];
    for (let index = 0; index < 60 && list().pointer.live !== good && list().pointer.canary; index++)
      seen.push(await visit(browser, board.url, throwing, counted, () => list().pointer));
    await expect.poll(() => list().pointer.live).toBe(good);
    expect(list().log.at(-1), 'the gate’s decision').toMatchObject({ by: 'gate', action: 'promote', version: good });
    expect(list().pointer).toMatchObject({ previous: live, canary: null });
    expect(list().log.at(-1)).toMatchObject({ by: 'gate', action: 'promote', version: good });
    expect(seen.flatMap((visit) => visit.errors)).toEqual([]);

    // What the visitors of the releases reported, as the shell's server last wrote it (every second here).
    const onGood = seen.filter((visit) => visit.version === good).length;
    await expect
      .poll(() => {
        const health = store().readHealth() as ReleaseHealthSnapshot | null;
        const current = health?.releases.find((entry) => entry.role === 'live');
        return [current?.version, current?.lastHour.views, current?.lastHour.errors];
      })
      .toEqual([good, onGood, 0]);
    // The shell's server's metrics count the same views, and the gate's decisions.
    const metrics = await (await fetch(board.metricsUrl)).text();
    const series = (name: string, labels: string[]) =>
      metrics
        .split('\n')
        .find((line) => line.startsWith(`${name}{`) && labels.every((label) => line.includes(label)))
        ?.split(' ')
        .at(-1);
    expect(series('board_beacon_views_total', [`version="${good}"`])).toBe(String(onGood));
    expect(Number(series('board_release_gate_decisions_total', ['decision="rollback"']))).toBeGreaterThanOrEqual(1);
    expect(Number(series('board_release_gate_decisions_total', ['decision="promote"']))).toBe(1);
    // `pnpm release health --json` prints that file.
    const printed = JSON.parse(release(stores, 'health', 'listings', '--json').stdout) as ReleaseHealthSnapshot;
    expect(printed.releases[0]).toMatchObject({ role: 'live', version: good });
    expect(printed.releases[0]?.lastHour.views).toBeGreaterThanOrEqual(onGood);
  });
});

interface Visit {
  version: string;
  errors: string[];
}

/**
 * A new visitor (a browser context of their own) loads the board, waits for it to hydrate (and,
 * on the throwing release, for its error), then leaves: the page's beacon goes as it is hidden.
 */
async function visit(
  browser: Browser,
  baseURL: string,
  throwing: string,
  counted: () => string,
  pointer: () => ReleasePointer,
): Promise<Visit> {
  const context = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const response = await page.goto('/');
    const version = /listings=([^,]+)/.exec(response?.headers()['x-board-releases'] ?? '')?.[1] ?? '';
    await waitForHydration(page);
    if (version === throwing) await expect.poll(() => errors.length).toBeGreaterThan(0);
    const before = counted();
    await page.goto('about:blank');
    // A release the pointer no longer names (the server's copy was a few seconds old) counts nothing.
    const { live, canary, previous } = pointer();
    if (![live, canary?.version, previous].includes(version)) return { version, errors };
    // The beacon left with the page: the server has counted it once the health it writes says so.
    await expect.poll(counted, { message: 'the view was counted' }).not.toBe(before);
    return { version, errors };
  } finally {
    await context.close();
  }
}
