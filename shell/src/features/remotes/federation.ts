import type { RemoteName } from '@board/shared/config/runtime-config';
import { federationName, type RemotePageModule } from '@board/shared/lib/federation';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

/**
 * Remotes are found only through the runtime config: nothing about them is baked into the
 * shell's build. `registerRemotes` is called once before the first render.
 */
let entries: Partial<Record<RemoteName, string>> = {};

export function registerBoardRemotes(remotes: Record<RemoteName, string>) {
  entries = { ...remotes };
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
  let loaded: RemotePageModule | null = null;
  try {
    loaded = await loadRemote<RemotePageModule>(`${federationName(remote)}/${module.replace(/^\.\//, '')}`);
  } catch (cause) {
    throw new RemoteLoadError(remote, module, { cause });
  }
  if (!loaded || typeof loaded.default !== 'function') throw new RemoteLoadError(remote, module);
  return loaded;
}

/** Forgets a remote that failed, so the next load fetches its manifest and entry again. */
export function resetRemote(remote: RemoteName) {
  const entry = entries[remote];
  if (entry) registerRemotes([{ name: federationName(remote), entry }], { force: true });
}
