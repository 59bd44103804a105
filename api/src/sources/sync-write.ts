import { inArray, sql } from 'drizzle-orm';
import { boardWritten } from '../board-changes/board-written';
import { lockFirstSeenForWriting } from '../board-changes/first-seen-lock';
import { statementsOnThisThread } from '../db/client';
import type { Database } from '../db/database';
import { jobPostings } from '../db/job-board-tables';
import { selectRows } from '../db/select-rows';
import { type Claim, type ClaimedSource, checkClaim } from './sync-claim';
import { type ImportedColumns, importedColumns, sqlRecord } from './sync-columns';

export interface Insert {
  atsId: string;
  columns: ImportedColumns;
  hash: string;
}
export interface Update {
  id: number;
  columns: ImportedColumns;
  hash: string;
}

/** Rows per statement on PostgreSQL, whose statements run in its server. */
const rowsPerStatement = 250;
/**
 * Rows per statement where statements run on the API's thread (PGlite): a 250-row statement held
 * it 50–300 ms (the triggers, the log, every index of `job_postings`) in one piece, and no slice
 * can cut a statement.
 */
const rowsPerStatementOnThread = 25;

export interface WriteDeps {
  db: Database;
  /** Called between two statements: gives way to the requests once the work has held the thread a while. */
  slice: () => Promise<void>;
  onWritten?: (rows: number) => void;
}

/**
 * A sync's changes, written in one transaction: the new jobs, the changed ones, then the closings.
 * The board (and every instance's index) sees all of a sync or none of it: a sync that fails or
 * whose process dies midway leaves the board as it was. The transaction first locks the source's
 * row and checks that the sync still holds its claim and that the source was not removed. Once it
 * is committed, the handle's readers are told (`boardWritten`).
 */
export async function writeChanges(
  deps: WriteDeps,
  claim: Claim,
  changes: { inserts: Insert[]; updates: Update[]; closing: number[] },
): Promise<'written' | 'removed' | 'lost'> {
  const { db, slice } = deps;
  const source = claim.source;
  const perStatement = statementsOnThisThread(db) ? rowsPerStatementOnThread : rowsPerStatement;
  const inStatements = async <T>(part: T[], write: (rows: T[]) => Promise<unknown>) => {
    for (let start = 0; start < part.length; start += perStatement) {
      await slice();
      const rows = part.slice(start, start + perStatement);
      await write(rows);
      deps.onWritten?.(rows.length);
    }
  };
  const outcome = await claim.held((token) =>
    db.transaction(async (tx) => {
      await lockFirstSeenForWriting(tx);
      const state = await checkClaim(tx, source.id, token);
      if (state !== 'held') return state;
      const [{ now } = { now: new Date().toISOString() }] = await selectRows<{ now: string }>(
        tx,
        sql`select clock_timestamp()::text as now`,
      );
      await inStatements(changes.inserts, (rows) => insertJobs(tx, source, rows, new Date(now)));
      await inStatements(changes.updates, (rows) => updateJobs(tx, source, rows));
      await inStatements(changes.closing, (ids) =>
        tx.update(jobPostings).set({ status: 'closed' }).where(inArray(jobPostings.id, ids)),
      );
      return 'written' as const;
    }),
  );
  if (outcome === 'written') boardWritten(db);
  return outcome;
}

/** New jobs, first seen now. A posting date later than that is not shown: the first sighting stands in. */
async function insertJobs(tx: Database, source: ClaimedSource, rows: Insert[], seen: Date) {
  await tx.insert(jobPostings).values(
    rows.map(({ atsId, columns, hash }) => ({
      ...columns,
      organizationId: source.organizationId,
      sourceId: source.id,
      sourceJobId: atsId,
      sourceHash: hash,
      shownOn: 'job_board' as const,
      status: 'published' as const,
      publishedAt: columns.publishedAt && columns.publishedAt < seen ? columns.publishedAt : seen,
      firstSeenAt: seen,
      changedAt: seen,
    })),
  );
}

/** What an update sets from the record of new values (`v`), by the table's SQL names. */
const setFromRecord = sql.join(
  Object.values(importedColumns).map((column) =>
    column === jobPostings.publishedAt
      ? sql`published_at = least(coalesce(v.published_at, j.published_at), j.first_seen_at)`
      : sql`${sql.identifier(column.name)} = v.${sql.identifier(column.name)}`,
  ),
  sql`, `,
);
/** The record's columns and their SQL types, for `jsonb_to_recordset`. */
const recordColumns = sql.raw(
  [
    'id integer',
    'hash text',
    ...Object.values(importedColumns).map((column) => `"${column.name}" ${column.getSQLType()}`),
  ].join(', '),
);

/**
 * One statement for a few changed jobs: the new values as a JSON array of records, joined to the
 * rows by id. A job that reopens is published again; its first sighting and id stay, and its
 * posting date is never later than its first sighting.
 */
async function updateJobs(tx: Database, source: ClaimedSource, rows: Update[]) {
  const records = JSON.stringify(rows.map(({ id, columns, hash }) => ({ id, hash, ...sqlRecord(columns) })));
  await tx.execute(sql`update ${jobPostings} as j set ${setFromRecord},
      source_hash = v.hash, status = 'published', organization_id = ${source.organizationId}
    from jsonb_to_recordset(${records}::jsonb) as v(${recordColumns})
    where j.id = v.id and j.source_id = ${source.id}`);
}
