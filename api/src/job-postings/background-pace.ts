import { PGlite } from '@electric-sql/pglite';
import type { Database } from '../db/database';

/**
 * Background work on the thread that answers requests (an import's mapping and writes, a large
 * change applied to the search index) keeps to a share of that thread while requests wait for it:
 * after a piece of work that held it `t` ms, it gives the thread to what waits for up to `t` ms (at
 * a half share), turn by turn, before the next piece; when nothing waits, it goes on at once. Between pieces shorter than `sliceMs` it yields one turn of the event loop, and
 * their time counts together until it reaches `sliceMs`. Yielding one turn of the event loop (as
 * `setImmediate` does) is not enough: the requests waiting then get one turn each, however long
 * the background's piece was, so a 3 ms piece of an import against a 0.3 ms search took nine
 * tenths of the thread.
 *
 * What a piece holds is the wall time from the work's last pause to the next, so a wait that leaves
 * the thread free (a PostgreSQL statement, a worker thread) goes through `untimed`, which stops the
 * clock. On PGlite a statement runs on this thread, and counts.
 */
export interface Pace {
  /** Between two pieces of the work: waits when the pieces since the last wait held the thread `sliceMs` or more, else yields one turn. */
  (): Promise<void>;
  /**
   * Yields one turn of the event loop and keeps counting: for a pause inside a PGlite transaction,
   * which holds the one connection, so a wait there would hold up every request that reads the
   * database for as long; the wait is made after the transaction, by the next `pause`.
   */
  turn(): Promise<void>;
  /** Awaits `work` without counting the time it takes (the thread is free meanwhile). */
  untimed<T>(work: Promise<T>): Promise<T>;
}

export interface PaceOptions {
  /** A piece shorter than this does not wait. 5 ms. */
  sliceMs?: number;
  /** The share of the thread the work takes while requests wait: 0.5, a wait as long as the piece. */
  share?: number;
  /** Told of each wait, with the most it gives (tests). */
  onWait?: (ms: number) => void;
}

/** A turn of the event loop shorter than this ran nothing but itself: nothing was waiting for the thread. */
const idleTurnMs = 0.15;

/**
 * Gives the thread to whatever waits for it, a turn of the event loop at a time, for up to `ms`:
 * it stops at a turn that comes back at once, so work that nothing waits for is not slowed down
 * (an import on an idle board runs at full speed).
 */
async function giveWay(ms: number): Promise<void> {
  let given = 0;
  while (given < ms) {
    const started = performance.now();
    await oneTurn();
    const turn = performance.now() - started;
    if (turn < idleTurnMs) return;
    given += turn;
  }
}
/** One turn of the event loop: the requests already waiting run first. */
export const oneTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function pace(options: PaceOptions = {}): Pace {
  const sliceMs = options.sliceMs ?? 5;
  const share = options.share ?? 0.5;
  /** The thread time the work has held since its last wait, and when it last resumed. */
  let held = 0;
  let resumed = performance.now();
  /** Waits under way that leave the thread free (`untimed`, which may nest): the clock is stopped. */
  let stopped = 0;
  const pause = async () => {
    if (stopped === 0) held += performance.now() - resumed;
    if (held >= sliceMs) {
      const ms = (held * (1 - share)) / share;
      held = 0;
      options.onWait?.(ms);
      await giveWay(ms);
    } else await oneTurn();
    resumed = performance.now();
  };
  pause.turn = async () => {
    if (stopped === 0) held += performance.now() - resumed;
    await oneTurn();
    resumed = performance.now();
  };
  pause.untimed = async <T>(work: Promise<T>): Promise<T> => {
    if (stopped++ === 0) held += performance.now() - resumed;
    try {
      return await work;
    } finally {
      if (--stopped === 0) resumed = performance.now();
    }
  };
  return pause;
}

/** Whether the database's statements run on this thread (PGlite) rather than in a server. */
export function statementsOnThisThread(db: Database): boolean {
  return (db as unknown as { $client?: unknown }).$client instanceof PGlite;
}
