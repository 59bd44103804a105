import { releaseVersionOf } from '@board/shared/config/release-version';
import type { RemoteName } from '@board/shared/config/remotes';
import type { RuntimeConfig } from '@board/shared/config/runtime-config';

/** The release of each used remote that has releases, read from the manifest address the page was given. */
export function releasesInUse(config: RuntimeConfig, used: Iterable<RemoteName>): Record<string, string> {
  const releases: Record<string, string> = {};
  for (const name of used) {
    const pointer = config.releases?.[name];
    const version = pointer ? releaseVersionOf(pointer, config.remotes[name]) : null;
    if (version) releases[name] = version;
  }
  return releases;
}
