import { createSignedTokens } from '../lib/signed-tokens';
import { addressKeys } from './address-keys';

/**
 * The signed links of alert emails (lib/signed-tokens.ts, domain `alerts`, key ALERTS_SECRET):
 * the subject is an alert id, or the address's hash for the manage page; a confirm link carries
 * a one-time value checked against the alert row. The same secret keys the hashes that stand for
 * an address (`addresses`, address-keys.ts).
 */
export type TokenPurpose = 'confirm' | 'unsubscribe' | 'manage';

const day = 24 * 60 * 60;
/** How long each link works: a confirmation as long as the unconfirmed alert lives. */
export const tokenLifetimeSeconds: Record<TokenPurpose, number> = {
  confirm: 7 * day,
  manage: 60 * day,
  // An unsubscribe link in an old digest must still work (RFC 8058 one-click from the mail client).
  unsubscribe: 400 * day,
};

export function createAlertTokens(secret: string, now: () => number = Date.now) {
  return {
    addresses: addressKeys(secret),
    ...createSignedTokens(secret, 'alerts', tokenLifetimeSeconds, now),
  };
}

export type AlertTokens = ReturnType<typeof createAlertTokens>;
