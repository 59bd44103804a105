import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { selectRows } from './queries';

export interface DataVersion {
  /**
   * A number that changes whenever jobs, companies or workspaces change, checked against the
   * database for the call: an answer built for it is never older than a change committed before
   * the check started (the check under way when the call came, a few milliseconds at most, or a
   * new one). One request asks once (pass its Request).
   */
  current(request?: Request): Promise<number>;
}

/**
 * Tells answers built from the board's data when they are out of date, for every writer (this
 * API, the platform writing to PostgreSQL, a seed), without a schema change:
 * - cheap check: the database's transaction snapshot; if no transaction committed since the last
 *   check (the snapshot text is the same), nothing changed;
 * - otherwise a fingerprint of the three tables: every row version's (xmin, ctid), so an insert,
 *   update or delete changes it, and a write elsewhere (an application) or a rollback does not.
 * Concurrent callers share the check under way: one query per moment, not one per request (a
 * query per request halved call 4's throughput on PGlite).
 */
export function dataVersion(db: Database): DataVersion {
  let version = 0;
  let lastSnapshot: string | null = null;
  let lastFingerprint: string | null = null;
  let running: Promise<number> | null = null;
  const perRequest = new WeakMap<Request, Promise<number>>();

  async function check(): Promise<number> {
    const snapshot = await firstValue(db, sql`select pg_current_snapshot()::text as value`);
    if (snapshot === lastSnapshot) return version;
    // The first check only notes the snapshot (the fingerprint reads every row: not on the first
    // request's path); the first change of snapshot then counts as a change of data.
    const fingerprint = lastSnapshot === null ? null : await firstValue(db, fingerprintQuery);
    if (lastSnapshot !== null && (lastFingerprint === null || fingerprint !== lastFingerprint)) version++;
    lastFingerprint = fingerprint;
    // Recorded only now, and taken before the fingerprint: a write in between changes the next
    // snapshot, so it is fingerprinted then.
    lastSnapshot = snapshot;
    return version;
  }

  function shared(): Promise<number> {
    running ??= check().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    current(request) {
      if (!request) return shared();
      let pending = perRequest.get(request);
      if (!pending) {
        pending = shared();
        perRequest.set(request, pending);
      }
      return pending;
    },
  };
}

const fingerprintQuery = sql`select concat_ws(':',
  (select md5(coalesce(string_agg(xmin::text || ctid::text, ',' order by ctid), '')) from job_postings),
  (select md5(coalesce(string_agg(xmin::text || ctid::text, ',' order by ctid), '')) from organizations),
  (select md5(coalesce(string_agg(xmin::text || ctid::text, ',' order by ctid), '')) from workspaces)
) as value`;

async function firstValue(db: Database, query: SQL): Promise<string> {
  const [row] = await selectRows<{ value: string }>(db, query);
  return String(row?.value ?? '');
}
