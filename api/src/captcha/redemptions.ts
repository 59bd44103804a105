import { lt, sql } from 'drizzle-orm';
import { captchaRedemptions } from '../db/application-tables';
import type { Database } from '../db/database';

/** Redeemed captcha tokens are kept well past any token's life (two minutes), then forgotten. */
const redemptionRetentionSeconds = 15 * 60;

/** Forgets the redemptions of tokens long expired. Run by the server on a timer. */
export async function pruneRedemptions(db: Database): Promise<number> {
  const redemptions = await db
    .delete(captchaRedemptions)
    .where(lt(captchaRedemptions.redeemedAt, sql`now() - ${redemptionRetentionSeconds}::float8 * interval '1 second'`))
    .returning({ tokenId: captchaRedemptions.tokenId });
  return redemptions.length;
}
