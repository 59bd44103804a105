import { createRequire } from 'node:module';
import vm from 'node:vm';
import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import type { RemoteEntryExports } from '@module-federation/runtime/types';

/**
 * Loading of a remote's Node build pinned to the remote's origin (the origin of its configured
 * manifest). Left to itself, the federation runtime fetches the container (`remoteEntry.js`) with
 * the global `fetch`, and so does `@module-federation/node`'s chunk loader built into the
 * container: both follow redirects anywhere, evaluate whatever body comes back (a 404 page too)
 * and wait for as long as the remote keeps the request open. Here every fetch of remote code:
 * - goes to the pinned origin only (an entry or chunk address elsewhere is refused, not fetched);
 * - refuses redirects (`redirect: 'error'`), even within the origin: a deployed folder answers
 *   its files in place;
 * - evaluates a body only when the answer is a success, read whole within `timeoutMs`;
 * - can be cut short (`abortPending`) when the page waiting for it gives up.
 *
 * Two hooks of the federation runtime carry it: the host's `loadEntry` (the container is fetched
 * and evaluated here instead of by the runtime's Node loader), and the container's own `fetch`
 * (its chunk loader asks its federation instance's `fetch` hook first): the host hands the
 * container that hook when it initialises it (`beforeInitContainer`: the container registers the
 * plugins of its init options in its own instance).
 */
export interface PinnedRemoteOptions {
  /** The only origin remote code is fetched from, e.g. `https://listings.example.com`. */
  origin: string;
  /** How long one fetch (answer and body) may take. */
  timeoutMs: number;
}

export interface PinnedRemote {
  /** For the host's federation instance (`createInstance({ plugins })`). */
  plugin: ModuleFederationRuntimePlugin;
  /** Fails every fetch now in flight (later ones are not affected). */
  abortPending: (reason: Error) => void;
}

export function pinnedRemote({ origin, timeoutMs }: PinnedRemoteOptions): PinnedRemote {
  let pending = new AbortController();
  const fetchCode = async (url: string) => {
    const target = new URL(url);
    if (target.origin !== origin) throw new Error(`refused to load ${url}: remote code is loaded from ${origin} only`);
    const signal = AbortSignal.any([AbortSignal.timeout(timeoutMs), pending.signal]);
    const response = await fetch(target, { redirect: 'error', signal });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`${url} answered ${response.status}: its body is not evaluated`);
    }
    return response.text();
  };
  // The answer handed to the runtime is one already read whole, from a success.
  const fetchHook = async (url: string) => new Response(await fetchCode(url));
  const chunks: ModuleFederationRuntimePlugin = { name: 'board-pinned-remote-chunks', fetch: fetchHook };
  const plugin: ModuleFederationRuntimePlugin = {
    name: 'board-pinned-remote',
    // Anything else the host's runtime would fetch (it fetches nothing else today).
    fetch: fetchHook,
    loadEntry: async ({ remoteInfo }) => {
      const container = evaluateContainer(remoteInfo.entry, await fetchCode(remoteInfo.entry));
      const exports = (container[remoteInfo.entryGlobalName] ?? container) as Partial<RemoteEntryExports>;
      if (typeof exports.get !== 'function' || typeof exports.init !== 'function')
        throw new Error(`${remoteInfo.entry} is not a federation container`);
      // Where the runtime's own Node loader keeps a container (and ServerRemotes forgets it).
      (globalThis as Record<string, unknown>)[remoteInfo.entryGlobalName] = exports;
      return exports as RemoteEntryExports;
    },
    beforeInitContainer: (args) => {
      // Assigned, not spread: the options carry the host's share scopes in a non-enumerable property.
      Object.assign(args.remoteEntryInitOptions, { plugins: [chunks] });
      return args;
    },
  };
  return {
    plugin,
    abortPending: (reason) => {
      pending.abort(reason);
      pending = new AbortController();
    },
  };
}

const requireFromServer = createRequire(import.meta.url);

/** A `commonjs-module` container evaluated as Node evaluates a CommonJS file: its `module.exports`. */
function evaluateContainer(url: string, source: string): Record<string, unknown> {
  const module: { exports: Record<string, unknown> } = { exports: {} };
  const { pathname } = new URL(url);
  const run = new vm.Script(`(function (exports, module, require, __dirname, __filename) {${source}\n})`, {
    filename: url,
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  }).runInThisContext() as (...args: unknown[]) => void;
  run(module.exports, module, requireFromServer, pathname.slice(0, pathname.lastIndexOf('/')), pathname);
  return module.exports;
}
