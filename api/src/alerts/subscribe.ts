import { randomBytes } from 'node:crypto';
import { storedJobSearch } from '@board/shared/forms/alert-description';
import type { AlertSubscription } from '@board/shared/forms/alert-schema';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { alertConfirmationSends, alerts } from '../db/alert-tables';
import type { Database } from '../db/database';
import { enqueue } from '../mail/outbox';
import type { AddressKeys } from './address-keys';
import { alreadySubscribedEmail, confirmationEmail } from './emails';
import type { AlertLinkMaker } from './links';

/**
 * Confirmation (or "already subscribed") emails a day, counted two ways (decision 025): to one
 * mailbox from one client, so a stranger's requests use up their own count and never the
 * owner's; and to one mailbox from every client together, a ceiling so that many clients cannot
 * fill a mailbox with our emails.
 */
const confirmationsPerClientPerDay = 3;
const confirmationsPerMailboxPerDay = 10;

const searchKey = (search: unknown) => JSON.stringify(storedJobSearch(search));

/**
 * A subscription, in one transaction under a lock on the mailbox: a new alert waits for its
 * confirmation, whose email goes into the outbox in the same commit. The same search again
 * resends the confirmation (still unconfirmed: with the link it already had, so an earlier email's
 * link keeps working until it expires) or says it exists (confirmed), so the answer and the email
 * are the same whether or not the address is known. Past either daily count (subaddresses and,
 * where the provider ignores them, dots are one mailbox: address-keys.ts), nothing is stored or
 * sent. The emails go to the exact address given. `client` is the requesting client's key (its
 * address or IPv6 /64), kept only inside a keyed hash.
 */
export async function subscribe(
  db: Database,
  links: AlertLinkMaker,
  keys: AddressKeys,
  subscription: AlertSubscription,
  client: string,
  boardName?: string,
): Promise<{ emailed: boolean }> {
  const hash = keys.address(subscription.email);
  const mailbox = keys.mailbox(subscription.email);
  const fromClient = keys.clientMailbox(subscription.email, client);
  const search = storedJobSearch(subscription.search);
  const followed = { search, board: boardName ? { name: boardName } : {} };
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`alert:${mailbox}`}))`);
    const sentToday = async (key: string) => {
      const [sent] = await tx
        .select({ n: count() })
        .from(alertConfirmationSends)
        .where(
          and(eq(alertConfirmationSends.emailHash, key), gt(alertConfirmationSends.at, sql`now() - interval '1 day'`)),
        );
      return sent?.n ?? 0;
    };
    if ((await sentToday(fromClient)) >= confirmationsPerClientPerDay) return { emailed: false };
    if ((await sentToday(mailbox)) >= confirmationsPerMailboxPerDay) return { emailed: false };
    const known = await tx.select().from(alerts).where(eq(alerts.emailHash, hash));
    const same = known.find(
      (alert) =>
        (alert.workspaceSlug ?? undefined) === subscription.workspaceSlug &&
        alert.frequency === subscription.frequency &&
        searchKey(alert.search) === searchKey(search),
    );
    // Each email is its own outbox row; the link's one-time value is the alert's.
    const send = randomBytes(16).toString('base64url');
    await tx.insert(alertConfirmationSends).values([{ emailHash: mailbox }, { emailHash: fromClient }]);
    if (same && same.status !== 'pending') {
      await enqueue(tx, [
        {
          kind: 'notice',
          alertId: same.id,
          dedupeKey: `notice:${same.id}:${send}`,
          message: alreadySubscribedEmail(subscription.email, followed, links.forAlert(same)),
        },
      ]);
      return { emailed: true };
    }
    let alert: { id: string; emailHash: string };
    let nonce: string;
    if (same) {
      // Still waiting: the same link again (a new one would void the one already sent).
      nonce = same.confirmNonce ?? randomBytes(16).toString('base64url');
      await tx.update(alerts).set({ email: subscription.email, confirmNonce: nonce }).where(eq(alerts.id, same.id));
      alert = same;
    } else {
      nonce = randomBytes(16).toString('base64url');
      const [created] = await tx
        .insert(alerts)
        .values({
          email: subscription.email,
          emailHash: hash,
          workspaceSlug: subscription.workspaceSlug ?? null,
          search,
          frequency: subscription.frequency,
          confirmNonce: nonce,
        })
        .returning({ id: alerts.id, emailHash: alerts.emailHash });
      if (!created) throw new Error('the alert was not stored');
      alert = created;
    }
    await enqueue(tx, [
      {
        kind: 'confirmation',
        alertId: alert.id,
        dedupeKey: `confirm:${alert.id}:${send}`,
        message: confirmationEmail(subscription.email, followed, {
          ...links.forAlert(alert),
          confirm: links.confirm(alert, nonce),
        }),
      },
    ]);
    return { emailed: true };
  });
}

/** Forgets the per-address counts older than a day. */
export async function pruneConfirmationSends(db: Database): Promise<void> {
  await db.delete(alertConfirmationSends).where(sql`${alertConfirmationSends.at} < now() - interval '1 day'`);
}
