import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReleaseStore } from '../../shared/src/release/release-store';
import { serveReleases } from '../serve-board';
import { liveManifestUrl, publishCurrentBuild } from './publish-current';
import { versionOfBuild } from './release-build';
import { type ReleaseContext, runRelease } from './release-commands';

let dir: string;
let printed: string[];
let built: string[];
const context = (): ReleaseContext => ({
  storeRoot: (environment) => path.join(dir, 'stores', environment),
  distDir: (app) => path.join(dir, `${app}-dist`),
  buildIfNeeded: async (app) => {
    built.push(app);
  },
  print: (line) => printed.push(line),
});
const run = (...argv: string[]) => runRelease(argv, context());

/** A build folder of `app` with both halves stamped `buildVersion` (or its Node half left out). */
function fakeBuild(folder: string, buildVersion: string, options: { node?: boolean; app?: string } = {}) {
  const manifest = JSON.stringify({
    name: `board_${options.app ?? 'listings'}`,
    metaData: { buildInfo: { buildVersion } },
  });
  mkdirSync(path.join(folder, 'server'), { recursive: true });
  writeFileSync(path.join(folder, 'mf-manifest.json'), manifest);
  writeFileSync(path.join(folder, 'main.js'), `/* ${buildVersion} */`);
  writeFileSync(path.join(folder, 'main.js.map'), '{}');
  if (options.node !== false) writeFileSync(path.join(folder, 'server', 'mf-manifest.json'), manifest);
  return folder;
}
const store = () => new ReleaseStore(path.join(dir, 'stores', 'local'), 'listings');
const publish = async (buildVersion: string) => {
  await run('publish', 'listings', '--dist', fakeBuild(path.join(dir, buildVersion), buildVersion));
  return printed.at(-1) as string;
};

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'release-commands-'));
  printed = [];
  built = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('pnpm release', () => {
  it('publishes a build under a version made from its stamp, printed last, without source maps', async () => {
    fakeBuild(path.join(dir, 'listings-dist'), 'abc1234@2026-11-24T21:29:03.284Z');
    await run('publish', 'listings');
    expect(built).toEqual(['listings']);
    expect(printed.at(-1)).toBe('20261124T212903.284Z-abc1234');
    const release = path.join(store().dir, '20261124T212903.284Z-abc1234');
    expect(readFileSync(path.join(release, 'main.js'), 'utf8')).toContain('abc1234');
    expect(() => readFileSync(path.join(release, 'main.js.map'))).toThrow();
  });

  it('moves live, previous and the canary as promote, canary and rollback say', async () => {
    const [a, b, c] = [await publish('a'), await publish('b'), await publish('c')];
    await run('promote', 'listings', a);
    await run('promote', 'listings', b);
    expect(store().readPointer()).toMatchObject({ live: b, previous: a, canary: null });
    await run('canary', 'listings', c, '--percent', '10');
    expect(store().readPointer()).toMatchObject({ live: b, previous: a, canary: { version: c, percent: 10 } });
    await run('rollback', 'listings');
    expect(store().readPointer()).toMatchObject({ live: a, previous: b, canary: { version: c, percent: 10 } });
    // Promoting the canary ends it.
    await run('promote', 'listings', c);
    expect(store().readPointer()).toMatchObject({ live: c, previous: a, canary: null });
    await run('canary', 'listings', b, '--percent', '50');
    await run('canary', 'listings', b, '--percent', '0');
    expect(store().readPointer().canary).toBeNull();
  });

  it('prunes all but the newest N, never live, canary or previous', async () => {
    const versions = [];
    for (const name of ['r1', 'r2', 'r3', 'r4', 'r5', 'r6']) versions.push(await publish(name));
    await run('promote', 'listings', 'r1');
    await run('promote', 'listings', 'r2');
    await run('canary', 'listings', 'r3', '--percent', '5');
    await run('prune', 'listings', '--keep', '1');
    expect(
      store()
        .list()
        .map((info) => info.version)
        .sort(),
    ).toEqual(['r1', 'r2', 'r3', 'r6']);
  });

  it.each([
    [['publish', 'listings', '--dist', 'MISSING_NODE'], /has no Node build/],
    [['publish', 'listings', '--dist', 'OTHER_APP'], /is a build of board_apply, not of listings/],
    [
      ['publish', 'listings', '--dist', 'SKEWED'],
      /its browser build \(s1\) and its Node build \(s2\) are not one build/,
    ],
    [['publish', 'listings', '--dist', 'EXISTING'], /already published/],
    [['publish', 'shell'], /Unknown app "shell"/],
    [['promote', 'listings', 'nope'], /Unknown version "nope"/],
    [['promote', 'listings', 'live1'], /is live already/],
    [['canary', 'listings', 'live1', '--percent', '10'], /is the live version, not a canary/],
    [['canary', 'listings', 'other', '--percent', '101'], /--percent must be a whole number from 0 to 100/],
    [['canary', 'listings', 'other'], /--percent must be a whole number/],
    [['rollback', 'listings'], /no previous version/],
    [['prune', 'listings', '--keep', '-1'], /needs a value|--keep must be/],
    [['list', 'listings', '--env', 'qa'], /--env must be one of local, staging, production/],
    [['deploy', 'listings'], /Unknown command "deploy"/],
  ])('refuses %j and changes nothing', async (argv, message) => {
    await publish('live1');
    await publish('other');
    await run('promote', 'listings', 'live1');
    const folders: Record<string, string> = {
      MISSING_NODE: fakeBuild(path.join(dir, 'b1'), 'n1', { node: false }),
      OTHER_APP: fakeBuild(path.join(dir, 'b2'), 'o1', { app: 'apply' }),
      SKEWED: fakeBuild(path.join(dir, 'b3'), 's1'),
      EXISTING: path.join(dir, 'live1'),
    };
    writeFileSync(
      path.join(dir, 'b3', 'server', 'mf-manifest.json'),
      JSON.stringify({ name: 'board_listings', metaData: { buildInfo: { buildVersion: 's2' } } }),
    );
    const before = [store().list(), store().readPointer()];
    await expect(
      runRelease(
        argv.map((arg) => folders[arg] ?? arg),
        context(),
      ),
    ).rejects.toThrow(message);
    expect([store().list(), store().readPointer()]).toEqual(before);
  });

  it('reads the version of a build stamped otherwise as it is, cleaned', () => {
    expect(versionOfBuild('v2-e2e')).toBe('v2-e2e');
    expect(versionOfBuild('release 7/rc')).toBe('release-7-rc');
  });
});

