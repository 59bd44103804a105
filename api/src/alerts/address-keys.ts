import { createHash, createHmac } from 'node:crypto';
import { and, eq, not, sql } from 'drizzle-orm';
import { alerts } from '../db/alert-tables';
import type { Database } from '../db/database';

/** Providers that deliver `a.d.a@` to `ada@`: their dots do not make another mailbox. */
const dotBlindDomains = new Map([
  ['gmail.com', 'gmail.com'],
  ['googlemail.com', 'gmail.com'],
]);

/**
 * The mailbox an address delivers to, as far as the per-address cap is concerned: lower case, its
 * subaddress (`+tag`) dropped, and, at the providers that ignore them, its dots. `a+1@` and `a+2@`
 * are one mailbox, so they share one cap. Emails still go to the exact address given.
 */
function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const canonical = dotBlindDomains.get(domain);
  if (canonical) {
    local = local.replaceAll('.', '');
    domain = canonical;
  }
  return `${local}@${domain}`;
}

/**
 * The keyed hashes alerts keep instead of an address (HMAC-SHA256 with ALERTS_SECRET): what the
 * manage links name and the per-address cap counts. Without the secret, a hash says nothing of the
 * address (an unkeyed SHA-256 of an address is found by hashing a list of addresses). Each starts
 * with the key's id, so the rows hashed with an older secret are known and hashed again at start
 * (rekeyAddresses); rotating the secret revokes every link signed with the old one.
 */
export function addressKeys(secret: string) {
  const prefix = `k${createHash('sha256').update(`alerts-address-key|${secret}`).digest('hex').slice(0, 8)}:`;
  const keyed = (value: string) =>
    `${prefix}${createHmac('sha256', secret).update(`alerts-address|${value}`).digest('hex')}`;
  return {
    prefix,
    /** The exact address (lower case): one person's alerts, on their manage page. */
    address: (email: string) => keyed(`address|${email.trim().toLowerCase()}`),
    /** The mailbox (mailboxOf): what the confirmation cap of every client together counts. */
    mailbox: (email: string) => keyed(`mailbox|${mailboxOf(email)}`),
    /** The mailbox as asked for by one client (its key): what each client's own confirmation cap counts. */
    clientMailbox: (email: string, client: string) => keyed(`client-mailbox|${client}|${mailboxOf(email)}`),
    /** Whether a hash was made with this secret (an old link's or an old row's was not). */
    isCurrent: (hash: string) => hash.startsWith(prefix),
  };
}

export type AddressKeys = ReturnType<typeof addressKeys>;

/**
 * Hashes again, with the current secret, the address of every alert hashed otherwise (an unkeyed
 * hash from before, or an older secret), from the address the row keeps; returns how many.
 */
export async function rekeyAddresses(db: Database, keys: AddressKeys): Promise<number> {
  const stale = await db
    .select({ id: alerts.id, email: alerts.email })
    .from(alerts)
    .where(not(sql`starts_with(${alerts.emailHash}, ${keys.prefix})`));
  for (const row of stale)
    await db
      .update(alerts)
      .set({ emailHash: keys.address(row.email) })
      .where(and(eq(alerts.id, row.id), eq(alerts.email, row.email)));
  return stale.length;
}
