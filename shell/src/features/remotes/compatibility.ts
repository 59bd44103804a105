import { satisfy } from '@module-federation/enhanced/runtime';
import type { BootGlobals } from '../../boot-data';

interface ManifestShared {
  name: string;
  singleton?: boolean;
  requiredVersion?: string | false;
}

/**
 * Version skew: before a remote's code runs, its manifest's singleton requirements are checked
 * against the versions the shell provides. An incompatible remote is refused here, so it never
 * registers itself in the share scope (where it would also break the remotes loaded after it).
 * Returns the problems; empty when compatible.
 */
export function incompatibilities(shared: ManifestShared[], provided: Record<string, string>): string[] {
  const packages = Object.keys(provided).sort((a, b) => b.length - a.length);
  const problems: string[] = [];
  for (const item of shared) {
    if (!item.singleton || !item.requiredVersion) continue;
    const pkg = packages.find((name) => item.name === name || item.name.startsWith(`${name}/`));
    const version = pkg ? provided[pkg] : undefined;
    if (version && !satisfy(version, item.requiredVersion)) {
      problems.push(`${item.name} ${item.requiredVersion} (the shell provides ${version})`);
    }
  }
  return problems;
}

/** Manifests fetched for the check, handed to the federation runtime so it does not fetch again. */
const manifests: Map<string, Promise<string>> = (globalThis as BootGlobals).__boardManifests ?? new Map();

export function fetchManifest(manifestUrl: string): Promise<string> {
  let text = manifests.get(manifestUrl);
  if (!text) {
    text = fetch(manifestUrl).then((response) => {
      if (!response.ok) throw new Error(`manifest: HTTP ${response.status}`);
      return response.text();
    });
    // A failed fetch is retried next time (the remote may come back).
    text.catch(() => manifests.delete(manifestUrl));
    manifests.set(manifestUrl, text);
  }
  return text;
}

/** Forgets a manifest (Retry after a failure, a new deploy). */
export function forgetManifest(manifestUrl: string) {
  manifests.delete(manifestUrl);
}

/** Fetches a remote's manifest (once per address) and checks it. */
export async function checkRemote(manifestUrl: string, provided: Record<string, string>): Promise<string[]> {
  const manifest = JSON.parse(await fetchManifest(manifestUrl)) as { shared?: ManifestShared[] };
  return incompatibilities(manifest.shared ?? [], provided);
}

/** A federation runtime plugin: manifest requests are answered from the check's fetch. */
export const manifestCachePlugin = {
  name: 'board-manifest-cache',
  fetch(url: string) {
    const cached = manifests.get(url);
    return cached
      ? cached.then((text) => new Response(text, { headers: { 'Content-Type': 'application/json' } }))
      : undefined;
  },
};
