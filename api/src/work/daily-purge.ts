import type { Database } from '../db/database';
import { purgeExpired } from '../privacy/purge';
import { scheduledWork } from './scheduled-work';

/** A round a day, from the last one's start (scheduled_runs). */
const purgeEveryMs = 24 * 60 * 60 * 1000;

/**
 * The privacy purge once a day across every instance (lib/scheduled-work.ts): each instance looks
 * every minute whether a round is due, and only the one that claims it purges. The line it logs
 * holds counts only.
 */
export function dailyPrivacyPurge(db: Database, log?: (entry: Record<string, unknown>) => void) {
  return scheduledWork({
    db,
    name: 'privacy-purge',
    everyMs: purgeEveryMs,
    run: async () => {
      const counts = await purgeExpired(db, new Date());
      log?.({
        time: new Date().toISOString(),
        level: 'info',
        message: 'privacy purge: past retention deleted',
        ...counts,
      });
    },
    log,
  });
}
