import { PGlite } from '@electric-sql/pglite';
import type { Sql } from 'postgres';
import type { Database } from './database';

/**
 * What is behind a database handle: PGlite, whose statements run on this process's thread, or a
 * PostgreSQL server reached through postgres.js. Notifications (`LISTEN`) work on both.
 */
function clientOf(db: Database): unknown {
  return (db as unknown as { $client?: unknown }).$client;
}

/** The embedded PGlite behind the handle, or null on PostgreSQL. */
export function pgliteOf(db: Database): PGlite | null {
  const client = clientOf(db);
  return client instanceof PGlite ? client : null;
}

/** Whether the database's statements run on this thread (PGlite) rather than in a server. */
export function statementsOnThisThread(db: Database): boolean {
  return pgliteOf(db) !== null;
}

/**
 * Calls `heard` with each notification on `channel` until the function returned is called. On
 * PostgreSQL the subscription has a connection of its own, taken again after a dropped one;
 * `listening` is called each time it (re)connects, when what was notified meanwhile is lost.
 */
export async function listen(
  db: Database,
  channel: string,
  heard: (payload: string) => void,
  listening: () => void = () => {},
): Promise<() => Promise<void>> {
  const pglite = pgliteOf(db);
  if (pglite) {
    const unlisten = await pglite.listen(channel, heard);
    listening();
    return unlisten;
  }
  const subscription = await (clientOf(db) as Sql).listen(channel, heard, listening);
  return subscription.unlisten;
}