describe('publishCurrentBuild (npm start)', () => {
  it('publishes and promotes the current build the first time, and leaves the pointer alone after', async () => {
    const root = path.join(dir, 'stores', 'local');
    fakeBuild(path.join(dir, 'cur'), 'first');
    expect(publishCurrentBuild(root, 'listings', path.join(dir, 'cur'))).toMatch(/published and promoted .*first/);
    await publish('second');
    await run('promote', 'listings', 'second');
    expect(publishCurrentBuild(root, 'listings', path.join(dir, 'cur'))).toBe('listings: live second');
    expect(store().readPointer()).toMatchObject({ live: 'second', previous: 'first' });
  });

  it("names the manifest it serves: the live release's, which answers where the plain remote address does not", async () => {
    const root = path.join(dir, 'stores', 'local');
    publishCurrentBuild(root, 'listings', fakeBuild(path.join(dir, 'cur'), 'first'));
    const server = await serveReleases(path.join(root, 'listings'), 0, '127.0.0.1');
    try {
      const manifest = liveManifestUrl(root, 'listings', `${server.url}/releases/pointer.json`);
      expect(manifest).toBe(`${server.url}/releases/first/mf-manifest.json`);
      const answer = await fetch(manifest ?? '');
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ name: 'board_listings' });
      expect((await fetch(`${server.url}/mf-manifest.json`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('promotes the current build when it was published but nothing is live yet', async () => {
    const root = path.join(dir, 'stores', 'local');
    await run('publish', 'listings', '--dist', fakeBuild(path.join(dir, 'cur'), 'first'));
    expect(publishCurrentBuild(root, 'listings', path.join(dir, 'cur'))).toMatch(/published and promoted .*first/);
    expect(store().readPointer().live).toBe('first');
  });
});
