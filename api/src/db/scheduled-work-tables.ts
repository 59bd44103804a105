/**
 * Scheduled work's claims (src/lib/scheduled-work.ts): one row per kind of periodic work, so that
 * any number of API instances run each round once. Part of the database schema.
 */
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const scheduledRuns = pgTable('scheduled_runs', {
  /** The work's name, e.g. `sources-sync`. */
  name: text('name').primaryKey(),
  /** When the last round was claimed: the next is due one interval later. */
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  /** Which instance claimed the last round (its host and process), for operators. */
  lastClaimedBy: text('last_claimed_by'),
});
