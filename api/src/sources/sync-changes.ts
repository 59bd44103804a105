import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { jobPostings, type SourceKind } from '../db/job-board-tables';
import type { SyncRunResult } from '../lib/api-metrics';
import { timeSlice } from '../lib/time-slice';
import { type KnownJob, requireCount } from './imported-job';
import type { Claim, LeaseTiming } from './sync-claim';
import { columnsOf, hashOf, type ImportedColumns } from './sync-columns';
import { type Insert, type Update, writeChanges } from './sync-write';
import type { VendorHttp } from './vendor-http';
import { vendors } from './vendors';

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
  /** Told of each sync that held its source's claim, by `kind/board` and how it ended (the metrics). */
  counted?: (source: string, result: SyncRunResult) => void;
}

export interface SyncCounts {
  new: number;
  updated: number;
  closed: number;
  unchanged: number;
}

/** The source's jobs as the board holds them. */
function knownJobs(db: Database, sourceId: number) {
  return db
    .select({
      id: jobPostings.id,
      atsId: jobPostings.sourceJobId,
      status: jobPostings.status,
      hash: jobPostings.sourceHash,
      atsUpdatedAt: jobPostings.sourceUpdatedAt,
      salaryMin: jobPostings.salaryMin,
      salaryMax: jobPostings.salaryMax,
      salaryCurrency: jobPostings.salaryCurrency,
      /** Its posting date is later than its first sighting (kept before the board stopped showing such dates). */
      dateAhead: sql<boolean | null>`${jobPostings.publishedAt} > ${jobPostings.firstSeenAt}`,
    })
    .from(jobPostings)
    .where(eq(jobPostings.sourceId, sourceId));
}

/**
 * Reads the claimed source's whole list from its ATS and writes what differs (sync.ts has the
 * rules): the counts, or why nothing was written. The mapping and the writes give way to the
 * requests on a time slice, for where they share the API's thread (PGlite).
 */
export async function syncChanges(
  deps: SyncDeps,
  claim: Claim,
  options: { allowMassClose?: boolean },
  ms: { read: number; write: number },
): Promise<SyncCounts | string> {
  const { db } = deps;
  const source = claim.source;
  const started = performance.now();
  const slice = timeSlice();
  const known = new Map<string, KnownJob>(
    (await knownJobs(db, source.id)).map((row) => [
      row.atsId ?? '',
      {
        atsUpdatedAt: row.atsUpdatedAt,
        salary:
          row.salaryCurrency && (row.salaryMin !== null || row.salaryMax !== null)
            ? { min: row.salaryMin, max: row.salaryMax, currency: row.salaryCurrency }
            : null,
      },
    ]),
  );
  const answer = await vendors[source.kind].jobs(source.board, {
    http: deps.http,
    baseUrl: deps.vendorUrls[source.kind],
    known,
  });
  requireCount(answer.length);
  // The same ATS job twice in one answer is one job.
  const listed = new Map<string, { columns: ImportedColumns; hash: string }>();
  for (const job of answer) {
    await slice();
    if (listed.has(job.atsId)) continue;
    const columns = columnsOf(job);
    listed.set(job.atsId, { columns, hash: hashOf(columns) });
  }
  ms.read = Math.round(performance.now() - started);
  const writing = performance.now();

  // What differs, from the jobs as they are now (the source's claim keeps other syncs out).
  const rows = await knownJobs(db, source.id);
  const byAtsId = new Map(rows.map((row) => [row.atsId, row]));
  const inserts: Insert[] = [];
  const updates: Update[] = [];
  let unchanged = 0;
  for (const [atsId, { columns, hash }] of listed) {
    const row = byAtsId.get(atsId);
    if (!row) inserts.push({ atsId, columns, hash });
    else if (row.hash !== hash || row.status !== 'published' || row.dateAhead)
      updates.push({ id: row.id, columns, hash });
    else unchanged++;
  }
  const open = rows.filter((row) => row.status === 'published');
  const closing = open.filter((row) => !listed.has(row.atsId ?? '')).map((row) => row.id);
  if (closing.length > 0 && closing.length * 2 > open.length && !options.allowMassClose)
    return `held: the answer would close ${closing.length} of the source's ${open.length} open jobs, so nothing was changed; if they did close, run: pnpm sources sync ${source.id} --allow-mass-close`;

  if (inserts.length + updates.length + closing.length > 0) {
    const written = await writeChanges({ db, slice, onWritten: deps.onWritten }, claim, { inserts, updates, closing });
    if (written === 'removed') return 'the source was removed during the sync';
    if (written === 'lost')
      return 'the sync stalled past its lease and another sync took the source over; nothing was written';
  }
  ms.write = Math.round(performance.now() - writing);
  return { new: inserts.length, updated: updates.length, closed: closing.length, unchanged };
}
