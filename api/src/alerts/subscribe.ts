import { randomBytes } from 'node:crypto';
import { describeAlertSearch, storedJobSearch } from '@board/shared/forms/alert-description';
import type { AlertSubscription } from '@board/shared/forms/alert-schema';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { alertConfirmationSends, alerts } from '../db/alert-tables';
import type { Database } from '../db/database';
import type { AddressKeys } from './address-keys';
import { alreadySubscribedEmail, confirmationEmail } from './emails';
import type { AlertLinkMaker } from './links';
import { enqueue } from './outbox';

/** At most this many confirmation (or "already subscribed") emails per address per day. */
export const confirmationsPerAddressPerDay = 3;

const searchKey = (search: unknown) => JSON.stringify(storedJobSearch(search));

/**
 * A subscription, in one transaction under a lock on the address: a new alert waits for its
 * confirmation, whose email goes into the outbox in the same commit. The same search again
 * resends the confirmation (still unconfirmed) or says it exists (confirmed), so the answer and
 * the email are the same whether or not the address is known. Past the daily limit per mailbox
 * (subaddresses and, where the provider ignores them, dots are one mailbox: address-keys.ts),
 * nothing is stored or sent. The emails go to the exact address given.
 */
export async function subscribe(
  db: Database,
  links: AlertLinkMaker,
  keys: AddressKeys,
  subscription: AlertSubscription,
  boardName?: string,
): Promise<{ emailed: boolean }> {
  const hash = keys.address(subscription.email);
  const mailbox = keys.mailbox(subscription.email);
  const search = storedJobSearch(subscription.search);
  const description = describeAlertSearch(search, boardName ? { name: boardName } : {});
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`alert:${mailbox}`}))`);
    const [sent] = await tx
      .select({ n: count() })
      .from(alertConfirmationSends)
      .where(
        and(
          eq(alertConfirmationSends.emailHash, mailbox),
          gt(alertConfirmationSends.at, sql`now() - interval '1 day'`),
        ),
      );
    if ((sent?.n ?? 0) >= confirmationsPerAddressPerDay) return { emailed: false };
    const known = await tx.select().from(alerts).where(eq(alerts.emailHash, hash));
    const same = known.find(
      (alert) =>
        (alert.workspaceSlug ?? undefined) === subscription.workspaceSlug &&
        alert.frequency === subscription.frequency &&
        searchKey(alert.search) === searchKey(search),
    );
    const nonce = randomBytes(16).toString('base64url');
    await tx.insert(alertConfirmationSends).values({ emailHash: mailbox });
    if (same && same.status !== 'pending') {
      await enqueue(tx, [
        {
          kind: 'notice',
          alertId: same.id,
          dedupeKey: `notice:${same.id}:${nonce}`,
          message: alreadySubscribedEmail(subscription.email, description, links.forAlert(same)),
        },
      ]);
      return { emailed: true };
    }
    let alert: { id: string; emailHash: string };
    if (same) {
      await tx.update(alerts).set({ confirmNonce: nonce, email: subscription.email }).where(eq(alerts.id, same.id));
      alert = same;
    } else {
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
        dedupeKey: `confirm:${alert.id}:${nonce}`,
        message: confirmationEmail(subscription.email, description, {
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
