import type { Database } from '../db/database';

/**
 * The commits to the board's tables (jobs, companies, workspaces) made through a database handle
 * of this process, as their writers say after each one (`boardWritten`): the sync, a source added
 * or removed, the seed, a test. A request after one reads the data version once before it answers
 * (board-changes.ts), so a write through this instance is in its next read, while a request after
 * nothing but reads, or after writes to other tables (an application, an alert), asks the database
 * nothing (docs/decisions/022-live-reads.md). Every other writer (the platform, another instance,
 * a worker) is learned of by notification.
 */
const commits = new WeakMap<Database, number>();

/** Says that a commit through `db` changed the board's tables: the next request checks the data version once. */
export function boardWritten(db: Database): void {
  commits.set(db, (commits.get(db) ?? 0) + 1);
}

/** How many commits to the board's tables `db`'s writers have told of. */
export function boardWrites(db: Database): number {
  return commits.get(db) ?? 0;
}
