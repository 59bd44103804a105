import { and, eq, lt, sql } from 'drizzle-orm';
import { captchaRedemptions, submissionAttempts } from '../db/application-tables';
import type { Database } from '../db/database';

export interface SubmissionLimit {
  max: number;
  windowSeconds: number;
}

/** Redeemed captcha tokens are kept well past any token's life (two minutes), then forgotten. */
export const redemptionRetentionSeconds = 15 * 60;

/**
 * Counts one submission (one that passed validation) for a client, atomically: a transaction
 * takes a lock on the client's key, counts the attempts in the window, and records this one only
 * when under the limit. Concurrent submissions from one client, on any number of API instances,
 * queue on the lock, so at most `max` are admitted per window. Refused: the seconds until the
 * oldest counted attempt leaves the window.
 */
export async function admitSubmission(
  db: Database,
  clientHash: string,
  limit: SubmissionLimit,
): Promise<{ admitted: true } | { admitted: false; retryAfterSeconds: number }> {
  const window = sql`${limit.windowSeconds}::float8 * interval '1 second'`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`submission:${clientHash}`}))`);
    await tx
      .delete(submissionAttempts)
      .where(and(eq(submissionAttempts.clientHash, clientHash), sql`${submissionAttempts.at} <= now() - ${window}`));
    const [counted] = await tx
      .select({
        attempts: sql<number>`count(*)::int`,
        wait: sql<number | null>`ceil(extract(epoch from min(${submissionAttempts.at}) + ${window} - now()))::int`,
      })
      .from(submissionAttempts)
      .where(eq(submissionAttempts.clientHash, clientHash));
    if ((counted?.attempts ?? 0) >= limit.max) {
      return { admitted: false as const, retryAfterSeconds: Math.max(1, counted?.wait ?? limit.windowSeconds) };
    }
    await tx.insert(submissionAttempts).values({ clientHash });
    return { admitted: true as const };
  });
}

/** Forgets attempts that left the window and redemptions of tokens long expired. Run by the server on a timer. */
export async function pruneExpired(
  db: Database,
  limit: SubmissionLimit,
): Promise<{ attempts: number; redemptions: number }> {
  const attempts = await db
    .delete(submissionAttempts)
    .where(lt(submissionAttempts.at, sql`now() - ${limit.windowSeconds}::float8 * interval '1 second'`))
    .returning({ id: submissionAttempts.id });
  const redemptions = await db
    .delete(captchaRedemptions)
    .where(lt(captchaRedemptions.redeemedAt, sql`now() - ${redemptionRetentionSeconds}::float8 * interval '1 second'`))
    .returning({ tokenId: captchaRedemptions.tokenId });
  return { attempts: attempts.length, redemptions: redemptions.length };
}
