import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { pace, statementsOnThisThread } from '../board-changes/background-pace';
import type { Database } from '../db/database';
import { jobPostings, jobSources, type SourceKind } from '../db/job-board-tables';
import { selectRows } from '../db/select-rows';
import { type ImportedJob, JobError, type KnownJob, requireCount } from './imported-job';
import { type Claim, claimSource, defaultLease, type LeaseTiming } from './sync-claim';
import { type Insert, type Update, writeChanges } from './sync-write';
import type { VendorHttp } from './vendor-http';
import { VendorFailure } from './vendor-http';
import { vendors } from './vendors';

/**
 * One source's sync: read the ATS's whole list, then write what differs in one transaction.
 *
 * - A job keeps its board id: it is found by (source, ATS id), unique in the database.
 * - Only what changed is written: each job's mapped content has a hash, and a job whose hash and
 *   status are unchanged is not written at all (an unchanged source writes no job row).
 * - A job missing from a complete, successful answer closes; a failed answer (an error, a timeout,
 *   a cut-off or malformed body, a list that moved while it was read) writes nothing.
 * - An answer that would close more than half of the source's open jobs is held: nothing is
 *   written, and the line says so, until a sync with `allowMassClose`.
 * - All or nothing: the changes are one transaction (sync-write.ts), so the board never shows part
 *   of a sync, whatever stops it.
 * - One sync of a source at a time, across every instance: a sync holds the source by a lease it
 *   renews (sync-claim.ts); a sync whose process died is taken over once the lease runs out.
 * - A sync never throws: an error the board did not expect (not the vendor's answer) fails this
 *   source alone, its line and its log naming the source and, where one job caused it, the job.
 */
export interface SyncDeps {
  db: Database;
  http: VendorHttp;
  vendorUrls: Record<SourceKind, string>;
  /** Told of every sync's result, one JSON line each. */
  log?: (entry: Record<string, unknown>) => void;
  /** Told of each write statement's rows once it is done (tests: what runs between them, or a failure). */
  onWritten?: (rows: number) => void;
  /** The claim's lease (tests shorten it). */
  lease?: LeaseTiming;
}

export interface SyncCounts {
  new: number;
  updated: number;
  closed: number;
  unchanged: number;
}

export interface SyncResult {
  sourceId: number;
  ok: boolean;
  /** As `pnpm sources sync` prints it: `3 greenhouse/acme: 2 new, 0 updated, 1 closed, 10 unchanged`. */
  line: string;
  counts?: SyncCounts;
  /** Where the time went: reading the vendor (requests and mapping), then the write's transaction. */
  ms?: { read: number; write: number };
}

/**
 * A sync keeps to the share of the thread all background work keeps to (background-pace.ts) for
 * this long, then takes half of it: a 1,000-job sync must end within 10 s however busy the board.
 */
const hurryAfterMs = 5_000;

export function syncLine(source: { id: number; kind: string; board: string }, outcome: SyncCounts | string): string {
  const name = `${source.id} ${source.kind}/${source.board}`;
  if (typeof outcome === 'string') return `${name}: failed: ${outcome}`;
  return `${name}: ${outcome.new} new, ${outcome.updated} updated, ${outcome.closed} closed, ${outcome.unchanged} unchanged`;
}

interface KnownRow {
  id: number;
  source_job_id: string;
  status: string;
  source_hash: string | null;
  source_updated_at: string | null;
  salary_min: number | null;
  salary_max: number | null;
  salary_currency: string | null;
  /** Its posting date is later than its first sighting (kept before the board stopped showing such dates). */
  date_ahead: boolean | null;
}

async function knownJobs(db: Database, sourceId: number): Promise<KnownRow[]> {
  return selectRows<KnownRow>(
    db,
    sql`select ${jobPostings.id} as id, ${jobPostings.sourceJobId} as source_job_id, ${jobPostings.status} as status,
      ${jobPostings.sourceHash} as source_hash, ${jobPostings.sourceUpdatedAt} as source_updated_at,
      ${jobPostings.salaryMin} as salary_min, ${jobPostings.salaryMax} as salary_max,
      ${jobPostings.salaryCurrency} as salary_currency,
      ${jobPostings.publishedAt} > ${jobPostings.firstSeenAt} as date_ahead
      from ${jobPostings} where ${jobPostings.sourceId} = ${sourceId}`,
  );
}

