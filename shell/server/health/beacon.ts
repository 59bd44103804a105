import { viewErrorKinds } from '@board/shared/config/release-health';
import { ReleaseVersionSchema } from '@board/shared/config/release-pointer';
import * as v from 'valibot';
import { viewTokenMaxLength } from './view-token';

/**
 * A page view's beacon as the browser sends it (shell/src/features/health/view-report.ts): the
 * releases it used, its vitals, the kinds of error it had, and the token the server issued for the
 * view (view-token.ts; checked by the route). Nothing else is accepted: no address, no page, no
 * text of an error. Anything else in it, or a value out of range, refuses it whole.
 */
export const beaconMaxBytes = 1024;

const millis = v.pipe(v.number(), v.minValue(0), v.maxValue(600_000));

const BeaconSchema = v.strictObject({
  releases: v.pipe(
    v.strictObject({
      listings: v.optional(ReleaseVersionSchema),
      apply: v.optional(ReleaseVersionSchema),
      static: v.optional(ReleaseVersionSchema),
    }),
    v.check((releases) => Object.keys(releases).length > 0, 'names no release'),
  ),
  lcp: v.optional(millis),
  inp: v.optional(millis),
  cls: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(100))),
  errors: v.pipe(v.array(v.picklist(viewErrorKinds)), v.maxLength(viewErrorKinds.length)),
  token: v.optional(v.pipe(v.string(), v.maxLength(viewTokenMaxLength))),
});

export type Beacon = v.InferOutput<typeof BeaconSchema>;

/** The beacon in `text`, or null when it is not one. */
export function parseBeacon(text: string): Beacon | null {
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch {
    return null;
  }
  const result = v.safeParse(BeaconSchema, input);
  return result.success ? result.output : null;
}
