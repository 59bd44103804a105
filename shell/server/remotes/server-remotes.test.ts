import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildNodeRemote, type NodeRemoteBuild } from '../test/node-remote-fixture';
import { type Answer, serveFiles, serveOrigin, type TestOrigin } from '../test/test-origin';
import { ManifestCache, type RemoteManifest } from './manifest-cache';
import { ServerRemotes } from './server-remotes';

/** Code that must never run: it marks the process if it does. */
const hostileCode = 'globalThis.__boardHostileRan = true;';
const hostileRan = () => (globalThis as { __boardHostileRan?: boolean }).__boardHostileRan === true;
const sendHostile = (response: ServerResponse, status = 200) =>
  response.writeHead(status, { 'Content-Type': 'text/javascript' }).end(hostileCode);

const loadTimeoutMs = 500;
/** The address of the container or of the page's chunk, under the remote's folder. */
const pathOf = (file: 'entry' | 'chunk') => (file === 'entry' ? '/server/remoteEntry.js' : build.chunkPath);

let build: NodeRemoteBuild;
beforeAll(async () => {
  build = await buildNodeRemote();
});

let opened: TestOrigin[] = [];
let remotes: ServerRemotes | undefined;
afterEach(async () => {
  remotes?.close();
  remotes = undefined;
  await Promise.all(opened.map((origin) => origin.close()));
  opened = [];
  delete (globalThis as { __boardHostileRan?: boolean }).__boardHostileRan;
});

/**
 * The listings remote deployed on an origin of its own, each path answered by `answers` when it
 * holds it (by pathname), else from the build's folder.
 */
async function deploy(answers: Record<string, Answer> = {}) {
  const files = serveFiles(build.dir);
  const origin = await serveOrigin((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://fixture');
    (answers[pathname] ?? files)(request, response);
  });
  opened.push(origin);
  return origin;
}

/** Another origin, whose every answer is code that must never run. */
async function elsewhere() {
  const origin = await serveOrigin((_request, response) => sendHostile(response));
  opened.push(origin);
  return origin;
}

/** The browser manifest a page carries: where the remote is configured, and its build. */
const browserManifest = (origin: string) =>
  ({
    text: '{}',
    url: `${origin}/mf-manifest.json`,
    metaData: { buildInfo: { buildVersion: build.buildVersion } },
  }) as RemoteManifest;

function loadPage(origin: string) {
  remotes ??= new ServerRemotes({ manifests: new ManifestCache({ ttlMs: 0 }), loadTimeoutMs });
  return remotes.page('listings', browserManifest(origin), './job-detail-page');
}

