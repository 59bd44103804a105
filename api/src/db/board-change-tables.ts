/**
 * The board's change log: which rows of the job tables (job_postings, organizations, workspaces)
 * each committed transaction changed, and the data version it made, assigned in commit order.
 * Written only by the database's triggers (migration 0005), whoever writes; read by every API
 * instance to apply the changed rows to its search index (docs/decisions/022-live-reads.md).
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgSequence, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** The data versions, taken in commit order (under a lock held to the commit) by the commit trigger. */
export const boardVersionSeq = pgSequence('board_version_seq');

/**
 * One row per transaction that changed the job tables. `version` is null until the transaction
 * commits: a deferred trigger sets it then, so a reader never sees a version before every smaller
 * one is visible.
 */
export const boardCommits = pgTable('board_commits', {
  /** The top-level transaction's id (`pg_current_xact_id()`). */
  txid: bigint('txid', { mode: 'number' }).primaryKey(),
  version: bigint('version', { mode: 'number' }).unique(),
  /** When the transaction started (pruning only). */
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The rows a transaction changed: the table and the row's key as text (a job's or company's id, a
 * workspace's slug); `*` for a TRUNCATE (everything). A row changed twice in one transaction may
 * appear twice.
 */
export const boardChanges = pgTable(
  'board_changes',
  {
    txid: bigint('txid', { mode: 'number' }).notNull(),
    tableName: text('table_name').notNull(),
    rowKey: text('row_key').notNull(),
  },
  (table) => [index('board_changes_txid_idx').on(table.txid)],
);

/**
 * One row: the versions whose changes were pruned (every version up to `pruned_through`). An
 * instance whose index is older than that reads the whole index again.
 */
export const boardChangeLog = pgTable(
  'board_change_log',
  {
    id: smallint('id').primaryKey().default(1),
    prunedThrough: bigint('pruned_through', { mode: 'number' }).notNull().default(0),
  },
  (table) => [check('board_change_log_one_row', sql`${table.id} = 1`)],
);
