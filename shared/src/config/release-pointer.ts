import { ReleasePointerError, releaseVersionPattern } from '@board/shared/config/release-version';
import * as v from 'valibot';

export { isReleaseVersion, releaseManifestUrl, releaseVersionOf } from '@board/shared/config/release-version';

/**
 * A remote's releases: every build (its browser half and its Node half together) is stored once,
 * under `releases/<version>/` beside the remote's pointer, and never changed; the pointer
 * (`releases/pointer.json`) is the one small file that says which of them visitors get. It is
 * written last, in one piece, so a promotion, a rollback or a canary is one atomic change.
 */
export const ReleaseVersionSchema = v.pipe(
  v.string(),
  v.regex(releaseVersionPattern, 'must be 1-100 letters, digits, ".", "_" or "-", starting with a letter or digit'),
);

const ReleasePointerSchema = v.pipe(
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
        /**
         * A gated canary (`pnpm release canary … --auto`): the shell's server promotes it once
         * `windowSeconds` have passed since `startedAt` with at least `minViews` views and no
         * breach, and rolls it back at the first breach (decision 036).
         */
        auto: v.optional(
          v.object({
            startedAt: v.pipe(v.string(), v.isoTimestamp()),
            windowSeconds: v.pipe(v.number(), v.integer(), v.minValue(1)),
            minViews: v.pipe(v.number(), v.integer(), v.minValue(1)),
          }),
        ),
      }),
    ),
    /**
     * Versions a gate rolled back: `canary` and `promote` refuse them without `--force`, and a
     * production page never loads them by a preview link.
     */
    failed: v.optional(v.array(ReleaseVersionSchema)),
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

/** Validates a parsed pointer file; the error names every bad field. */
export function parseReleasePointer(input: unknown): ReleasePointer {
  const result = v.safeParse(ReleasePointerSchema, input);
  if (result.success) return result.output;
  const problems = result.issues.map((issue) => `${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`);
  throw new ReleasePointerError(`Invalid release pointer: ${problems.join('; ')}`);
}
