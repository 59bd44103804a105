import type { RemoteName } from '@board/shared/config/remotes';
import { federationName, type RemotePageModule } from '@board/shared/lib/federation';
import { createInstance } from '@module-federation/runtime';
import type { ComponentType } from 'react';
import { type BuildInstances, forgetBuild, restoreInstances, takeInstances } from './federation-instances';
import { ManifestCache, type RemoteManifest } from './manifest-cache';
import { type PinnedRemote, pinnedRemote } from './pinned-remote';
import { providedShared } from './provided-singletons';

/**
 * The remotes' Node builds, loaded at runtime the way the browser loads their browser builds:
 * each remote deploys `server/mf-manifest.json` beside its `mf-manifest.json` (see
 * rspack/server-build.ts), the server finds it through the runtime config, and the federation runtime
 * loads its `commonjs-module` container over HTTP (its chunks come over HTTP too, through
 * `@module-federation/node`'s runtime plugin built into the remote), from the origin of the
 * remote's configured manifest only, with no redirects and a timeout (pinned-remote.ts).
 *
 * The manifest is read again after `ttlMs` (ManifestCache); when its build changed, the next page
 * loads the new build in a new federation instance, so a redeployed remote is rendered within
 * seconds with no restart and no shell rebuild. React, the router, TanStack Query, sonner and the
 * shared contexts come from this server (the Node builds bundle none of them; provided-singletons.ts),
 * so the shell's providers and a remote's hooks meet in one module instance.
 */
const serverManifestUrl = (browserManifestUrl: string) => new URL('server/mf-manifest.json', browserManifestUrl).href;

interface LoadedBuild extends BuildInstances {
  /** The Node manifest's address and text: another of either is another build. */
  build: string;
  pages: Map<string, Promise<ComponentType>>;
  load: (request: string) => Promise<RemotePageModule | null>;
  pin: PinnedRemote;
}

/** Builds of one remote kept loaded at once (live, a canary, and one more while a change settles). */
const buildsKept = 3;

interface NodeManifest extends RemoteManifest {
  shared?: { name: string }[];
}

const buildVersion = (manifest: RemoteManifest) =>
  (manifest as { metaData?: { buildInfo?: { buildVersion?: string } } }).metaData?.buildInfo?.buildVersion;

let instances = 0;
export interface ServerRemotesOptions {
  manifests?: ManifestCache;
  /**
   * How long loading a page's module (the container, its chunk, each fetch) may take. A load still
   * pending then is given up and its fetches cut, so the next page tries again. It is not the
   * render budget: a page waits for its module no longer than its own budget (page-route.ts) and is
   * sent for the browser to render, while the load goes on for the next page. Cut at the budget, a
   * load that takes longer on a busy machine (evaluating a container, a slow chunk) would be started
   * again by every page and never end: the server would never render.
   */
  loadTimeoutMs?: number;
}

/**
 * Releases: two builds of one remote (live and a canary) are rendered side by side. The runtime
 * finds instances and chunk addresses through its one global list, by the remote's name (see
 * forgetBuild in federation-instances.ts), so one build of a remote is *active* at a time: its
 * instances are in the list, the others' are set aside (`stashed`). Loading a page module (the
 * container, its chunks) runs with its build active; loads of the same build run together, another
 * build's wait for them to end (each is bounded by `loadTimeoutMs`; a page meanwhile is sent
 * unrendered when its budget runs out). A page component, once loaded, renders with no list.
 */
interface Gate {
  build: LoadedBuild;
  running: number;
  idle: Promise<void>;
  done: () => void;
}

export class ServerRemotes {
  /** The builds of each remote kept loaded, least recently used first. */
  private builds = new Map<RemoteName, LoadedBuild[]>();
  private active = new Map<RemoteName, LoadedBuild>();
  private gates = new Map<RemoteName, Gate>();
  private readonly manifests: ManifestCache;
  private readonly loadTimeoutMs: number;

  constructor(options: ServerRemotesOptions = {}) {
    this.manifests = options.manifests ?? new ManifestCache();
    this.loadTimeoutMs = options.loadTimeoutMs ?? 10_000;
  }

  /**
   * The page component of `module` from the remote whose browser manifest is `browser` (the one
   * the page carries). Rejects when the Node build cannot be had (not deployed, unreachable,
   * failing to evaluate) or is not the same build as the browser's: during a deploy the two
   * manifests can be read seconds apart, and markup from one build does not hydrate with the other.
   * The caller bounds its own wait (a page's render budget): the load is shared with later pages.
   */
  async page(remote: RemoteName, browser: RemoteManifest, module: string): Promise<ComponentType> {
    const url = serverManifestUrl(browser.url);
    const manifest = (await this.manifests.get(url)) as NodeManifest | null;
    if (!manifest) throw new Error(`no Node build of the ${remote} remote at ${url}`);
    if (buildVersion(manifest) !== buildVersion(browser))
      throw new Error(
        `the ${remote} remote's Node build (${buildVersion(manifest)}) is not its browser build (${buildVersion(browser)}) yet`,
      );
    const build = this.buildOf(remote, manifest);
    const cached = build.pages.get(module);
    if (cached) return cached;
    const page = this.withBuild(remote, build, () => {
      const loading = build.load(`${federationName(remote)}/${module.replace(/^\.\//, '')}`).then((loaded) => {
        if (!loaded || typeof loaded.default !== 'function')
          throw new Error(`${remote} ${module} has no page component`);
        return loaded.default;
      });
      return within(loading, this.loadTimeoutMs, `${remote} ${module}`, (error) =>
        // What it waits for (the container, a chunk) is shared with the next page's load: cut, so
        // the next page fetches it again instead of waiting on a hung request.
        build.pin.abortPending(error),
      );
    });
    build.pages.set(module, page);
    // Neither a failure nor a load past the budget is kept: the next page tries again.
    page.catch(() => {
      if (build.pages.get(module) === page) build.pages.delete(module);
    });
    return page;
  }

