import { eq, inArray } from 'drizzle-orm';
import { outbox } from '../db/alert-tables';
import type { applications } from '../db/application-tables';
import type { Database } from '../db/database';
import { enqueue } from '../mail/outbox';
import { type AppliedJob, sentFields } from './application-summary';
import type { CandidateLinkMaker } from './candidate-links';
import { receiptEmail } from './receipt-email';
import { applicationKeptUntil } from './retention';

type Writer = Pick<Database, 'insert' | 'execute'>;

/** One receipt per application: the outbox's key for it (also how its row is found to delete it). */
export const receiptKey = (applicationId: string) => `receipt:${applicationId}`;

/** Queues the receipt of a just-stored application, inside the transaction that stores it. */
export async function enqueueReceipt(
  tx: Writer,
  application: typeof applications.$inferSelect,
  job: AppliedJob,
  links: CandidateLinkMaker,
): Promise<void> {
  await enqueue(tx, [
    {
      kind: 'receipt',
      dedupeKey: receiptKey(application.id),
      message: receiptEmail(application.candidateEmail, {
        job,
        receivedAt: application.receivedAt,
        fields: sentFields(application),
        talentPartnerId: application.talentPartnerUserId,
        link: links.application(application.id),
        keptUntil: applicationKeptUntil(application.receivedAt),
      }),
    },
  ]);
}

/**
 * Deletes the receipts of these applications from the outbox, sent or not: the email's copy there
 * holds what the candidate sent, so it goes with the application.
 */
export async function deleteReceipts(db: Pick<Database, 'delete'>, applicationIds: string[]): Promise<number> {
  if (applicationIds.length === 0) return 0;
  const keys = applicationIds.map(receiptKey);
  const deleted = await db
    .delete(outbox)
    .where(keys.length === 1 ? eq(outbox.dedupeKey, keys[0] as string) : inArray(outbox.dedupeKey, keys))
    .returning({ id: outbox.id });
  return deleted.length;
}
