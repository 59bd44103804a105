import type { SQL } from 'drizzle-orm';
import type { Database } from './database';

/** The rows of a raw query, from either driver (PGlite answers {rows}, postgres.js an array). */
export async function selectRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] } | Row[];
  return Array.isArray(result) ? result : result.rows;
}
