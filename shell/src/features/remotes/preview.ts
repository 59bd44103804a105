import { isReleaseVersion, releaseManifestUrl } from '@board/shared/config/release-version';
import { type RemoteName, remoteNames } from '@board/shared/config/remotes';
import type { RuntimeConfig } from '@board/shared/config/runtime-config';

/**
 * Preview one remote (staging): `?preview_remote=listings&preview_manifest=https://…/mf-manifest.json`.
 * Accepted only when the URL parses, uses https (http only in local and test), and its origin is
 * exactly one of the environment's previewOrigins (parsed origins compared, never string
 * prefixes). An accepted preview lasts for the browser session; a refused one is ignored with a
 * visible warning. Production's config allows nothing.
 *
 * Or a published release of a remote with releases: `?preview_remote=listings&preview_version=<version>`,
 * loaded from the remote's own release store (its configured origin): the way to look at a release
 * before promoting it, in every environment but production (decision 019). There, any link could
 * otherwise load any release still in the store, one that was rolled back or never promoted
 * included; production shows only what its pointer names (live, or a canary).
 */
interface Preview {
  remote: RemoteName;
  manifest: string;
  origin: string;
  /** The release previewed, when the preview names one. */
  version?: string;
}

export type PreviewDecision =
  | { kind: 'none' }
  | { kind: 'accepted'; preview: Preview }
  | { kind: 'refused'; reason: string };

export const previewStorageKey = 'board:preview';

export function decidePreview(
  config: RuntimeConfig,
  remote: string | null,
  manifest: string | null,
  version: string | null = null,
): PreviewDecision {
  if (!remote && !manifest && !version) return { kind: 'none' };
  if (!remote || !(remoteNames as readonly string[]).includes(remote)) {
    return { kind: 'refused', reason: `"${remote ?? ''}" is not a remote of this site.` };
  }
  if (version !== null) {
    if (config.environment === 'production')
      return {
        kind: 'refused',
        reason: 'Releases are not previewed in production: preview it on staging, or run a canary.',
      };
    const pointer = config.releases?.[remote as RemoteName];
    if (!pointer) return { kind: 'refused', reason: `${remote} has no releases here.` };
    if (!isReleaseVersion(version)) return { kind: 'refused', reason: `"${version}" is not a release version.` };
    const url = releaseManifestUrl(pointer, version);
    return {
      kind: 'accepted',
      preview: { remote: remote as RemoteName, manifest: url, origin: new URL(url).origin, version },
    };
  }
  let url: URL;
  try {
    url = new URL(manifest ?? '');
  } catch {
    return { kind: 'refused', reason: 'The preview manifest address is not a valid URL.' };
  }
  const httpAllowed = config.environment === 'local' || config.environment === 'test';
  if (url.protocol !== 'https:' && !(httpAllowed && url.protocol === 'http:')) {
    return { kind: 'refused', reason: `Previews must be served over https (got ${url.protocol}).` };
  }
  const allowed = config.previewOrigins.some((origin) => {
    try {
      return new URL(origin).origin === url.origin;
    } catch {
      return false;
    }
  });
  if (!allowed) return { kind: 'refused', reason: `${url.origin} is not allowed to serve previews here.` };
  return { kind: 'accepted', preview: { remote: remote as RemoteName, manifest: url.href, origin: url.origin } };
}

/** Reads the preview from the URL (which wins) or from this browser session. */
export function resolvePreview(
  config: RuntimeConfig,
  search: string,
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>,
): { decision: PreviewDecision; remotes: RuntimeConfig['remotes'] } {
  const params = new URLSearchParams(search);
  let decision = decidePreview(
    config,
    params.get('preview_remote'),
    params.get('preview_manifest'),
    params.get('preview_version'),
  );
  if (decision.kind === 'accepted') {
    const { remote, manifest, version } = decision.preview;
    storage.setItem(previewStorageKey, JSON.stringify(version ? { remote, version } : { remote, manifest }));
  } else if (decision.kind === 'none') {
    try {
      const stored = JSON.parse(storage.getItem(previewStorageKey) ?? 'null') as {
        remote?: string;
        manifest?: string;
        version?: string;
      } | null;
      // Re-checked against the current config: a stored preview never outlives its allowlist.
      if (stored)
        decision = decidePreview(config, stored.remote ?? null, stored.manifest ?? null, stored.version ?? null);
      if (decision.kind === 'refused') {
        storage.removeItem(previewStorageKey);
        decision = { kind: 'none' };
      }
    } catch {
      storage.removeItem(previewStorageKey);
    }
  }
  const remotes =
    decision.kind === 'accepted'
      ? { ...config.remotes, [decision.preview.remote]: decision.preview.manifest }
      : config.remotes;
  return { decision, remotes };
}
