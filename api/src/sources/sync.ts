import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { jobSources } from '../db/job-board-tables';
import { JobError } from './imported-job';
import { type SyncCounts, type SyncDeps, syncChanges } from './sync-changes';
import { type Claim, claimSource, defaultLease } from './sync-claim';
import { VendorFailure } from './vendor-http';

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
export interface SyncResult {
  sourceId: number;
  ok: boolean;
  /** As `pnpm sources sync` prints it: `3 greenhouse/acme: 2 new, 0 updated, 1 closed, 10 unchanged`. */
  line: string;
  counts?: SyncCounts;
  /** Where the time went: reading the vendor (requests and mapping), then the write's transaction. */
  ms?: { read: number; write: number };
}

function syncLine(source: { id: number; kind: string; board: string }, outcome: SyncCounts | string): string {
  const name = `${source.id} ${source.kind}/${source.board}`;
  if (typeof outcome === 'string') return `${name}: failed: ${outcome}`;
  return `${name}: ${outcome.new} new, ${outcome.updated} updated, ${outcome.closed} closed, ${outcome.unchanged} unchanged`;
}

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
    outcome = await syncChanges(deps, claim, options, ms);
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
  if (source) deps.counted?.(`${source.kind}/${source.board}`, ok ? 'ok' : error ? 'error' : 'failed');
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
