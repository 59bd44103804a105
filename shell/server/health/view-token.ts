import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ReleaseChoice } from '@board/shared/config/release-assignment';
import { ReleaseVersionSchema } from '@board/shared/config/release-pointer';
import * as v from 'valibot';

/**
 * A view's proof that the shell's server gave its page (decision 047): the releases the server
 * assigned that visitor, until when it counts, and an id that lets it count once. Signed with
 * HMAC-SHA256 under a secret every instance shares (BEACON_SECRET), so any instance verifies what
 * another issued; it names no visitor, address or page. `<payload>.<signature>`, both base64url.
 */
export interface ViewToken {
  /** Single use: the id is spent by the first beacon that carries it. */
  id: string;
  releases: ReleaseChoice;
  /** Milliseconds since the epoch after which it counts nothing. */
  expires: number;
}

/** The longest token accepted: three remotes' versions and the rest fit well inside. */
export const viewTokenMaxLength = 600;

const PayloadSchema = v.strictObject({
  i: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{22}$/)),
  r: v.strictObject({
    listings: v.optional(ReleaseVersionSchema),
    apply: v.optional(ReleaseVersionSchema),
    static: v.optional(ReleaseVersionSchema),
  }),
  e: v.pipe(v.number(), v.integer()),
});

const signatureOf = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`view-token.${payload}`).digest();

export function issueViewToken(secret: string, releases: ReleaseChoice, expires: number): string {
  const payload = Buffer.from(
    JSON.stringify({ i: randomBytes(16).toString('base64url'), r: releases, e: expires }),
  ).toString('base64url');
  return `${payload}.${signatureOf(secret, payload).toString('base64url')}`;
}

export type ViewTokenCheck = { ok: true; token: ViewToken } | { ok: false; reason: 'forged' | 'expired' };

/** The token in `text` if this secret signed it and it has not expired at `now`. */
export function readViewToken(secret: string, text: string, now: number): ViewTokenCheck {
  const [payload = '', signature = '', ...rest] = text.split('.');
  const expected = signatureOf(secret, payload);
  const given = Buffer.from(signature, 'base64url');
  if (rest.length > 0 || given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'forged' };
  let input: unknown;
  try {
    input = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'forged' };
  }
  const parsed = v.safeParse(PayloadSchema, input);
  if (!parsed.success) return { ok: false, reason: 'forged' };
  const { i: id, r: releases, e: expires } = parsed.output;
  if (now > expires) return { ok: false, reason: 'expired' };
  return { ok: true, token: { id, releases, expires } };
}
