import { and, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { type OutboxMessage, outbox } from '../db/alert-tables';
import type { Database } from '../db/database';
import { selectRows } from '../job-postings/queries';

/**
 * The outbox: emails are rows, written in the transaction of the event that causes them, and
 * sent by whichever instance claims them. A claim is `FOR UPDATE SKIP LOCKED` plus a lease
 * (`locked_until`): two senders never hold one row, and a row whose sender died is claimed again
 * when its lease ends. A failed send is retried with a growing backoff; nothing is dropped.
 */

/** What a transaction (or the database) offers: the outbox is written inside the event's transaction. */
type Writer = Pick<Database, 'insert'>;

export interface OutboxEntry {
  kind: 'confirmation' | 'digest' | 'notice' | 'receipt';
  /** The alert the email is about: deleting the alert deletes its unsent emails. */
  alertId?: string;
  /** One email per event: enqueueing the same key twice sends one email. */
  dedupeKey: string;
  message: OutboxMessage;
}

export async function enqueue(tx: Writer, entries: OutboxEntry[]): Promise<number> {
  if (entries.length === 0) return 0;
  const inserted = await tx
    .insert(outbox)
    .values(entries)
    .onConflictDoNothing({ target: outbox.dedupeKey })
    .returning({ id: outbox.id });
  return inserted.length;
}

export interface MailTransport {
  send(message: OutboxMessage): Promise<void>;
}

export interface SenderOptions {
  /** How long a claim holds a row: longer than one send may take (the SMTP timeouts). */
  leaseSeconds?: number;
  batchSize?: number;
  /** The wait before retry n (1, 2, …): by default 30 s doubling, at most an hour. */
  backoffMs?: (attempt: number) => number;
  log?: (entry: Record<string, unknown>) => void;
}

export const defaultBackoffMs = (attempt: number) => Math.min(30_000 * 2 ** (attempt - 1), 3_600_000);

/** The error's kind for the row and the log: its code or class, never its message (it may name the address). */
function errorKind(error: unknown): string {
  if (error && typeof error === 'object') {
    const { code, responseCode, name } = error as { code?: unknown; responseCode?: unknown; name?: unknown };
    return [name, code, responseCode].filter((part) => part !== undefined).join(' ') || 'Error';
  }
  return 'Error';
}

export function createOutboxSender(db: Database, transport: MailTransport, options: SenderOptions = {}) {
  const leaseSeconds = options.leaseSeconds ?? 300;
  const batchSize = options.batchSize ?? 50;
  const backoffMs = options.backoffMs ?? defaultBackoffMs;

  /** Claims up to one batch of due rows for this sender. */
  async function claim() {
    return selectRows<{ id: number | string; message: OutboxMessage; attempts: number }>(
      db,
      sql`update ${outbox} set locked_until = now() + ${leaseSeconds}::float8 * interval '1 second', attempts = attempts + 1
        where id in (
          select id from ${outbox}
          where sent_at is null and next_attempt_at <= now() and (locked_until is null or locked_until <= now())
          order by next_attempt_at, id
          limit ${batchSize}
          for update skip locked
        )
        returning id, message, attempts`,
    );
  }

  /** Sends one claimed batch; the sent rows are marked in one statement, each failure gets its retry time. */
  async function sendBatch(): Promise<{ claimed: number; sent: number; failed: number }> {
    const rows = await claim();
    const sent: number[] = [];
    let failed = 0;
    await Promise.all(
      rows.map(async (row) => {
        const id = Number(row.id);
        try {
          await transport.send(typeof row.message === 'string' ? JSON.parse(row.message) : row.message);
          sent.push(id);
        } catch (error) {
          failed++;
          const kind = errorKind(error);
          options.log?.({
            level: 'warn',
            message: 'alert email not sent; it will be retried',
            outbox_id: id,
            error: kind,
          });
          await db
            .update(outbox)
            .set({
              lockedUntil: null,
              lastError: kind.slice(0, 200),
              nextAttemptAt: sql`now() + ${backoffMs(row.attempts)}::float8 * interval '1 millisecond'`,
            })
            .where(sql`${outbox.id} = ${id}`);
        }
      }),
    );
    if (sent.length > 0)
      await db.update(outbox).set({ sentAt: sql`now()`, lockedUntil: null }).where(inArray(outbox.id, sent));
    return { claimed: rows.length, sent: sent.length, failed };
  }

  let running: Promise<{ sent: number; failed: number }> | null = null;
  let again = false;

  /**
   * Sends every due email (batch after batch) until none is left to claim. One drain at a time
   * per sender: a call during a drain makes it look once more before it ends.
   */
  function drain(): Promise<{ sent: number; failed: number }> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      const total = { sent: 0, failed: 0 };
      try {
        do {
          again = false;
          for (;;) {
            const batch = await sendBatch();
            total.sent += batch.sent;
            total.failed += batch.failed;
            if (batch.claimed < batchSize) break;
          }
        } while (again);
        return total;
      } finally {
        running = null;
      }
    })();
    return running;
  }

  return { drain, sendBatch };
}

export type OutboxSender = ReturnType<typeof createOutboxSender>;

/** Sent emails are kept a day (for the operator's figures), then deleted with their address. */
export async function pruneSent(db: Database, keepSeconds = 24 * 60 * 60): Promise<number> {
  const deleted = await db
    .delete(outbox)
    .where(and(isNotNull(outbox.sentAt), lt(outbox.sentAt, sql`now() - ${keepSeconds}::float8 * interval '1 second'`)))
    .returning({ id: outbox.id });
  return deleted.length;
}