/** The columns an import writes, from what the ATS gave. */
function columnsOf(job: ImportedJob) {
  return {
    title: job.title,
    location: job.location,
    salary_min: job.salary?.min ?? null,
    salary_max: job.salary?.max ?? null,
    salary_currency: job.salary?.currency ?? null,
    short_description: job.description.short || null,
    description: job.description.text || null,
    description_blocks: job.description.blocks.length > 0 ? job.description.blocks : null,
    job_type: job.jobType,
    workplace_type: job.workplaceType,
    level: job.level,
    application_url: job.applicationUrl,
    /** The ATS's date; written no later than the board's first sighting, which stands in when it is null. */
    published_at: job.postedAt?.toISOString() ?? null,
    valid_through: job.validThrough?.toISOString() ?? null,
    source_updated_at: job.atsUpdatedAt,
  };
}

export type Columns = ReturnType<typeof columnsOf>;

/** The hash of what is written: equal hashes, nothing to write. */
const hashOf = (columns: Columns) => createHash('sha256').update(JSON.stringify(columns)).digest('base64url');

/** Why a source that could not be claimed was not synced. */
async function unclaimed(db: Database, sourceId: number): Promise<SyncResult> {
  const [row] = await db.select().from(jobSources).where(eq(jobSources.id, sourceId));
  if (!row || row.removedAt) return { sourceId, ok: false, line: `${sourceId}: failed: no such source` };
  return {
    sourceId,
    ok: false,
    line: syncLine(row, `a sync of this source is under way (claimed until ${row.syncClaimedUntil?.toISOString()})`),
  };
}

/** Syncs one source. Never throws: whatever fails, the result's line says it, and the log has it. */
export async function syncSource(
  deps: SyncDeps,
  sourceId: number,
  options: { allowMassClose?: boolean } = {},
): Promise<SyncResult> {
  let claim: Claim | null = null;
  let outcome: SyncCounts | string;
  let error: unknown = null;
  const ms = { read: 0, write: 0 };
  try {
    claim = await claimSource(deps.db, sourceId, deps.lease ?? defaultLease);
    if (!claim) {
      const result = await unclaimed(deps.db, sourceId);
      report(deps, result, null, null);
      return result;
    }
    outcome = await importJobs(deps, claim, options, ms);
  } catch (caught) {
    if (caught instanceof VendorFailure) outcome = caught.reason;
    else {
      error = caught;
      outcome =
        caught instanceof JobError
          ? `an error in the board while reading job ${caught.atsId} (${nameOf(caught.cause)}; the log has it)`
          : `an error in the board (${nameOf(caught)}; the log has it)`;
    }
  }
  const source = claim?.source ?? null;
  const ok = typeof outcome !== 'string';
  const line = source ? syncLine(source, outcome) : `${sourceId}: failed: ${outcome}`;
  // A release that fails (the database away) leaves the lease to run out.
  await claim?.release(ok, line).catch(() => undefined);
  const result: SyncResult = { sourceId, ok, line, ms, ...(ok ? { counts: outcome as SyncCounts } : {}) };
  report(deps, result, source, error);
  return result;
}

const nameOf = (error: unknown) => (error instanceof Error ? error.name : typeof error);

/** One JSON line per sync: the source, its line, and for an error the board did not expect, the error and the job. */
function report(deps: SyncDeps, result: SyncResult, source: { kind: string; board: string } | null, error: unknown) {
  const cause = error instanceof JobError ? error.cause : error;
  deps.log?.({
    time: new Date().toISOString(),
    level: error ? 'error' : result.ok ? 'info' : 'warn',
    message: result.ok ? 'source synced' : 'source sync failed',
    source_id: result.sourceId,
    ...(source ? { kind: source.kind, board: source.board } : {}),
    line: result.line,
    ...(result.ms ? { read_ms: result.ms.read, write_ms: result.ms.write } : {}),
    ...(error instanceof JobError ? { ats_id: error.atsId } : {}),
    ...(error
      ? {
          error: cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause),
          stack: cause instanceof Error ? cause.stack : undefined,
        }
      : {}),
  });
}

