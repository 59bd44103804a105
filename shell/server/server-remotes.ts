import { createRequire } from 'node:module';
import type { RemoteName } from '@board/shared/config/remotes';
import { federationName, type RemotePageModule } from '@board/shared/lib/federation';
import { createInstance } from '@module-federation/runtime';
import type { ComponentType } from 'react';
import { providedVersions, sharedSingletons } from '../../rspack.singletons';
import { ManifestCache, type RemoteManifest } from './manifest-cache';
import { type PinnedRemote, pinnedRemote } from './pinned-remote';

/**
 * The remotes' Node builds, loaded at runtime the way the browser loads their browser builds:
 * each remote deploys `server/mf-manifest.json` beside its `mf-manifest.json` (see
 * rspack.shared.ts), the server finds it through the runtime config, and the federation runtime
 * loads its `commonjs-module` container over HTTP (its chunks come over HTTP too, through
 * `@module-federation/node`'s runtime plugin built into the remote), from the origin of the
 * remote's configured manifest only, with no redirects and a timeout (pinned-remote.ts).
 *
 * The manifest is read again after `ttlMs` (ManifestCache); when its build changed, the next page
 * loads the new build in a new federation instance, so a redeployed remote is rendered within
 * seconds with no restart and no shell rebuild. React, the router, TanStack Query, sonner and the
 * shared contexts come from this server (the Node builds bundle none of them), so the shell's
 * providers and a remote's hooks meet in one module instance.
 */
export const serverManifestUrl = (browserManifestUrl: string) =>
  new URL('server/mf-manifest.json', browserManifestUrl).href;

interface LoadedBuild {
  /** The Node manifest's address and text: another of either is another build. */
  build: string;
  pages: Map<string, Promise<ComponentType>>;
  load: (request: string) => Promise<RemotePageModule | null>;
  pin: PinnedRemote;
  /** The name of the federation instance that loads this build, and the global its container is kept under. */
  hostName: string;
  entryGlobalName: string;
}

/**
 * Forgets the previous build of a remote before its next build is loaded. The federation runtime
 * finds instances through one global list (`__FEDERATION__.__INSTANCES__`), by name:
 * - a remote's container starts its own runtime with `init`, which reuses any instance of the
 *   same name it finds there: the next build's container would take the previous one's, whose
 *   Node runtime plugin (the chunk loader over HTTP) is installed in the previous container only,
 *   and read its chunks from the filesystem;
 * - the Node runtime plugin resolves a container's chunk URLs against the entry of the first
 *   instance that has loaded a remote of that name (its `returnFromCache`).
 * So the previous build's instances leave the list, with their container (or every redeploy would
 * keep one more in memory); pages it already rendered keep their own references.
 */
function forgetBuild(previous: LoadedBuild, containerName: string) {
  const list = (globalThis as { __FEDERATION__?: { __INSTANCES__?: { name?: string; options?: { name?: string } }[] } })
    .__FEDERATION__?.__INSTANCES__;
  if (list)
    for (let index = list.length - 1; index >= 0; index--) {
      const name = list[index]?.options?.name ?? list[index]?.name;
      if (name === previous.hostName || name === containerName) list.splice(index, 1);
    }
  delete (globalThis as Record<string, unknown>)[previous.entryGlobalName];
}

interface NodeManifest extends RemoteManifest {
  shared?: { name: string }[];
}

/** A singleton as the server provides it: the module instance its own code imports. */
async function provide(name: string) {
  // A CommonJS package (React) is handed over as its module.exports, an ES module as its namespace:
  // what the server's own `import` of it shares.
  const namespace = (await import(name)) as Record<string, unknown>;
  let required: unknown;
  try {
    required = createRequire(import.meta.url)(name);
  } catch {
    required = undefined;
  }
  return required !== undefined && namespace.default === required ? required : namespace;
}

const buildVersion = (manifest: RemoteManifest) =>
  (manifest as { metaData?: { buildInfo?: { buildVersion?: string } } }).metaData?.buildInfo?.buildVersion;

