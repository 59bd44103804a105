import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import type { jobSources } from '../db/job-board-tables';
import { selectRows } from '../db/select-rows';

/**
 * One sync of a source at a time, across every instance and command: a sync holds the source by a
 * lease (`job_sources.sync_claimed_until`) that it renews while it works. A holder that died stops
 * renewing, and its claim is taken over once the lease runs out, within a minute.
 *
 * The lease's end, to the microsecond, is the holder's token: a renewal, the write's check and the
 * release each match it, so a holder whose lease was taken over (it stalled past its lease) can
 * neither renew nor write nor clear the new holder's claim.
 */
export interface LeaseTiming {
  /** How long a claim lasts unless renewed. */
  leaseSeconds: number;
  /** How often the holder renews it (a third of the lease: two renewals may be late before it lapses). */
  renewEveryMs: number;
}

export const defaultLease: LeaseTiming = { leaseSeconds: 60, renewEveryMs: 20_000 };

/** What a sync needs of its source. */
export type ClaimedSource = Pick<typeof jobSources.$inferSelect, 'id' | 'kind' | 'board' | 'organizationId'>;

export interface Claim {
  source: ClaimedSource;
  /**
   * Runs `work` while no renewal is under way (the write's transaction checks the token, which a
   * renewal changes).
   */
  held<T>(work: (token: string) => Promise<T>): Promise<T>;
  /** The lease was taken over, or the source removed: this sync must write nothing. */
  readonly lost: boolean;
  /** Stops renewing, and frees the source with the sync's line (when the claim is still this one's). */
  release(ok: boolean, line: string): Promise<void>;
}

interface ClaimedRow extends Record<string, unknown> {
  token: string;
}

/** Claims the source for a sync; null when it is unknown, removed or held by a live lease. */
export async function claimSource(
  db: Database,
  sourceId: number,
  timing: LeaseTiming = defaultLease,
): Promise<Claim | null> {
  const [row] = await selectRows<ClaimedRow>(
    db,
    sql`update job_sources set sync_claimed_until = now() + make_interval(secs => ${timing.leaseSeconds})
      where id = ${sourceId} and removed_at is null and (sync_claimed_until is null or sync_claimed_until < now())
      returning id, kind, board, organization_id, sync_claimed_until::text as token`,
  );
  if (!row) return null;
  const source: ClaimedSource = {
    id: Number(row.id),
    kind: row.kind as ClaimedSource['kind'],
    board: String(row.board),
    organizationId: Number(row.organization_id),
  };
  let token = row.token;
  let lost = false;
  let turn: Promise<unknown> = Promise.resolve();
  const held = <T>(work: (token: string) => Promise<T>): Promise<T> => {
    const next = turn.then(() => work(token));
    turn = next.catch(() => undefined);
    return next;
  };
  const renew = () =>
    held(async (current) => {
      if (lost) return;
      const [renewed] = await selectRows<ClaimedRow>(
        db,
        sql`update job_sources set sync_claimed_until = now() + make_interval(secs => ${timing.leaseSeconds})
          where id = ${sourceId} and removed_at is null and sync_claimed_until = ${current}::timestamptz
          returning sync_claimed_until::text as token`,
      );
      if (renewed) token = renewed.token;
      else lost = true;
    }).catch(() => {
      // A renewal that failed (the database away a moment) is tried again at the next tick; the
      // write's own check decides whether the claim still holds.
    });
  const renewing = setInterval(renew, timing.renewEveryMs);
  renewing.unref();
  return {
    source,
    held,
    get lost() {
      return lost;
    },
    async release(ok, line) {
      clearInterval(renewing);
      await held(async (current) => {
        await db.execute(
          sql`update job_sources set sync_claimed_until = null, last_sync_at = now(), last_sync_ok = ${ok},
            last_sync_line = ${line}
            where id = ${sourceId} and sync_claimed_until = ${current}::timestamptz`,
        );
      });
    },
  };
}

/**
 * In the write's transaction: locks the source's row and says whether this claim still holds it
 * ('removed': the source was removed meanwhile; 'lost': another sync took the lease over).
 */
export async function checkClaim(tx: Database, sourceId: number, token: string): Promise<'held' | 'removed' | 'lost'> {
  const [row] = await selectRows<{ removed: boolean; held: boolean }>(
    tx,
    sql`select removed_at is not null as removed, sync_claimed_until = ${token}::timestamptz as held
      from job_sources where id = ${sourceId} for update`,
  );
  if (!row || row.removed) return 'removed';
  return row.held ? 'held' : 'lost';
}
