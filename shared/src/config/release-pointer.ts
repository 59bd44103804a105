import * as v from 'valibot';

/**
 * A remote's releases: every build (its browser half and its Node half together) is stored once,
 * under `releases/<version>/` beside the remote's pointer, and never changed; the pointer
 * (`releases/pointer.json`) is the one small file that says which of them visitors get. It is
 * written last, in one piece, so a promotion, a rollback or a canary is one atomic change.
 */
export const releaseVersionPattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

export const ReleaseVersionSchema = v.pipe(
  v.string(),
  v.regex(releaseVersionPattern, 'must be 1-100 letters, digits, ".", "_" or "-", starting with a letter or digit'),
);

export const ReleasePointerSchema = v.pipe(
  v.object({
    /** What every visitor gets (but the canary's share). */
    live: v.nullable(ReleaseVersionSchema),
    /** The version live before this one: what `rollback` goes back to. */
    previous: v.nullable(ReleaseVersionSchema),
    /** A share of new visitors on another version; null when there is none. */
    canary: v.nullable(
      v.object({
        version: ReleaseVersionSchema,
        percent: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)),
      }),
    ),
    /** When it was written (for people reading the file). */
    updatedAt: v.optional(v.string()),
  }),
  v.check((pointer) => pointer.canary === null || pointer.live !== null, 'a canary needs a live version beside it'),
  v.check(
    (pointer) => pointer.canary === null || pointer.canary.version !== pointer.live,
    'the canary must not be the live version',
  ),
);

export type ReleasePointer = v.InferOutput<typeof ReleasePointerSchema>;

export const emptyPointer: ReleasePointer = { live: null, previous: null, canary: null };

export class ReleasePointerError extends Error {
  override name = 'ReleasePointerError';
}

/** Validates a parsed pointer file; the error names every bad field. */
export function parseReleasePointer(input: unknown): ReleasePointer {
  const result = v.safeParse(ReleasePointerSchema, input);
  if (result.success) return result.output;
  const problems = result.issues.map((issue) => `${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`);
  throw new ReleasePointerError(`Invalid release pointer: ${problems.join('; ')}`);
}

export const isReleaseVersion = (value: string) => releaseVersionPattern.test(value);

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
