import type { RemoteName } from '@board/shared/config/remotes';
import { federationName, type RemotePageModule } from '@board/shared/lib/federation';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { reportViewError } from '../health/view-report';
import { checkRemote, fetchManifest, forgetManifest, manifestCachePlugin } from './compatibility';
import { inlineStylesheetsPlugin } from './inline-stylesheets';

/**
 * Remotes are found only through the runtime config: nothing about them is baked into the
 * shell's build. `registerRemotes` is called once before the first render.
 */
let entries: Partial<Record<RemoteName, string>> = {};
/** Which remotes this page has loaded, from where: shown by /__status. */
export const loadedRemotes = new Map<RemoteName, { entry: string; at: Date }>();

/** The remotes this page has started to load, failed ones included: the releases its view reports. */
export const usedRemotes = new Set<RemoteName>();

export function remoteEntries(): Partial<Record<RemoteName, string>> {
  return { ...entries };
}

export function registerBoardRemotes(remotes: Record<RemoteName, string>) {
  entries = { ...remotes };
  registerPlugins([manifestCachePlugin, inlineStylesheetsPlugin]);
  // Fetch the other remotes' manifests once the page has loaded and the main thread is idle, so a
  // later navigation does not wait for one (the current page's manifest is in the page or already
  // on its way) and the first page's hydration does not wait for the requests to be sent.
  const prefetch = () => {
    for (const entry of Object.values(remotes)) void fetchManifest(entry).catch(() => undefined);
  };
  const whenIdle = () =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(prefetch, { timeout: 2000 })
      : setTimeout(prefetch, 0);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  registerRemotes(Object.entries(remotes).map(([name, entry]) => ({ name: federationName(name), entry })));
}

export class RemoteLoadError extends Error {
  override name = 'RemoteLoadError';
  constructor(
    readonly remote: RemoteName,
    readonly module: string,
    options?: { cause?: unknown },
  ) {
    super(`Could not load ${module} from the ${remote} remote`, options);
  }
}

/** Loads one exposed page module; any failure (manifest, entry, chunk) becomes a RemoteLoadError. */
export async function loadRemotePage(remote: RemoteName, module: string): Promise<RemotePageModule> {
  usedRemotes.add(remote);
  try {
    return await loadRemotePageOnce(remote, module);
  } catch (error) {
    reportViewError('remote');
    throw error;
  }
}

async function loadRemotePageOnce(remote: RemoteName, module: string): Promise<RemotePageModule> {
  const entry = entries[remote];
  if (entry) {
    let problems: string[] = [];
    try {
      problems = await checkRemote(entry, __SHARED_VERSIONS__);
    } catch (cause) {
      throw new RemoteLoadError(remote, module, { cause });
    }
    if (problems.length > 0) {
      throw new RemoteLoadError(remote, module, {
        cause: new Error(`incompatible shared versions: ${problems.join('; ')}`),
      });
    }
  }
  let loaded: RemotePageModule | null = null;
  try {
    loaded = await loadRemote<RemotePageModule>(`${federationName(remote)}/${module.replace(/^\.\//, '')}`);
  } catch (cause) {
    throw new RemoteLoadError(remote, module, { cause });
  }
  if (!loaded || typeof loaded.default !== 'function') throw new RemoteLoadError(remote, module);
  if (!loadedRemotes.has(remote)) loadedRemotes.set(remote, { entry: entries[remote] ?? '', at: new Date() });
  return loaded;
}

/** Forgets a remote that failed, so the next load fetches its manifest and entry again. */
export function resetRemote(remote: RemoteName) {
  const entry = entries[remote];
  if (!entry) return;
  forgetManifest(entry);
  registerRemotes([{ name: federationName(remote), entry }], { force: true });
}
