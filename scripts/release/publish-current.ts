import { releaseManifestUrl } from '../../shared/src/config/release-pointer';
import type { RemoteName } from '../../shared/src/config/remotes';
import { ReleaseStore } from '../../shared/src/release/release-store';
import { checkBuild, versionOfBuild } from './release-build';

/**
 * What `pnpm serve` (the end of `npm start`) does before it serves a remote from the local store:
 * the remote's current build is published and promoted when the store does not hold it yet (the
 * first run, or after `pnpm build`), so the site shows what was just built and `pnpm release …`
 * works against it at once (a build published but with nothing live yet is promoted too). Otherwise
 * nothing changes: a release promoted or rolled back with `pnpm release` stays live across restarts.
 */
export function publishCurrentBuild(storeRoot: string, app: RemoteName, distDir: string): string {
  const store = new ReleaseStore(storeRoot, app);
  const buildVersion = checkBuild(app, distDir);
  const version = versionOfBuild(buildVersion);
  const pointer = store.readPointer();
  if (store.has(version) && pointer.live)
    return `${app}: live ${pointer.live}${pointer.live === version ? ' (the current build)' : ''}`;
  if (!store.has(version)) store.add(distDir, { version, buildVersion });
  store.writePointer({ live: version, previous: pointer.live ?? pointer.previous, canary: null });
  return `${app}: published and promoted the current build, ${version}`;
}

/**
 * The browser manifest `pnpm serve` serves for a remote from the local store: its live release's,
 * under the remote's pointer address (`…/releases/<live>/mf-manifest.json`). The remote's plain
 * `remotes` address is not served then. Null while nothing is live.
 */
export function liveManifestUrl(storeRoot: string, app: RemoteName, pointerUrl: string): string | null {
  const live = new ReleaseStore(storeRoot, app).readPointer().live;
  return live ? releaseManifestUrl(pointerUrl, live) : null;
}
