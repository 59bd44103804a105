import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed links with no account behind them (an alert's confirm, unsubscribe and manage links; a
 * candidate's link to their application). A token is `payload.signature`: the payload (base64url
 * JSON) names what the link does (`p`), whom it is for (`s`), an optional one-time value (`n`,
 * checked by the caller against its row) and when it expires (`e`, seconds since 1970); the
 * signature is an HMAC-SHA256 of `domain|payload` with the secret. The domain keeps the families
 * apart: a token signed for one never verifies for another, whatever its purpose says. A changed
 * payload, another secret or an expired token is refused.
 */
export interface TokenClaims<Purpose extends string> {
  purpose: Purpose;
  subject: string;
  nonce?: string;
  expiresAt: number;
}

export function createSignedTokens<Purpose extends string>(
  secret: string,
  domain: string,
  /** How long each purpose's link works, in seconds. */
  lifetimeSeconds: Record<Purpose, number>,
  now: () => number = Date.now,
) {
  const signature = (payload: string) =>
    createHmac('sha256', secret).update(`${domain}|${payload}`).digest().subarray(0, 24).toString('base64url');
  return {
    sign(purpose: Purpose, subject: string, nonce?: string): string {
      const claims = {
        p: purpose,
        s: subject,
        ...(nonce === undefined ? {} : { n: nonce }),
        e: Math.floor(now() / 1000) + lifetimeSeconds[purpose],
      };
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${payload}.${signature(payload)}`;
    },
    /** The claims of a valid, unexpired token for this purpose; null for anything else. */
    verify(token: string | undefined, purpose: Purpose): TokenClaims<Purpose> | null {
      if (typeof token !== 'string' || token.length > 1000) return null;
      const [payload, sent, extra] = token.split('.');
      if (!payload || !sent || extra !== undefined) return null;
      const expected = Buffer.from(signature(payload));
      const given = Buffer.from(sent);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let claims: { p?: unknown; s?: unknown; n?: unknown; e?: unknown };
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      if (claims.p !== purpose || typeof claims.s !== 'string' || typeof claims.e !== 'number') return null;
      if (claims.e * 1000 <= now()) return null;
      if (claims.n !== undefined && typeof claims.n !== 'string') return null;
      return {
        purpose,
        subject: claims.s,
        ...(typeof claims.n === 'string' ? { nonce: claims.n } : {}),
        expiresAt: claims.e,
      };
    },
  };
}
