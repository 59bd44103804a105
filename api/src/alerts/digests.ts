import { boardSearchPath, storedJobSearch } from '@board/shared/forms/alert-description';
import type { AlertFrequency } from '@board/shared/forms/alert-fields';
import { and, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import { lockFirstSeenForReading } from '../board-changes/first-seen-lock';
import { alerts } from '../db/alert-tables';
import type { Database } from '../db/database';
import { workspaces } from '../db/job-board-tables';
import { enqueue, type OutboxEntry } from '../mail/outbox';
import { scopeFacetsCache } from '../search/caches';
import {
  jobsPublishedBetween,
  type SavedSearch,
  type SeenWindow,
  type WindowMatches,
} from '../search/published-between';
import { digestEmail, digestMaxJobs } from './emails';
import type { AlertLinkMaker } from './links';
import { nextDigestAt } from './schedule';

export interface DigestRun {
  /** The run's time: the end of every window, and what "due" is measured against. */
  now: Date;
  /**
   * Every active alert is due, and its window starts here instead of at its last digest
   * (`alerts:send --since`, for operators and tests), less what its digests already held.
   */
  since?: Date;
  batchSize?: number;
  /** Told of each lookup in the run's cache of scopes' facets (the metrics). */
  facetsLooked?: (hit: boolean) => void;
}

type Alert = typeof alerts.$inferSelect;

/**
 * What a run's digest of `alert` holds, and the span its digests will have covered once it is
 * queued. An alert's digests have covered (`digestedFrom`, `lastDigestAt`]; a digest holds only
 * jobs first seen outside that span, so a job reaches the address once, however many sends
 * overlap or follow. A scheduled digest holds what came after the last one. A forced one (`since`)
 * holds its window less the covered span: what came before the first digest, and after the last.
 * A forced window that starts after the last digest's end leaves out the jobs in between, as the
 * operator asked (they are counted as covered, never mailed later).
 */
function digestWindows(alert: Alert, run: DigestRun): { windows: SeenWindow[]; coveredFrom: Date } {
  const last = alert.lastDigestAt ?? alert.confirmedAt ?? alert.createdAt;
  if (!run.since) return { windows: [{ after: last, until: run.now }], coveredFrom: alert.digestedFrom ?? last };
  const since = earlier(run.since, run.now);
  const from = alert.digestedFrom;
  if (!from || !alert.lastDigestAt) return { windows: [{ after: since, until: run.now }], coveredFrom: since };
  const windows: SeenWindow[] = [];
  if (since < from) windows.push({ after: since, until: from });
  const tail = later(since, alert.lastDigestAt);
  if (tail < run.now) windows.push({ after: tail, until: run.now });
  return { windows, coveredFrom: earlier(since, from) };
}

const earlier = (a: Date, b: Date) => (a <= b ? a : b);
const later = (a: Date, b: Date) => (a >= b ? a : b);

/**
 * Queues the digests of due alerts. Each batch is one transaction: the alerts are claimed with
 * FOR UPDATE SKIP LOCKED (another instance takes the next ones), each alert's new jobs are read
 * through the board's search (`jobsPublishedBetween`), the digests go into the outbox and the
 * alerts' windows move on, all committed together: a digest is queued once, or not at all, and
 * a send that claims an alert after another committed sees what that one covered
 * (`digestWindows`). An alert with no new job gets no email; its window moves on all the same.
 */
export async function queueDueDigests(
  db: Database,
  links: AlertLinkMaker,
  run: DigestRun,
): Promise<{ alerts: number; digests: number }> {
  const batchSize = run.batchSize ?? 200;
  const names = new Map((await db.select().from(workspaces)).map((row) => [row.slug, row.name]));
  const total = { alerts: 0, digests: 0 };
  const facetsOf = scopeFacetsCache(run.facetsLooked);
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      // Before anything is read: an import stamping first sightings commits before, or stamps after.
      await lockFirstSeenForReading(tx);
      const due = await tx
        .select()
        .from(alerts)
        .where(
          and(
            eq(alerts.status, 'active'),
            // A window ends at its run's time, and the next starts there: never one that ends earlier.
            or(isNull(alerts.lastDigestAt), lt(alerts.lastDigestAt, run.now)),
            run.since ? undefined : lte(alerts.nextDigestAt, run.now),
          ),
        )
        .orderBy(alerts.nextDigestAt, alerts.id)
        .limit(batchSize)
        .for('update', { skipLocked: true });
      // Alerts with the same search, scope and window get the same jobs: one search for all of
      // them (after a run, every alert it handled starts its next window at the same time).
      const plans = due.map((alert) => {
        const { windows, coveredFrom } = digestWindows(alert, run);
        const search = storedJobSearch(alert.search);
        const span = JSON.stringify(windows.map((window) => [window.after.getTime(), window.until.getTime()]));
        return { alert, windows, span, coveredFrom, search, key: JSON.stringify([alert.workspaceSlug, search]) };
      });
      const matches = new Map<string, WindowMatches>();
      const bySpan = new Map<string, { windows: SeenWindow[]; searches: Map<string, SavedSearch> }>();
      for (const plan of plans) {
        const group = bySpan.get(plan.span) ?? { windows: plan.windows, searches: new Map<string, SavedSearch>() };
        group.searches.set(plan.key, {
          scope: {
            visibility: 'job_board_only',
            ...(plan.alert.workspaceSlug ? { workspaceSlug: plan.alert.workspaceSlug } : {}),
          },
          search: plan.search,
        });
        bySpan.set(plan.span, group);
      }
      for (const [span, { windows, searches }] of bySpan) {
        const keys = [...searches.keys()];
        const found = await jobsPublishedBetween(tx, [...searches.values()], windows, digestMaxJobs, facetsOf);
        keys.forEach((key, index) => {
          const result = found[index];
          if (result) matches.set(`${span}|${key}`, result);
        });
      }
      const entries: OutboxEntry[] = [];
      const moves: { id: string; next: Date; coveredFrom: Date }[] = [];
      for (const { alert, span, coveredFrom, search, key } of plans) {
        const { rows, more } = matches.get(`${span}|${key}`) ?? { rows: [], more: false };
        if (rows.length > 0) {
          const board = alert.workspaceSlug ? { name: names.get(alert.workspaceSlug) ?? alert.workspaceSlug } : {};
          entries.push({
            kind: 'digest',
            alertId: alert.id,
            dedupeKey: `digest:${alert.id}:${run.now.toISOString()}`,
            message: digestEmail(
              alert.email,
              {
                search,
                board,
                jobs: rows.map(({ job, organization }) => ({
                  id: job.id,
                  title: job.title,
                  company: organization.name,
                  location: job.location?.trim() || 'Remote',
                  salaryMin: job.salaryMin,
                  salaryMax: job.salaryMax,
                  salaryCurrency: job.salaryCurrency,
                })),
                more,
                siteUrl: links.siteUrl,
                searchPath: boardSearchPath(search, alert.workspaceSlug ?? undefined),
              },
              links.forAlert(alert),
            ),
          });
        }
        // A digest sent early (--since) leaves the schedule as it was.
        const due = alert.nextDigestAt ?? run.now;
        moves.push({
          id: alert.id,
          next: due > run.now ? due : nextDigestAt(alert.frequency as AlertFrequency, due, run.now),
          coveredFrom,
        });
      }
      const digests = await enqueue(tx, entries);
      // One statement per distinct next time and covered span (alerts due together mostly share them).
      const byMove = new Map<string, { next: Date; coveredFrom: Date; ids: string[] }>();
      for (const move of moves) {
        const key = `${move.next.getTime()}|${move.coveredFrom.getTime()}`;
        const group = byMove.get(key) ?? { next: move.next, coveredFrom: move.coveredFrom, ids: [] };
        group.ids.push(move.id);
        byMove.set(key, group);
      }
      for (const { next, coveredFrom, ids } of byMove.values())
        await tx
          .update(alerts)
          .set({ lastDigestAt: run.now, nextDigestAt: next, digestedFrom: coveredFrom })
          .where(inArray(alerts.id, ids));
      return { alerts: due.length, digests };
    });
    total.alerts += batch.alerts;
    total.digests += batch.digests;
    if (batch.alerts < batchSize) return total;
  }
}

/** Deletes unconfirmed alerts (and so their address) older than the confirmation's life. */
export async function deleteExpiredPending(db: Database, olderThan: Date): Promise<number> {
  const deleted = await db
    .delete(alerts)
    .where(and(eq(alerts.status, 'pending'), lt(alerts.createdAt, olderThan)))
    .returning({ id: alerts.id });
  return deleted.length;
}