async function importJobs(
  deps: SyncDeps,
  claim: Claim,
  options: { allowMassClose?: boolean },
  ms: { read: number; write: number },
): Promise<SyncCounts | string> {
  const { db } = deps;
  const source = claim.source;
  const started = performance.now();
  // The sync is background work on the thread that answers the API's requests: it keeps to a
  // share of it (background-pace.ts). On PostgreSQL its statements run in the server; on PGlite
  // they hold this thread, so they count, and are made smaller.
  const pause = pace({ hurryAfterMs: hurryAfterMs });
  const onThread = statementsOnThisThread(db);
  const statement = <T>(work: Promise<T>): Promise<T> => (onThread ? work : pause.untimed(work));
  const before = await statement(knownJobs(db, source.id));
  await pause();
  const known = new Map<string, KnownJob>(
    before.map((row) => [
      row.source_job_id,
      {
        atsUpdatedAt: row.source_updated_at,
        salary:
          row.salary_currency && (row.salary_min !== null || row.salary_max !== null)
            ? { min: row.salary_min, max: row.salary_max, currency: row.salary_currency }
            : null,
      },
    ]),
  );
  // Paced by the vendor's own mapping (mapYielding); the requests leave the thread free.
  const answer = await pause.untimed(
    vendors[source.kind].jobs(source.board, {
      http: deps.http,
      baseUrl: deps.vendorUrls[source.kind],
      known,
    }),
  );
  requireCount(answer.length);
  // The same ATS job twice in one answer is one job.
  const listed = new Map<string, { columns: Columns; hash: string }>();
  for (const [at, job] of answer.entries()) {
    if (at > 0 && at % 50 === 0) await pause();
    if (listed.has(job.atsId)) continue;
    const columns = columnsOf(job);
    listed.set(job.atsId, { columns, hash: hashOf(columns) });
  }

  ms.read = Math.round(performance.now() - started);
  const writing = performance.now();

  // What differs, from the jobs as they are now (the source's claim keeps other syncs out).
  await pause();
  const rows = await statement(knownJobs(db, source.id));
  await pause();
  const byAtsId = new Map(rows.map((row) => [row.source_job_id, row]));
  const inserts: Insert[] = [];
  const updates: Update[] = [];
  let unchanged = 0;
  for (const [atsId, { columns, hash }] of listed) {
    const row = byAtsId.get(atsId);
    if (!row) inserts.push({ ...columns, source_job_id: atsId, hash });
    else if (row.source_hash !== hash || row.status !== 'published' || row.date_ahead)
      updates.push({ ...columns, id: row.id, hash });
    else unchanged++;
  }
  const open = rows.filter((row) => row.status === 'published');
  const closing = open.filter((row) => !listed.has(row.source_job_id)).map((row) => row.id);
  if (closing.length > 0 && closing.length * 2 > open.length && !options.allowMassClose)
    return `held: the answer would close ${closing.length} of the source's ${open.length} open jobs, so nothing was changed; if they did close, run: pnpm sources sync ${source.id} --allow-mass-close`;

  if (inserts.length + updates.length + closing.length > 0) {
    const written = await writeChanges({ db, pause, onThread, statement, onWritten: deps.onWritten }, claim, {
      inserts,
      updates,
      closing,
    });
    if (written === 'removed') return 'the source was removed during the sync';
    if (written === 'lost')
      return 'the sync stalled past its lease and another sync took the source over; nothing was written';
    // The transaction's share of the thread, before the next sync or request.
    await pause();
  }
  ms.write = Math.round(performance.now() - writing);
  return { new: inserts.length, updated: updates.length, closed: closing.length, unchanged };
}
