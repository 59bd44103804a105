import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';

/**
 * Orders an import's new jobs with the alerts' digest runs. A digest holds the jobs first seen in
 * its window, up to its run's time; an import stamps its jobs' first sighting inside a transaction
 * that commits a moment later. Without an order, a digest could read just before that commit, move
 * its window past the stamp, and the job would never be mailed. So an import takes this lock
 * exclusively and then reads the clock, and each digest batch takes it shared before it reads: a
 * batch sees every import stamped before its run's time, and an import waiting for a batch stamps
 * a time after it. Reads of the board never take it.
 */
const firstSeenLock = 4_027_130_061;

/** In an import's transaction, before it stamps first sightings. */
export async function lockFirstSeenForWriting(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${firstSeenLock}::bigint)`);
}

/** In a digest batch's transaction, before it reads the window's jobs. */
export async function lockFirstSeenForReading(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${firstSeenLock}::bigint)`);
}
