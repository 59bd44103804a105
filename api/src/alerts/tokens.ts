import { createHmac, timingSafeEqual } from 'node:crypto';
import { addressKeys } from './address-keys';

/**
 * The signed links of alert emails. A token is `payload.signature`: the payload (base64url JSON)
 * names what the link does (`p`), whom it is for (`s`: an alert id, or the address's hash for the
 * manage page), an optional one-time value (`n`, checked against the alert row) and when it
 * expires (`e`, seconds since 1970); the signature is an HMAC-SHA256 of the payload with
 * ALERTS_SECRET. A changed payload, another secret or an expired token is refused. The same
 * secret keys the hashes that stand for an address (`addresses`, address-keys.ts).
 */
export type TokenPurpose = 'confirm' | 'unsubscribe' | 'manage';

export interface TokenClaims {
  purpose: TokenPurpose;
  subject: string;
  nonce?: string;
  expiresAt: number;
}

const day = 24 * 60 * 60;
/** How long each link works: a confirmation as long as the unconfirmed alert lives. */
export const tokenLifetimeSeconds: Record<TokenPurpose, number> = {
  confirm: 7 * day,
  manage: 60 * day,
  // An unsubscribe link in an old digest must still work (RFC 8058 one-click from the mail client).
  unsubscribe: 400 * day,
};

export function createAlertTokens(secret: string, now: () => number = Date.now) {
  const signature = (payload: string) =>
    createHmac('sha256', secret).update(`alerts|${payload}`).digest().subarray(0, 24).toString('base64url');
  return {
    addresses: addressKeys(secret),
    sign(purpose: TokenPurpose, subject: string, nonce?: string): string {
      const claims = {
        p: purpose,
        s: subject,
        ...(nonce === undefined ? {} : { n: nonce }),
        e: Math.floor(now() / 1000) + tokenLifetimeSeconds[purpose],
      };
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${payload}.${signature(payload)}`;
    },
    /** The claims of a valid, unexpired token for this purpose; null for anything else. */
    verify(token: string | undefined, purpose: TokenPurpose): TokenClaims | null {
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

export type AlertTokens = ReturnType<typeof createAlertTokens>;