/** Settles as `promise` does, or rejects after `ms`: a test of a deadline fails instead of hanging. */
function by<T>(ms: number, promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still pending after ${ms} ms`)), ms)),
  ]);
}

describe('ServerRemotes', () => {
  it("loads a page's component from its remote's Node build", async () => {
    const listings = await deploy();
    const Page = await loadPage(listings.origin);
    expect((Page as () => string)()).toBe('fixture page');
    expect(listings.requests).toEqual([
      '/server/mf-manifest.json',
      expect.stringMatching(/^\/server\/remoteEntry\.js\?v=/),
      build.chunkPath,
    ]);
  });

  it.each([
    ['an absolute entry', (other: string) => ({ name: `${other}/server/remoteEntry.js` })],
    [
      'a protocol-relative entry path',
      (other: string) => ({ path: `//${new URL(other).host}/server`, name: 'remoteEntry.js' }),
    ],
  ])('refuses a Node manifest with %s on another origin, and runs nothing from there', async (_, entry) => {
    const other = await elsewhere();
    const manifest = JSON.parse(readFileSync(`${build.dir}/server/mf-manifest.json`, 'utf8'));
    manifest.metaData.remoteEntry = { ...manifest.metaData.remoteEntry, path: '', ...entry(other.origin) };
    const listings = await deploy({
      '/server/mf-manifest.json': (_request, response) => response.end(JSON.stringify(manifest)),
    });
    await expect(loadPage(listings.origin)).rejects.toThrow(/refused/);
    expect(other.requests).toEqual([]);
    expect(hostileRan()).toBe(false);
  });

  it.each(['entry', 'chunk'] as const)('refuses a redirect of the %s, to another origin or its own', async (file) => {
    const path = pathOf(file);
    const other = await elsewhere();
    const redirectTo =
      (location: string): Answer =>
      (_request, response) =>
        response.writeHead(302, { Location: location }).end();
    const away = await deploy({ [path]: redirectTo(`${other.origin}${path}`) });
    await expect(loadPage(away.origin)).rejects.toThrow();
    expect(other.requests).toEqual([]);
    // Within the origin too: a deployed folder answers its own files in place.
    const within = await deploy({
      [path]: redirectTo('/hostile.js'),
      '/hostile.js': (_request, response) => sendHostile(response),
    });
    await expect(loadPage(within.origin)).rejects.toThrow();
    expect(within.requests).not.toContain('/hostile.js');
    expect(hostileRan()).toBe(false);
  });

  it.each(['entry', 'chunk'] as const)(
    'evaluates no error answer for the %s (a 404 with code in its body), and keeps no failure',
    async (file) => {
      const answers: Record<string, Answer> = { [pathOf(file)]: (_request, response) => sendHostile(response, 404) };
      const listings = await deploy(answers);
      await expect(loadPage(listings.origin)).rejects.toThrow(/404/);
      expect(hostileRan()).toBe(false);
      // Deployed again: the next page loads it.
      delete answers[pathOf(file)];
      expect(((await loadPage(listings.origin)) as () => string)()).toBe('fixture page');
    },
  );

  it.each(['entry', 'chunk'] as const)(
    "gives up on a hung %s within the load's time, and loads it as soon as the remote answers again",
    async (file) => {
      const path = pathOf(file);
      let hanging = true;
      const files = serveFiles(build.dir);
      const listings = await deploy({
        [path]: (request, response) => {
          if (!hanging) files(request, response);
        },
      });
      // The load's own deadline ends it (its message), not the test's guard against a hang, which
      // gives a busy machine minutes: a timer of the load's time may fire seconds late there.
      await expect(by(120_000, loadPage(listings.origin))).rejects.toThrow(/not loaded in/);
      hanging = false;
      // The next page does not wait on the hung request: it fetches again, and renders.
      const Page = await by(120_000, loadPage(listings.origin));
      expect((Page as () => string)()).toBe('fixture page');
    },
  );

  it("lets a load slower than a page's render budget finish, so the pages after it render", async () => {
    // A busy machine: the container comes after more than production's 1 s render budget.
    const delayMs = 1_500;
    const files = serveFiles(build.dir);
    const listings = await deploy({
      '/server/remoteEntry.js': (request, response) => void setTimeout(() => files(request, response), delayMs),
    });
    // Production's own ServerRemotes, as createShellServer makes it.
    remotes = new ServerRemotes({ manifests: new ManifestCache({ ttlMs: 0 }) });
    const page = () =>
      (remotes as ServerRemotes).page('listings', browserManifest(listings.origin), './job-detail-page');
    // The first page waits within its budget (as page-route.ts does) and is sent unrendered...
    await expect(by(1_000, page())).rejects.toThrow(/still pending/);
    // ...while its load goes on: a page a moment later renders, from the same one load.
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    const Page = await by(120_000, page());
    expect((Page as () => string)()).toBe('fixture page');
    expect(listings.requests.filter((request) => request.includes('remoteEntry.js'))).toHaveLength(1);
  });

  it('renders two releases of one remote side by side (live and a canary), each with its own code', async () => {
    const canary = await buildNodeRemote('canary page');
    const live = serveFiles(build.dir);
    const next = serveFiles(canary.dir);
    // Both releases under one origin, as a release store serves them.
    const store = await serveOrigin((request, response) => {
      const url = new URL(request.url ?? '/', 'http://fixture');
      const match = /^\/releases\/(live|canary)(\/.*)$/.exec(url.pathname);
      if (!match) return response.writeHead(404).end();
      request.url = `${match[2]}${url.search}`;
      (match[1] === 'live' ? live : next)(request, response);
    });
    opened.push(store);
    remotes = new ServerRemotes({ manifests: new ManifestCache({ ttlMs: 0 }), loadTimeoutMs: 5_000 });
    const release = (name: 'live' | 'canary', buildVersion: string) =>
      ({
        text: '{}',
        url: `${store.origin}/releases/${name}/mf-manifest.json`,
        metaData: { buildInfo: { buildVersion } },
      }) as RemoteManifest;
    const page = (name: 'live' | 'canary', module: string) =>
      (remotes as ServerRemotes)
        .page('listings', release(name, name === 'live' ? build.buildVersion : canary.buildVersion), module)
        .then((Page) => (Page as () => string)());
    expect(await page('live', './job-detail-page')).toBe('fixture page');
    expect(await page('canary', './job-detail-page')).toBe('canary page');
    // A module not loaded yet, of the release loaded first: its chunk comes from its own release.
    expect(await page('live', './companies-page')).toBe('fixture page (companies)');
    // Loaded together, alternately.
    expect(await Promise.all([page('canary', './companies-page'), page('live', './job-detail-page')])).toEqual([
      'canary page (companies)',
      'fixture page',
    ]);
    expect(store.requests.filter((request) => request.includes('remoteEntry.js'))).toHaveLength(2);
  });
});
