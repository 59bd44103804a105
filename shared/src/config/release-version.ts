/**
 * A release's version and the addresses built from it, apart from the pointer's validator
 * (release-pointer.ts) so the browser's start-up code (a preview's check, the view report) names
 * releases without carrying a schema library.
 */
export const releaseVersionPattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

export const isReleaseVersion = (value: string) => releaseVersionPattern.test(value);

export class ReleasePointerError extends Error {
  override name = 'ReleasePointerError';
}

/** The browser manifest of one release, beside the pointer (so under the remote's own origin). */
export function releaseManifestUrl(pointerUrl: string, version: string): string {
  if (!isReleaseVersion(version)) throw new ReleasePointerError(`"${version}" is not a release version`);
  return new URL(`${version}/mf-manifest.json`, pointerUrl).href;
}

/** The version a release manifest address names (the inverse of releaseManifestUrl), or null. */
export function releaseVersionOf(pointerUrl: string, manifestUrl: string): string | null {
  const base = new URL('./', pointerUrl).href;
  if (!manifestUrl.startsWith(base)) return null;
  const match = /^([^/]+)\/mf-manifest\.json$/.exec(manifestUrl.slice(base.length));
  return match?.[1] && isReleaseVersion(match[1]) ? match[1] : null;
}
