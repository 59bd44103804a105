import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countsOfView, figuresOf, type ReleaseHealthSnapshot, refusedOf } from '../../shared/src/config/release-health';
import { canaryFailed } from '../../shared/src/release/pointer-changes';
import { ReleaseStore } from '../../shared/src/release/release-store';
import { runRelease } from './release-commands';

let dir: string;
let printed: string[];
const run = (...argv: string[]) =>
  runRelease(argv, {
    storeRoot: (environment) => path.join(dir, 'stores', environment),
    distDir: (app) => path.join(dir, `${app}-dist`),
    buildIfNeeded: async () => {},
    print: (line) => printed.push(line),
  });
const runAt = (now: () => number, ...argv: string[]) =>
  runRelease(argv, {
    storeRoot: (environment) => path.join(dir, 'stores', environment),
    distDir: (app) => path.join(dir, `${app}-dist`),
    buildIfNeeded: async () => {},
    print: (line) => printed.push(line),
    now,
  });
const store = () => new ReleaseStore(path.join(dir, 'stores', 'local'), 'listings');

async function publish(version: string) {
  const folder = path.join(dir, version);
  const manifest = JSON.stringify({ name: 'board_listings', metaData: { buildInfo: { buildVersion: version } } });
  mkdirSync(path.join(folder, 'server'), { recursive: true });
  writeFileSync(path.join(folder, 'mf-manifest.json'), manifest);
  writeFileSync(path.join(folder, 'server', 'mf-manifest.json'), manifest);
  await run('publish', 'listings', '--dist', folder);
}

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'release-gate-commands-'));
  printed = [];
  for (const version of ['v1', 'v2', 'v3']) await publish(version);
  await run('promote', 'listings', 'v1');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('pnpm release canary --auto', () => {
  it('writes the gate into the pointer: 600 s and 200 views by default, or as given', async () => {
    await run('canary', 'listings', 'v2', '--percent', '50', '--auto');
    expect(store().readPointer().canary).toMatchObject({
      version: 'v2',
      percent: 50,
      auto: { windowSeconds: 600, minViews: 200, startedAt: expect.any(String) },
    });
    await run('canary', 'listings', 'v2', '--percent', '50', '--auto', '--window', '60', '--min-views', '20');
    expect(store().readPointer().canary?.auto).toMatchObject({ windowSeconds: 60, minViews: 20 });
    expect(printed.at(-1)).toMatch(/promotes it after 60 s with at least 20 views, or rolls it back/);
    // A plain canary has no gate.
    await run('canary', 'listings', 'v2', '--percent', '10');
    expect(store().readPointer().canary).toEqual({ version: 'v2', percent: 10 });
  });

  it.each([
    [['--window', '60'], /--window and --min-views go with --auto/],
    [['--auto', '--window', '0'], /--window must be a whole number from 1/],
    [['--auto', '--min-views', 'many'], /--min-views must be a whole number/],
  ])('refuses %j', async (flags, message) => {
    await expect(run('canary', 'listings', 'v2', '--percent', '50', ...flags)).rejects.toThrow(message);
    expect(store().readPointer().canary).toBeNull();
  });
});

describe('a version its gate rolled back', () => {
  beforeEach(async () => {
    await run('canary', 'listings', 'v2', '--percent', '50', '--auto');
    const rolledBack = canaryFailed(store().readPointer());
    store().writePointer(rolledBack);
    store().appendLog({
      by: 'gate',
      action: 'rollback',
      version: 'v2',
      reason: 'error rate 40.0% against live’s 0.0%',
    });
  });

  it('is refused by canary and promote without --force, and changes nothing', async () => {
    const before = store().readPointer();
    await expect(run('canary', 'listings', 'v2', '--percent', '10')).rejects.toThrow(/v2 failed its canary.*--force/);
    await expect(run('promote', 'listings', 'v2')).rejects.toThrow(/v2 failed its canary/);
    expect(store().readPointer()).toEqual(before);
    // Another version is not.
    await run('canary', 'listings', 'v3', '--percent', '10');
    expect(store().readPointer()).toMatchObject({ canary: { version: 'v3' }, failed: ['v2'] });
  });

  it('is taken with --force, and is no longer marked failed', async () => {
    await run('promote', 'listings', 'v2', '--force');
    expect(store().readPointer()).toMatchObject({ live: 'v2', previous: 'v1' });
    expect(store().readPointer().failed).toBeUndefined();
  });

  it('is marked in `list`, whose log says who did what and why', async () => {
    await run('list', 'listings');
    expect(printed).toContain(printed.find((line) => /^v2 .*failed$/.test(line)));
    expect(printed.join('\n')).toMatch(
      /cli {2}promote v1\n.*cli {2}canary v2: 50% of new visitors, gated: 600 s window, 200 views\n.*gate {2}rollback v2: error rate 40\.0%/,
    );
    printed = [];
    await run('list', 'listings', '--json');
    const listed = JSON.parse(printed.join('\n'));
    expect(listed.pointer.failed).toEqual(['v2']);
    expect(listed.log.at(-1)).toMatchObject({ by: 'gate', action: 'rollback', version: 'v2' });
  });
});

describe('pnpm release health', () => {
  it('prints what the shell’s server last wrote, when it read it and how long ago, or --json as it is with its age', async () => {
    await expect(run('health', 'listings')).rejects.toThrow(/No health of listings in local yet/);
    const figures = figuresOf(countsOfView({ errors: ['remote'], lcp: 900, inp: 40, cls: 0.01 }));
    const refused = { ...refusedOf({ 'refused:forged': 25, 'refused:over-cap': 2 }) };
    const snapshot: ReleaseHealthSnapshot = {
      app: 'listings',
      at: '2026-11-29T10:00:00.000Z',
      counts: 'redis',
      releases: [
        { role: 'live', version: 'v1', last10Minutes: figures, lastHour: figures },
        { role: 'canary', version: 'v2', percent: 50, last10Minutes: figures, lastHour: figures },
      ],
      refused: { last10Minutes: refusedOf({}), lastHour: refused },
    };
    store().writeHealth(snapshot);
    printed = [];
    const at = (seconds: number) => () => Date.parse(snapshot.at) + seconds * 1000;
    await runAt(at(18), 'health', 'listings');
    const readAt = new Date(snapshot.at).toLocaleTimeString('en-GB', { hour12: false });
    expect(printed[0]).toBe(`listings (local), as of ${readAt}, 18 s ago, counted in redis:`);
    expect(printed.join('\n')).toMatch(
      /canary 50% v2\n {2}last 10 minutes +1 views {2}errors 100\.0% {2}p75 LCP 950 ms {2}INP 46 ms {2}CLS 0\.008/,
    );
    expect(printed).toContain('refused beacons: last 10 minutes 0, last hour 27 (forged 25, over-cap 2)');
    printed = [];
    await runAt(at(31), 'health', 'listings', '--json');
    expect(JSON.parse(printed.join('\n'))).toEqual({ ...snapshot, ageSeconds: 31 });
  });
});
