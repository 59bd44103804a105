import { sql } from 'drizzle-orm';
import { listen as listenTo, pgliteOf } from '../db/client';
import type { Database } from '../db/database';
import { selectRows } from '../db/select-rows';
import { errorReport } from '../lib/error-report';
import { boardWrites } from './board-written';

/**
 * How an API instance learns that the job tables changed, and to which data version, without a
 * query per request (docs/decisions/022-live-reads.md). The database keeps the version (migration
 * 0005: the commit trigger takes it and sends `version rows` on the channel `board_changes`):
 * - **PGlite**: the instance is the process, and every writer (the API, a seed, an import run
 *   in-process) goes through its one client; the notification arrives before the writing
 *   statement returns, so the next request knows.
 * - **PostgreSQL**: LISTEN on a connection of its own, for every other writer (the platform,
 *   another instance), within milliseconds; a read of the version every `pollMs` in case a
 *   notification was lost (a dropped connection, a pooler that cannot LISTEN); and a read of it
 *   before the first request after a write through this process's handle that its writer told of
 *   (board-written.ts), since its notification may arrive a moment after the write returns.
 * A read of the version is one indexed read (the newest entry of `board_commits`' version index).
 */

const boardChangesChannel = 'board_changes';

/** Versions up to `version` committed, changing `rows` rows since the version the reader gave. */
export interface Learned {
  version: number;
  rows: number;
  /** The versions it covers start after this one. */
  since: number;
}

export interface BoardChangesOptions {
  /** PostgreSQL: how often the version is read in case a notification was lost (0: never). 2,000 ms. */
  pollMs?: number;
  /** PostgreSQL: listen for notifications (false: the poll and the reads after own writes only). */
  listen?: boolean;
  log?: (entry: Record<string, unknown>) => void;
}

export interface BoardChangeFeed {
  /** Resolves once the instance listens: a version read after it misses nothing. */
  started: Promise<void>;
  /**
   * The data version that holds every write to the board's tables told of through this handle so
   * far (`boardWritten`): on PostgreSQL read once after such writes (none when there was none since
   * the last read); on PGlite the version known, at once (every writer is this process's, and the
   * notification arrives with its commit).
   */
  ownWritesVersion(): Promise<number>;
}

/**
 * A read of the change log, planned as the log is read: the commits after a version by their
 * version index, and each one's rows by their transaction's. The planner's statistics cannot tell
 * that: taken after a large write (a seed, an import: one transaction's rows, so one distinct
 * transaction), they make each commit's rows look like the whole log, and on PostgreSQL a plan
 * costed that high is compiled (JIT) first, hundreds of milliseconds for a read of one row.
 * Sequential scans and JIT are off for this transaction alone.
 */
export function readTheLog<Result>(db: Database, read: (tx: Database) => Promise<Result>): Promise<Result> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local jit = off`);
    return read(tx as unknown as Database);
  });
}

/** The committed versions after `since` and how many rows they changed: one indexed read when none. */
async function readVersionsSince(db: Database, since: number): Promise<Learned> {
  const [row] = await readTheLog(db, (tx) =>
    selectRows<{ version: string; rows: string | number }>(
      tx,
      sql`select coalesce(max(m.version), 0)::text as version, coalesce(sum(c.rows), 0) as rows from board_commits m
        cross join lateral (select count(*) as rows from board_changes c where c.txid = m.txid offset 0) c
        where m.version > ${since}`,
    ),
  );
  return { version: Math.max(since, Number(row?.version ?? 0)), rows: Number(row?.rows ?? 0), since };
}

/** The data version the database is at now. */
export async function readBoardVersion(db: Database): Promise<number> {
  return (await readVersionsSince(db, 0)).version;
}

/**
 * Drops the change log's entries of versions committed more than `olderThanMinutes` ago (never the
 * latest version's): an instance further behind than that reads its index whole.
 */
export async function pruneBoardChanges(db: Database, olderThanMinutes = 60): Promise<void> {
  await db.execute(sql`select board_prune_changes(make_interval(mins => ${olderThanMinutes}))`);
}

function rootCode(error: unknown): string | undefined {
  let current = error;
  for (let depth = 0; depth < 5 && current instanceof Error && current.cause !== undefined; depth++)
    current = current.cause;
  const code = (current as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Starts learning of changes: `learned` is called with each version heard of (possibly out of
 * order, possibly one already known: the caller keeps the highest). `known()` is the highest
 * version the caller knows, the start of what a read of the version asks about.
 */
export function watchBoardChanges(
  db: Database,
  learned: (news: Learned) => void,
  known: () => number,
  options: BoardChangesOptions = {},
): BoardChangeFeed {
  const log = options.log ?? (() => {});
  /** The highest version a notification (or the read when listening began) told of. */
  let notified = 0;
  const fromNotification = (payload: string) => {
    const [version, rows] = payload.split(' ').map(Number);
    if (!Number.isSafeInteger(version) || !Number.isSafeInteger(rows)) return;
    notified = Math.max(notified, version ?? 0);
    learned({ version: version ?? 0, rows: rows ?? 0, since: (version ?? 1) - 1 });
  };
  const read = async () => {
    const news = await readVersionsSince(db, known());
    if (news.version > news.since) learned(news);
    return news;
  };

  if (pgliteOf(db)) {
    return {
      started: listenTo(db, boardChangesChannel, fromNotification).then(() => {}),
      ownWritesVersion: async () => known(),
    };
  }

  let unlisten: (() => Promise<void>) | null = null;
  let listening = false;
  const listen = async () => {
    if (options.listen === false) return;
    try {
      await unlisten?.().catch(() => {});
      unlisten = await listenTo(db, boardChangesChannel, fromNotification, () => {
        // (Re)connected: what was committed while not listening is read now.
        listening = true;
        read().then(
          (news) => {
            notified = Math.max(notified, news.version);
          },
          () => {},
        );
      });
    } catch (error) {
      listening = false;
      log({
        time: new Date().toISOString(),
        level: 'warn',
        message: 'board changes: not listening',
        ...errorReport(error),
      });
    }
  };

  const pollMs = options.pollMs ?? 2000;
  if (pollMs > 0) {
    /** A version the last poll found before any notification told of it. */
    let unannounced = 0;
    const poll = setInterval(async () => {
      try {
        // Its notification has not come a whole poll later (lost, or the listening connection is
        // gone for good): listen afresh.
        if (options.listen !== false && (!listening || notified < unannounced)) await listen();
        const news = await read();
        if (news.version > notified) unannounced = news.version;
      } catch (error) {
        const code = rootCode(error);
        if (code === 'CONNECTION_ENDED' || code === 'CONNECTION_DESTROYED') clearInterval(poll);
        listening = false;
      }
    }, pollMs);
    poll.unref();
  }

  let checkedAt = boardWrites(db);
  let check: Promise<number> = Promise.resolve(0);
  return {
    started: listen(),
    ownWritesVersion() {
      const count = boardWrites(db);
      // A read of the version that started after the last write settled has seen it.
      if (count === checkedAt) return check;
      checkedAt = count;
      check = read().then(
        (news) => news.version,
        (error) => {
          checkedAt = -1;
          throw error;
        },
      );
      return check;
    },
  };
}
