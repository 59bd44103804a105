import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
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
 * Concurrent callers share the check under way. On PGlite a check is skipped while no statement
 * ran through the client since the last one (see `statementCounter`): a query per request cut the
 * cached calls' throughput by half or more.
 */
export function dataVersion(db: Database): DataVersion {
  let version = 0;
  let lastSnapshot: string | null = null;
  let lastFingerprint: string | null = null;
  let running: Promise<number> | null = null;
  const perRequest = new WeakMap<Request, Promise<number>>();
  const statements = statementCounter(db);
  /** The statement count when the last check started (PGlite only). */
  let checkedAt = -1;
  const read = async (text: string) => {
    const [row] = statements
      ? ((await statements.uncounted(text)).rows as { value: string }[])
      : await selectRows<{ value: string }>(db, sql.raw(text));
    return String(row?.value ?? '');
  };

  async function check(): Promise<number> {
    const count = statements?.count ?? -1;
    const snapshot = await read('select pg_current_snapshot()::text as value');
    checkedAt = count;
    if (snapshot === lastSnapshot) return version;
    // The first check only notes the snapshot (the fingerprint reads every row: not on the first
    // request's path); the first change of snapshot then counts as a change of data.
    const fingerprint = lastSnapshot === null ? null : await read(fingerprintQuery);
    if (lastSnapshot !== null && (lastFingerprint === null || fingerprint !== lastFingerprint)) version++;
    lastFingerprint = fingerprint;
    // Recorded only now, and taken before the fingerprint: a write in between changes the next
    // snapshot, so it is fingerprinted then.
    lastSnapshot = snapshot;
    return version;
  }

  function shared(): Promise<number> {
    // PGlite: no statement ran since the last check started, so nothing can have changed.
    if (statements && lastSnapshot !== null && statements.count === checkedAt && !running)
      return Promise.resolve(version);
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

const fingerprintQuery = `select concat_ws(':',
  (select md5(coalesce(string_agg(xmin::text || ctid::text, ',' order by ctid), '')) from job_postings),
  (select md5(coalesce(string_agg(xmin::text || ctid::text, ',' order by ctid), '')) from organizations),
  (select md5(coalesce(string_agg(xmin::text || ctid::text, ',' order by ctid), '')) from workspaces)
) as value`;

interface StatementCounter {
  /** Statements started plus statements settled through the client, so far. */
  readonly count: number;
  /** A query that is not counted (the checks' own). */
  uncounted(text: string): Promise<{ rows: unknown[] }>;
}
const counters = new WeakMap<PGlite, StatementCounter>();

/**
 * Embedded PGlite has one writer: this process, through this one client. Counting what runs
 * through it lets a request skip the check while nothing ran since the last one, so cached
 * answers cost no query. PostgreSQL has other writers (the platform): checked every time.
 */
function statementCounter(db: Database): StatementCounter | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) return null;
  const existing = counters.get(client);
  if (existing) return existing;
  const query = client.query.bind(client);
  let count = 0;
  const counter: StatementCounter = {
    get count() {
      return count;
    },
    uncounted: (text) => query(text),
  };
  const methods = client as unknown as Record<
    'query' | 'exec' | 'transaction',
    (...args: unknown[]) => Promise<unknown>
  >;
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const original = methods[name].bind(client);
    methods[name] = (...args) => {
      count++;
      return original(...args).finally(() => {
        count++;
      });
    };
  }
  counters.set(client, counter);
  return counter;
}
