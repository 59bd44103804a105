import type { AlertsService } from '../alerts/alerts-service';
import { pruneBoardChanges } from '../board-changes/board-changes';
import { pruneRedemptions } from '../captcha/redemptions';
import { listen } from '../db/client';
import type { Database } from '../db/database';
import { outboxChannel } from '../mail/outbox';
import type { SourcesService } from '../sources/sources-service';
import { dailyPrivacyPurge } from './daily-purge';
import { scheduledWork } from './scheduled-work';

/** How often the logs no one reads after a while are pruned: the board's change log, spent captcha challenges. */
const pruneEveryMs = 10 * 60 * 1000;
const weekMs = 7 * 24 * 60 * 60 * 1000;

type Log = (entry: Record<string, unknown>) => void;

export interface BackgroundWork {
  /** Starts every timer, and listens for emails queued. */
  start(): Promise<void>;
  /** Stops the timers, and waits for the work under way (a sync, a digest run, an email) to end. */
  stop(): Promise<void>;
}

/**
 * The board's scheduled work, in whichever process runs it (decision 041): the worker
 * (`pnpm --filter @board/api worker`, any number of them beside the API instances on PostgreSQL),
 * or the API itself with WORK_IN_API (PGlite: one process). Each kind is claimed so that any
 * number of processes may run it at once:
 *
 * - every source synced every SOURCES_SYNC_MINUTES, by one process of all (scheduled_runs), each
 *   source under its sync's own lease;
 * - the alerts every ALERTS_INTERVAL_SECONDS: expired confirmations forgotten, the due digests
 *   queued (each alert claimed), the outbox sent (each email claimed); and the outbox at once when
 *   a transaction that queued an email commits (`LISTEN outbox`: a confirmation, a receipt);
 * - the companies' own sites read once a week, by one process of all (the profile fields the
 *   portfolio file leaves empty: decision 040);
 * - the privacy purge once a day, by one process of all;
 * - the change log's entries over an hour old and spent captcha challenges, every 10 minutes.
 */
export function backgroundWork(deps: {
  db: Database;
  alerts: AlertsService;
  sources: SourcesService;
  alertsIntervalSeconds: number;
  sourcesSyncMinutes: number;
  /** The weekly round of the companies' sites (src/portfolio/): read again, to fill what the file leaves empty. */
  portfolio?: { enrich(slugs: null, options: { stop: AbortSignal }): Promise<unknown> };
  log: Log;
}): BackgroundWork {
  const { db, alerts, log } = deps;
  const sourcesSync = scheduledWork({
    db,
    name: 'sources-sync',
    everyMs: deps.sourcesSyncMinutes * 60_000,
    run: async () => {
      await deps.sources.sync(null);
    },
    log,
  });
  const enrichRound = scheduledWork({
    db,
    name: 'companies-enrich',
    everyMs: deps.portfolio ? weekMs : 0,
    // Ended at once when the process stops: the companies not reached are read first next round.
    run: async (stop) => {
      await deps.portfolio?.enrich(null, { stop });
    },
    log,
  });
  const privacyPurge = dailyPrivacyPurge(db, log);
  const failed = (error: unknown) =>
    log({
      time: new Date().toISOString(),
      level: 'error',
      message: 'outbox: a send failed; the next round retries',
      error: error instanceof Error ? error.name : 'Error',
      code: (error as { code?: unknown } | null)?.code,
    });
  let sending: Promise<unknown> = Promise.resolve();
  const send = () => {
    sending = alerts.drain().catch(failed);
  };
  const prune = () => Promise.all([pruneRedemptions(db), pruneBoardChanges(db)]).catch(() => {});
  let pruning: NodeJS.Timeout | null = null;
  let unlisten: (() => Promise<void>) | null = null;
  return {
    async start() {
      // Each (re)connection of the listener sends what was queued while it was not listening.
      unlisten = await listen(db, outboxChannel, send, send);
      alerts.start(deps.alertsIntervalSeconds);
      sourcesSync.start();
      enrichRound.start();
      privacyPurge.start();
      await prune();
      pruning = setInterval(prune, pruneEveryMs);
      pruning.unref();
    },
    async stop() {
      if (pruning) clearInterval(pruning);
      await unlisten?.().catch(() => {});
      await Promise.all([alerts.stop(), sourcesSync.stop(), enrichRound.stop(), privacyPurge.stop(), sending]);
    },
  };
}
