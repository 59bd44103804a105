import { inArray, sql } from 'drizzle-orm';
import type { Pace } from '../board-changes/background-pace';
import { lockFirstSeenForWriting } from '../board-changes/first-seen-lock';
import type { Database } from '../db/database';
import { jobPostings } from '../db/job-board-tables';
import { selectRows } from '../db/select-rows';
import type { Columns } from './sync';
import { type Claim, type ClaimedSource, checkClaim } from './sync-claim';

export type Insert = Columns & { source_job_id: string; hash: string };
export type Update = Columns & { id: number; hash: string };

/** Rows per statement on PostgreSQL, whose statements run in its server. */
const rowsPerStatement = 250;
/**
 * Rows per statement where statements run on the API's thread (PGlite): a 250-row statement held
 * it 50–300 ms (the triggers, the log, every index of `job_postings`) in one piece, which every
 * search waited for.
 */
const rowsPerStatementOnThread = 25;

export interface WriteDeps {
  db: Database;
  pause: Pace;
  onThread: boolean;
  /** A statement's promise, the pace's clock stopped while it runs in the server (PostgreSQL). */
  statement: <T>(work: Promise<T>) => Promise<T>;
  onWritten?: (rows: number) => void;
}

/**
 * A sync's changes, written in one transaction: the new jobs, the changed ones, then the closings.
 * The board (and every instance's index) sees all of a sync or none of it: a sync that fails or
 * whose process dies midway leaves the board as it was. The transaction first locks the source's
 * row and checks that the sync still holds its claim and that the source was not removed.
 *
 * On PGlite the statements are a few rows each, with a turn of the event loop between them (the
 * requests that need only the thread run); the wait that gives the thread back for the
 * transaction's time comes after its commit, when the one connection is free (decision 031).
 */
export async function writeChanges(
  deps: WriteDeps,
  claim: Claim,
  changes: { inserts: Insert[]; updates: Update[]; closing: number[] },
): Promise<'written' | 'removed' | 'lost'> {
  const { db, pause, statement } = deps;
  const source = claim.source;
  const perStatement = deps.onThread ? rowsPerStatementOnThread : rowsPerStatement;
  const inStatements = async <T>(part: T[], write: (rows: T[]) => Promise<unknown>) => {
    for (let start = 0; start < part.length; start += perStatement) {
      await pause.turn();
      const rows = part.slice(start, start + perStatement);
      await statement(write(rows));
      deps.onWritten?.(rows.length);
    }
  };
  // The requests that came in meanwhile go first (on PGlite, a transaction holds the one connection).
  await pause();
  return claim.held((token) =>
    statement(
      db.transaction(async (tx) => {
        await statement(lockFirstSeenForWriting(tx));
        const state = await statement(checkClaim(tx, source.id, token));
        if (state !== 'held') return state;
        const [{ now } = { now: new Date().toISOString() }] = await statement(
          selectRows<{ now: string }>(tx, sql`select clock_timestamp()::text as now`),
        );
        await inStatements(changes.inserts, (rows) => insertJobs(tx, source, rows, now));
        await inStatements(changes.updates, (rows) => updateJobs(tx, source, rows));
        await inStatements(changes.closing, (ids) =>
          tx.update(jobPostings).set({ status: 'closed' }).where(inArray(jobPostings.id, ids)),
        );
        return 'written' as const;
      }),
    ),
  );
}

/** New jobs, first seen now. A posting date later than that is not shown: the first sighting stands in. */
async function insertJobs(tx: Database, source: ClaimedSource, rows: Insert[], now: string) {
  const seen = new Date(now);
  await tx.insert(jobPostings).values(
    rows.map((row) => {
      const posted = row.published_at ? new Date(row.published_at) : null;
      return {
        organizationId: source.organizationId,
        sourceId: source.id,
        sourceJobId: row.source_job_id,
        sourceHash: row.hash,
        sourceUpdatedAt: row.source_updated_at,
        title: row.title,
        location: row.location,
        salaryMin: row.salary_min,
        salaryMax: row.salary_max,
        salaryCurrency: row.salary_currency,
        shortDescription: row.short_description,
        description: row.description,
        descriptionBlocks: row.description_blocks,
        jobType: row.job_type,
        workplaceType: row.workplace_type,
        level: row.level,
        applicationUrl: row.application_url,
        shownOn: 'job_board' as const,
        status: 'published' as const,
        publishedAt: posted && posted < seen ? posted : seen,
        validThrough: row.valid_through ? new Date(row.valid_through) : null,
        firstSeenAt: seen,
        changedAt: seen,
      };
    }),
  );
}

/**
 * One statement for a few changed jobs: the new values as a JSON array of records, joined to the
 * rows by id. A job that reopens is published again; its first sighting and id stay, and its
 * posting date is never later than its first sighting.
 */
async function updateJobs(tx: Database, source: ClaimedSource, rows: Update[]) {
  const records = JSON.stringify(rows);
  await tx.execute(sql`update ${jobPostings} as j set
      title = v.title, location = v.location, salary_min = v.salary_min, salary_max = v.salary_max,
      salary_currency = v.salary_currency, short_description = v.short_description,
      description = v.description, description_blocks = v.description_blocks, job_type = v.job_type,
      workplace_type = v.workplace_type, level = v.level, application_url = v.application_url,
      published_at = least(coalesce(v.published_at, j.published_at), j.first_seen_at),
      valid_through = v.valid_through,
      source_updated_at = v.source_updated_at, source_hash = v.hash, status = 'published',
      organization_id = ${source.organizationId}
    from jsonb_to_recordset(${records}::jsonb) as v(
      id integer, title text, location text, salary_min integer, salary_max integer, salary_currency text,
      short_description text, description text, description_blocks jsonb, job_type text, workplace_type text,
      level text, application_url text, published_at timestamptz, valid_through timestamptz,
      source_updated_at text, hash text)
    where j.id = v.id and j.source_id = ${source.id}`);
}
