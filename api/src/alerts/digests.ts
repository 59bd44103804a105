import { boardSearchPath, storedJobSearch } from '@board/shared/forms/alert-description';
import type { AlertFrequency } from '@board/shared/forms/alert-fields';
import { and, eq, inArray, lt, lte } from 'drizzle-orm';
import { lockFirstSeenForReading } from '../board-changes/first-seen-lock';
import { alerts } from '../db/alert-tables';
import type { Database } from '../db/database';
import { workspaces } from '../db/job-board-tables';
import { enqueue, type OutboxEntry } from '../mail/outbox';
import { scopeFacetsCache } from '../search/caches';
import { jobsPublishedBetween, type SavedSearch, type WindowMatches } from '../search/published-between';
import { digestEmail, digestMaxJobs } from './emails';
import type { AlertLinkMaker } from './links';
import { nextDigestAt } from './schedule';

export interface DigestRun {
  /** The run's time: the end of every window, and what "due" is measured against. */
  now: Date;
  /**
   * Every active alert is due, and its window starts here instead of at its last digest
   * (`alerts:send --since`, for operators and tests).
   */
  since?: Date;
  batchSize?: number;
}

/**
 * Queues the digests of due alerts. Each batch is one transaction: the alerts are claimed with
 * FOR UPDATE SKIP LOCKED (another instance takes the next ones), each alert's new jobs are read
 * through the board's search (`jobsPublishedBetween`), the digests go into the outbox and the
 * alerts' windows move on, all committed together: a digest is queued once, or not at all.
 * An alert with no new job gets no email; its window moves on all the same.
 */
export async function queueDueDigests(
  db: Database,
  links: AlertLinkMaker,
  run: DigestRun,
): Promise<{ alerts: number; digests: number }> {
  const batchSize = run.batchSize ?? 200;
  const names = new Map((await db.select().from(workspaces)).map((row) => [row.slug, row.name]));
  const total = { alerts: 0, digests: 0 };
  const facetsOf = scopeFacetsCache();
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
            run.since ? lt(alerts.lastDigestAt, run.now) : lte(alerts.nextDigestAt, run.now),
          ),
        )
        .orderBy(alerts.nextDigestAt, alerts.id)
        .limit(batchSize)
        .for('update', { skipLocked: true });
      // Alerts with the same search, scope and window get the same jobs: one search for all of
      // them (after a run, every alert it handled starts its next window at the same time).
      const plans = due.map((alert) => {
        const after = run.since ?? alert.lastDigestAt ?? alert.confirmedAt ?? alert.createdAt;
        const search = storedJobSearch(alert.search);
        return { alert, after, search, key: JSON.stringify([alert.workspaceSlug, search]) };
      });
      const matches = new Map<string, WindowMatches>();
      const windows = new Map<number, Map<string, SavedSearch>>();
      for (const plan of plans) {
        const searches = windows.get(plan.after.getTime()) ?? new Map<string, SavedSearch>();
        searches.set(plan.key, {
          scope: {
            visibility: 'job_board_only',
            ...(plan.alert.workspaceSlug ? { workspaceSlug: plan.alert.workspaceSlug } : {}),
          },
          search: plan.search,
        });
        windows.set(plan.after.getTime(), searches);
      }
      for (const [after, searches] of windows) {
        const keys = [...searches.keys()];
        const found = await jobsPublishedBetween(
          tx,
          [...searches.values()],
          { after: new Date(after), until: run.now },
          digestMaxJobs,
          facetsOf,
        );
        keys.forEach((key, index) => {
          const result = found[index];
          if (result) matches.set(`${after}|${key}`, result);
        });
      }
      const entries: OutboxEntry[] = [];
      const moves: { id: string; next: Date }[] = [];
      for (const { alert, after, search, key } of plans) {
        const { rows, more } = matches.get(`${after.getTime()}|${key}`) ?? { rows: [], more: false };
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
        });
      }
      const digests = await enqueue(tx, entries);
      // One statement per distinct next time (alerts due together mostly share it).
      const byNext = new Map<number, string[]>();
      for (const move of moves) byNext.set(move.next.getTime(), [...(byNext.get(move.next.getTime()) ?? []), move.id]);
      for (const [next, ids] of byNext)
        await tx
          .update(alerts)
          .set({ lastDigestAt: run.now, nextDigestAt: new Date(next) })
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