  /** Forgets every build loaded so far (their federation instances and containers). */
  close() {
    for (const [remote, builds] of this.builds)
      for (const build of builds) {
        if (this.active.get(remote) === build) forgetBuild(build, federationName(remote));
        build.stashed = [];
        delete (globalThis as Record<string, unknown>)[build.entryGlobalName];
      }
    this.builds.clear();
    this.active.clear();
  }

  /** Runs `task` with `build` active (see Gate): after any other build's loads of the remote. */
  private async withBuild<T>(remote: RemoteName, build: LoadedBuild, task: () => Promise<T>): Promise<T> {
    for (let gate = this.gates.get(remote); gate && gate.build !== build; gate = this.gates.get(remote))
      await gate.idle;
    let gate = this.gates.get(remote);
    if (!gate) {
      this.activate(remote, build);
      let done = () => {};
      const idle = new Promise<void>((resolve) => {
        done = resolve;
      });
      gate = { build, running: 0, idle, done };
      this.gates.set(remote, gate);
    }
    gate.running++;
    try {
      return await task();
    } finally {
      if (--gate.running === 0) {
        this.gates.delete(remote);
        gate.done();
      }
    }
  }

  private activate(remote: RemoteName, build: LoadedBuild) {
    const current = this.active.get(remote);
    if (current === build) return;
    if (current) current.stashed = takeInstances(current, federationName(remote));
    restoreInstances(build);
    this.active.set(remote, build);
  }

  private buildOf(remote: RemoteName, manifest: NodeManifest): LoadedBuild {
    const build = `${manifest.url}\n${manifest.text}`;
    const kept = this.builds.get(remote) ?? [];
    const found = kept.find((item) => item.build === build);
    if (found) {
      // Most recently used last.
      this.builds.set(remote, [...kept.filter((item) => item !== found), found]);
      return found;
    }
    const entry = manifest.metaData?.remoteEntry;
    const base = new URL('./', manifest.url);
    // The build in the address: nothing cached for the previous build's entry is reused.
    const version = encodeURIComponent(buildVersion(manifest) ?? String(Date.now()));
    const entryUrl = new URL(
      `${entry?.path ? `${entry.path.replace(/\/?$/, '/')}` : ''}${entry?.name ?? 'remoteEntry.js'}?v=${version}`,
      base,
    );
    const sharedNames = [...new Set((manifest.shared ?? []).map((item) => item.name))];
    const id = ++instances;
    // The runtime keeps a loaded container in globalThis under this name and reuses whatever it
    // finds there: by default the remote's name, which would hand every later build of the remote
    // the first one's container (a redeploy never rendered, its chunk names fetched from the old
    // build). One name per build.
    const entryGlobalName = `${federationName(remote)}_server_${id}`;
    const hostName = `board_shell_server_${id}`;
    // The remote's origin is the one of its configured manifest (the Node manifest's address is
    // derived from it): its entry and chunks load from there or not at all.
    const pin = pinnedRemote({ origin: base.origin, timeoutMs: this.loadTimeoutMs });
    const instance = providedShared(sharedNames).then((shared) =>
      createInstance({
        name: hostName,
        plugins: [pin.plugin],
        remotes: [{ name: federationName(remote), entry: entryUrl.href, entryGlobalName }],
        shared,
      }),
    );
    const loaded: LoadedBuild = {
      build,
      pages: new Map(),
      load: async (request) => (await instance).loadRemote<RemotePageModule>(request),
      pin,
      hostName,
      entryGlobalName,
      stashed: [],
    };
    // The least recently used builds past the limit are forgotten (their instances and containers).
    const next = [...kept, loaded];
    for (const old of next.splice(0, Math.max(0, next.length - buildsKept))) {
      // Only the active build's instances are in the list; the others' are in their stash.
      if (this.active.get(remote) === old) {
        forgetBuild(old, federationName(remote));
        this.active.delete(remote);
      } else {
        old.stashed = [];
        delete (globalThis as Record<string, unknown>)[old.entryGlobalName];
      }
    }
    this.builds.set(remote, next);
    return loaded;
  }
}

/** `promise`, or a rejection once `ms` have passed (after `onTimeout` with it). */
function within<T>(promise: Promise<T>, ms: number, what: string, onTimeout: (error: Error) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      const error = new Error(`${what} not loaded in ${ms} ms`);
      onTimeout(error);
      reject(error);
    }, ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}