let instances = 0;
const shellDir = new URL('..', import.meta.url).pathname;
let versions: Record<string, string> | undefined;

/** The installed version of the package behind a shared name (`react/jsx-runtime` -> react's). */
function versionOf(name: string): string {
  versions ??= providedVersions(shellDir);
  const singleton = sharedSingletons.find(([key]) => (key.endsWith('/') ? name.startsWith(key) : name === key));
  const version = singleton ? versions[singleton[1]] : undefined;
  if (!version) throw new Error(`the server does not provide ${name} (not a shared singleton)`);
  return version;
}

export interface ServerRemotesOptions {
  manifests?: ManifestCache;
  /**
   * How long loading a page's module (the container, its chunk, each fetch) may take: the render
   * budget. A load still pending then is given up and its fetches cut, so the next page tries again.
   */
  loadTimeoutMs?: number;
}

export class ServerRemotes {
  private builds = new Map<RemoteName, LoadedBuild>();
  private readonly manifests: ManifestCache;
  private readonly loadTimeoutMs: number;

  constructor(options: ServerRemotesOptions = {}) {
    this.manifests = options.manifests ?? new ManifestCache();
    this.loadTimeoutMs = options.loadTimeoutMs ?? 1_000;
  }

  /**
   * The page component of `module` from the remote whose browser manifest is `browser` (the one
   * the page carries). Rejects when the Node build cannot be had (not deployed, unreachable,
   * failing to evaluate) or is not the same build as the browser's: during a deploy the two
   * manifests can be read seconds apart, and markup from one build does not hydrate with the other.
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
    const loading = build.load(`${federationName(remote)}/${module.replace(/^\.\//, '')}`).then((loaded) => {
      if (!loaded || typeof loaded.default !== 'function') throw new Error(`${remote} ${module} has no page component`);
      return loaded.default;
    });
    const page = within(loading, this.loadTimeoutMs, `${remote} ${module}`, (error) =>
      // What it waits for (the container, a chunk) is shared with the next page's load: cut, so
      // the next page fetches it again instead of waiting on a hung request.
      build.pin.abortPending(error),
    );
    build.pages.set(module, page);
    // Neither a failure nor a load past the budget is kept: the next page tries again.
    page.catch(() => {
      if (build.pages.get(module) === page) build.pages.delete(module);
    });
    return page;
  }

  /** Forgets every build loaded so far (their federation instances and containers). */
  close() {
    for (const [remote, build] of this.builds) forgetBuild(build, federationName(remote));
    this.builds.clear();
  }

  private buildOf(remote: RemoteName, manifest: NodeManifest): LoadedBuild {
    const build = `${manifest.url}\n${manifest.text}`;
    const current = this.builds.get(remote);
    if (current?.build === build) return current;
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
    if (current) forgetBuild(current, federationName(remote));
    // The remote's origin is the one of its configured manifest (the Node manifest's address is
    // derived from it): its entry and chunks load from there or not at all.
    const pin = pinnedRemote({ origin: base.origin, timeoutMs: this.loadTimeoutMs });
    const instance = Promise.all(sharedNames.map(async (name) => [name, await provide(name)] as const)).then(
      (provided) =>
        createInstance({
          name: hostName,
          plugins: [pin.plugin],
          remotes: [{ name: federationName(remote), entry: entryUrl.href, entryGlobalName }],
          shared: Object.fromEntries(
            provided.map(([name, lib]) => [
              name,
              { version: versionOf(name), lib: () => lib, shareConfig: { singleton: true, requiredVersion: false } },
            ]),
          ),
        }),
    );
    const loaded: LoadedBuild = {
      build,
      pages: new Map(),
      load: async (request) => (await instance).loadRemote<RemotePageModule>(request),
      pin,
      hostName,
      entryGlobalName,
    };
    this.builds.set(remote, loaded);
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
