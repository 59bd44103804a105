import { and, eq, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { type OutboxMessage, outbox } from '../db/alert-tables';
import type { Database } from '../db/database';
import { selectRows } from '../db/select-rows';

/**
 * The outbox: the API's emails (an alert's confirmation, a digest, a notice; any other kind of
 * email goes the same way) are rows, written in the transaction of the event that causes them,
 * and sent by whichever instance claims them. A sender claims one row at a time (`FOR UPDATE SKIP
 * LOCKED`, then a lease, `locked_until`, that covers that one email's attempt), sends it, and marks
 * it sent as soon as the relay has accepted it: two senders never hold one row, and a sender that
 * dies leaves at most the one email it had in flight, sent again when its lease ends. A failed
 * send is retried with a growing backoff; nothing is dropped.
 */

/** What a transaction (or the database) offers: the outbox is written inside the event's transaction. */
type Writer = Pick<Database, 'insert' | 'execute'>;

/**
 * Notified at the commit of emails queued (`LISTEN outbox`): whoever sends them (the worker, or the
 * API with WORK_IN_API) sends at once rather than at its next round.
 */
export const outboxChannel = 'outbox';

export interface OutboxEntry {
  /** What the email is (`confirmation`, `digest`, `notice`, …): for the operator's figures. */
  kind: string;
  /** The alert the email is about, if any: deleting the alert deletes its unsent emails. */
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
  if (inserted.length > 0) await tx.execute(sql`select pg_notify(${outboxChannel}, '')`);
  return inserted.length;
}

export interface MailTransport {
  /** Resolves once the relay has accepted the email. */
  send(message: OutboxMessage): Promise<void>;
}

export interface SenderOptions {
  /** How long a claim holds one email: longer than one attempt may take (the transport's timeouts). */
  leaseSeconds?: number;
  /**
   * Emails one sender has in flight at once (at most the transport's connections). One by default:
   * a crash then re-sends at most the one email in flight (decision 027); throughput grows with instances.
   */
  concurrency?: number;
  /** The wait before retry n (1, 2, …): by default 30 s doubling, at most an hour. */
  backoffMs?: (attempt: number) => number;
  log?: (entry: Record<string, unknown>) => void;
  /** The time leases and retries are measured in: the database's `now()`, or a test's clock. */
  clock?: () => SQL;
  /** Told of each email the relay accepted, by its kind (the metrics). */
  onSent?: (kind: string) => void;
}

const defaultBackoffMs = (attempt: number) => Math.min(30_000 * 2 ** (attempt - 1), 3_600_000);

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
  const concurrency = options.concurrency ?? 1;
  const backoffMs = options.backoffMs ?? defaultBackoffMs;
  const now = options.clock ?? (() => sql`now()`);

  /** Claims the next due email for this sender, under a lease for one attempt; null when none is due. */
  async function claim() {
    const at = now();
    const [row] = await selectRows<{
      id: number | string;
      kind: string;
      message: OutboxMessage | string;
      attempts: number;
    }>(
      db,
      sql`update ${outbox} set locked_until = ${at} + ${leaseSeconds}::float8 * interval '1 second', attempts = attempts + 1
        where id = (
          select id from ${outbox}
          where sent_at is null and next_attempt_at <= ${at} and (locked_until is null or locked_until <= ${at})
          order by next_attempt_at, id
          limit 1
          for update skip locked
        )
        returning id, kind, message, attempts`,
    );
    return row ? { ...row, id: Number(row.id) } : null;
  }

  /** Claims, sends and marks one email; null when none was due. */
  async function sendOne(): Promise<'sent' | 'failed' | null> {
    const row = await claim();
    if (!row) return null;
    try {
      await transport.send(typeof row.message === 'string' ? JSON.parse(row.message) : row.message);
    } catch (error) {
      const kind = errorKind(error);
      options.log?.({ level: 'warn', message: 'email not sent; it will be retried', outbox_id: row.id, error: kind });
      // Only while the claim is still this sender's (its attempt): a later claim's state stands.
      await db
        .update(outbox)
        .set({
          lockedUntil: null,
          lastError: kind.slice(0, 200),
          nextAttemptAt: sql`${now()} + ${backoffMs(row.attempts)}::float8 * interval '1 millisecond'`,
        })
        .where(and(eq(outbox.id, row.id), eq(outbox.attempts, row.attempts), isNull(outbox.sentAt)));
      return 'failed';
    }
    // Accepted: marked at once, so nothing that happens to this sender from here sends it again.
    await db.update(outbox).set({ sentAt: now(), lockedUntil: null }).where(eq(outbox.id, row.id));
    options.onSent?.(row.kind);
    return 'sent';
  }

  let running: Promise<{ sent: number; failed: number }> | null = null;
  let again = false;

  /**
   * Sends every due email until none is left to claim, `concurrency` at a time. One drain at a
   * time per sender: a call during a drain makes it look once more before it ends.
   */
  function drain(): Promise<{ sent: number; failed: number }> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      const total = { sent: 0, failed: 0 };
      const work = async () => {
        for (;;) {
          const outcome = await sendOne();
          if (outcome === null) return;
          total[outcome]++;
        }
      };
      try {
        do {
          again = false;
          // Every worker ends (none is left sending alone) before a failure is reported.
          const ended = await Promise.allSettled(Array.from({ length: concurrency }, work));
          const failure = ended.find((outcome) => outcome.status === 'rejected');
          if (failure) throw failure.reason;
        } while (again);
        return total;
      } finally {
        running = null;
      }
    })();
    return running;
  }

  return { drain, sendOne };
}

/** Sent emails are kept a day (for the operator's figures), then deleted with their address. */
export async function pruneSent(db: Database, keepSeconds = 24 * 60 * 60): Promise<number> {
  const deleted = await db
    .delete(outbox)
    .where(and(isNotNull(outbox.sentAt), lt(outbox.sentAt, sql`now() - ${keepSeconds}::float8 * interval '1 second'`)))
    .returning({ id: outbox.id });
  return deleted.length;
}

/** The emails not sent yet, and how long the oldest has waited (seconds; 0: none): an operator's figures. */
export async function outboxBacklog(db: Database): Promise<{ depth: number; oldestAgeSeconds: number }> {
  const [row] = await selectRows<{ depth: string | number; oldest: string | number | null }>(
    db,
    sql`select count(*) as depth, extract(epoch from now() - min(created_at))::float8 as oldest
      from ${outbox} where sent_at is null`,
  );
  return { depth: Number(row?.depth ?? 0), oldestAgeSeconds: Math.max(0, Number(row?.oldest ?? 0)) };
}
