import { assignReleases, readCookie, releaseCookie, releaseCookieName } from '@board/shared/config/release-assignment';
import {
  parseReleasePointer,
  type ReleasePointer,
  releaseManifestUrl,
  releaseVersionOf,
} from '@board/shared/config/release-pointer';
import { type RemoteName, remoteNames } from '@board/shared/config/remotes';
import type { RuntimeConfig } from '@board/shared/config/runtime-config';

/**
 * Releases read by the browser itself (loaded on demand: the validator is not part of the shell's
 * start). A page the shell's server assembled names each remote's release already (its config);
 * a static deployment has no server, so the browser reads the pointers, makes the same choice the
 * server would (release-assignment.ts) and remembers it in the same cookie. The pointer file is
 * served with a 5 s lifetime (`Cache-Control: public, max-age=5`), the freshness the server reads it with.
 */
export async function readPointers(
  config: RuntimeConfig,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): Promise<Partial<Record<RemoteName, ReleasePointer | null>>> {
  const read = await Promise.all(
    remoteNames.map(async (name) => {
      const url = config.releases?.[name];
      if (!url) return [name, undefined] as const;
      try {
        const response = await fetchImpl(url, { signal: AbortSignal.timeout(5_000) });
        return [name, response.ok ? parseReleasePointer(await response.json()) : null] as const;
      } catch {
        return [name, null] as const;
      }
    }),
  );
  return Object.fromEntries(read.filter(([, pointer]) => pointer !== undefined));
}

/** The config with each remote that has releases at this visitor's release (the cookie updated when it must be). */
export async function chooseBrowserReleases(
  config: RuntimeConfig,
  cookies: { cookie: string } = document,
  fetchImpl?: typeof fetch,
  secure = window.location.protocol === 'https:',
): Promise<RuntimeConfig> {
  if (Object.keys(config.releases ?? {}).length === 0) return config;
  const assignment = assignReleases(
    await readPointers(config, fetchImpl),
    readCookie(cookies.cookie, releaseCookieName),
  );
  if (assignment.cookie !== null) cookies.cookie = releaseCookie(assignment.versions, secure);
  const remotes = { ...config.remotes };
  for (const name of remoteNames) {
    const version = assignment.versions[name];
    const pointer = config.releases?.[name];
    if (version && pointer) remotes[name] = releaseManifestUrl(pointer, version);
  }
  return { ...config, remotes };
}

/** The release a manifest address names, for the status page (null: not a release). */
export function usedRelease(config: RuntimeConfig, name: RemoteName, manifestUrl: string | undefined): string | null {
  const pointer = config.releases?.[name];
  return pointer && manifestUrl ? releaseVersionOf(pointer, manifestUrl) : null;
}
