import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { candidateLinkLifetimeSeconds } from '../candidates/candidate-links';
import { deleteReceipts } from '../candidates/receipt';
import { alerts } from '../db/alert-tables';
import { applicationResumes, applications, applicationWithdrawals } from '../db/application-tables';
import type { Database } from '../db/database';
import { retention } from './retention';

/**
 * The retention the Privacy Policy states, kept by the software (retention.ts says what and
 * why): deletes, as of `now`,
 * - applications made more than 36 months before it, with their resumes and their receipts'
 *   copies in the outbox;
 * - withdrawal records older than any link that could name them;
 * - job alerts never confirmed within 7 days.
 * The API runs it once a day (one instance of however many); `privacy:purge` runs it by hand, and
 * with `--now` shows what a given day deletes (a future day only with `--dry-run`). Each batch of applications is one transaction, so
 * a purge cut short leaves no application without its resume, and runs again from where it was.
 */
export interface PurgeCounts {
  applications: number;
  resumes: number;
  receipts: number;
  withdrawals: number;
  unconfirmedAlerts: number;
}

export interface PurgeOptions {
  /** Count what would go without deleting anything (the same statements, rolled back). */
  dryRun?: boolean;
  batchSize?: number;
}

/** The oldest time still kept for each kind of data, as of `now`. */
function purgeCutoffs(now: Date) {
  return {
    applications: sql`${now.toISOString()}::timestamptz - make_interval(months => ${retention.applicationMonths})`,
    withdrawals: new Date(now.getTime() - candidateLinkLifetimeSeconds * 1000),
    unconfirmedAlerts: new Date(now.getTime() - retention.unconfirmedAlertDays * 24 * 60 * 60 * 1000),
  };
}

class DryRun extends Error {}

/**
 * A purge as of a later day than today deletes what is still within retention today (a mistyped
 * year, every application): such a `now` only counts. The one line that says so, or null when
 * `now` is not in the future or the run only counts.
 */
export function futurePurgeRefusal(now: Date, dryRun: boolean, today = new Date()): string | null {
  if (dryRun || now.getTime() <= today.getTime()) return null;
  return `Refused: ${now.toISOString()} is in the future, and a purge as of then would delete what is still within retention today. Count it with --dry-run (dry_run: true); nothing was deleted.`;
}

/** A purge as of a future day, not a dry run (`futurePurgeRefusal`). */
export class FuturePurgeRefused extends Error {}

export async function purgeExpired(db: Database, now: Date, options: PurgeOptions = {}): Promise<PurgeCounts> {
  const refusal = futurePurgeRefusal(now, options.dryRun ?? false);
  if (refusal) throw new FuturePurgeRefused(refusal);
  const batchSize = options.batchSize ?? 200;
  const cutoffs = purgeCutoffs(now);
  const counts: PurgeCounts = { applications: 0, resumes: 0, receipts: 0, withdrawals: 0, unconfirmedAlerts: 0 };

  /** One batch of expired applications, with everything that goes with them; the number deleted. */
  const applicationBatch = async (tx: Database, limit: number | null) => {
    const due = tx
      .select({ id: applications.id })
      .from(applications)
      .where(lt(applications.receivedAt, cutoffs.applications))
      .orderBy(applications.receivedAt);
    const ids = (await (limit === null ? due : due.limit(limit))).map((row) => row.id);
    if (ids.length === 0) return 0;
    const resumes = await tx
      .delete(applicationResumes)
      .where(inArray(applicationResumes.applicationId, ids))
      .returning({ id: applicationResumes.applicationId });
    counts.resumes += resumes.length;
    counts.receipts += await deleteReceipts(tx, ids);
    const deleted = await tx
      .delete(applications)
      .where(inArray(applications.id, ids))
      .returning({ id: applications.id });
    counts.applications += deleted.length;
    return ids.length;
  };

  const rest = async (tx: Database) => {
    const withdrawals = await tx
      .delete(applicationWithdrawals)
      .where(lt(applicationWithdrawals.withdrawnAt, cutoffs.withdrawals))
      .returning({ id: applicationWithdrawals.applicationId });
    counts.withdrawals += withdrawals.length;
    const pending = await tx
      .delete(alerts)
      .where(and(eq(alerts.status, 'pending'), lt(alerts.createdAt, cutoffs.unconfirmedAlerts)))
      .returning({ id: alerts.id });
    counts.unconfirmedAlerts += pending.length;
  };

  if (options.dryRun) {
    await db
      .transaction(async (tx) => {
        await applicationBatch(tx as unknown as Database, null);
        await rest(tx as unknown as Database);
        throw new DryRun();
      })
      .catch((error: unknown) => {
        if (!(error instanceof DryRun)) throw error;
      });
    return counts;
  }
  for (;;) {
    const done = await db.transaction((tx) => applicationBatch(tx as unknown as Database, batchSize));
    if (done < batchSize) break;
  }
  await db.transaction((tx) => rest(tx as unknown as Database));
  return counts;
}

/** The counts as the command and the log say them. */
export function purgeSummary(counts: PurgeCounts): string {
  return [
    `${counts.applications} application(s) with ${counts.resumes} resume(s) and ${counts.receipts} receipt(s) in the outbox`,
    `${counts.withdrawals} withdrawal record(s)`,
    `${counts.unconfirmedAlerts} unconfirmed job alert(s)`,
  ].join(', ');
}
