import { PGlite } from '@electric-sql/pglite';
import type { Database } from '../db/database';

/**
 * Background work on the thread that answers requests (an import's mapping and writes, a large
 * change applied to the search index) keeps to a share of that thread while requests wait for it:
 * after a piece of work that held it `t` ms, it gives the thread to what waits for up to `3t` ms (at
 * a quarter share), turn by turn, before the next piece; when nothing waits, it goes on at once.
 * Between pieces shorter than `sliceMs` it yields one turn of the event loop, and their time
 * counts together until it reaches `sliceMs`. Yielding one turn of the event loop (as
 * `setImmediate` does) is not enough: the requests waiting then get one turn each, however long
 * the background's piece was, so a 3 ms piece of an import against a 0.3 ms search took nine
 * tenths of the thread.
 *
 * The share is the process's, not each work's: every pace of the process owes its time to one
 * lane, and the pieces waiting there go on one at a time once it is given (two paces apart gave
 * each other their waits: a sync and the changes it makes, or two instances' indexes in one
 * process, held the thread back to back).
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
  /** The share of the thread the work takes while requests wait: a quarter, a wait three times as long as the piece. */
  share?: number;
  /**
   * Work with a deadline (a sync's 10 s): after this many ms since the pace began, it takes half
   * the thread, so a board that keeps the thread busy cannot stretch it past its deadline.
   */
  hurryAfterMs?: number;
  /** Told of each wait, with the most it gives and how long the pieces before it held the thread (tests). */
  onWait?: (ms: number, held: number) => void;
}

/** A turn of the event loop shorter than this ran nothing but itself. */
const idleTurnMs = 0.05;
/**
 * Nothing waits for the thread when this many turns in a row ran nothing. One empty turn is not
 * enough: a request that waits for something other than the thread (a statement queued on
 * PGlite's one connection, a change the index is applying) skips a turn or two and wants the
 * thread again; ending the wait there gave the searches of the live bench a third of what they
 * were owed during a sync.
 */
const idleTurns = 3;

/**
 * The time owed to whatever waits for the thread, by every background work of this process: two
 * instances' search indexes (the bench's, on one PostgreSQL), a sync and the changes it makes.
 * Each pace's piece adds to it, and the pieces waiting to go on go one at a time, after it is
 * given: the background work of the process as a whole keeps to its share, where two paces apart
 * gave each other their waits.
 */
const lane = {
  owed: 0,
  /** The pieces waiting to go on, in turn. */
  queue: [] as (() => void)[],
  running: false,
};

/**
 * Requests this process is answering (`requestUnderWay`). One that waits for a statement, a
 * compression or a change the index is applying leaves the turns of the event loop empty, though
 * it wants the thread again within a millisecond: while any is under way, an empty turn is not
 * idle, and the wait sleeps a millisecond instead (so as not to spin while the server works).
 */
let underWay = 0;

/** Counts a request as under way until the function returned is called. */
export function requestUnderWay(): () => void {
  underWay++;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    underWay--;
  };
}

/** The share of the thread background work takes while requests wait (decision 032). */
const defaultShare = 1 / 4;

/** One turn of the event loop: the requests already waiting run first. */
export const oneTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Gives the thread to whatever waits for it, a turn of the event loop at a time, until the time
 * owed is given or nothing waits (work that nothing waits for is not slowed down: an import on an
 * idle board runs at full speed), then lets the next waiting piece go on, one per turn.
 */
async function drain(): Promise<void> {
  lane.running = true;
  try {
    while (lane.queue.length > 0) {
      let idle = 0;
      while (lane.owed > 0 && idle < idleTurns) {
        const started = performance.now();
        await oneTurn();
        let turn = performance.now() - started;
        if (turn < idleTurnMs && underWay > 0) {
          await new Promise((resolve) => setTimeout(resolve, 1));
          turn = performance.now() - started;
        }
        if (turn < idleTurnMs) idle++;
        else {
          idle = 0;
          lane.owed -= turn;
        }
      }
      lane.owed = 0;
      lane.queue.shift()?.();
      // The piece runs until its next wait; another piece's pause queues it meanwhile.
      await oneTurn();
    }
  } finally {
    lane.running = false;
  }
}

/** Waits for the process's background work to have given the thread what it owes. */
function giveWay(ms: number): Promise<void> {
  lane.owed += ms;
  return new Promise((resolve) => {
    lane.queue.push(resolve);
    if (!lane.running) void drain();
  });
}

export function pace(options: PaceOptions = {}): Pace {
  const sliceMs = options.sliceMs ?? 5;
  const began = performance.now();
  const shareNow = () =>
    options.hurryAfterMs !== undefined && performance.now() - began > options.hurryAfterMs
      ? Math.max(0.5, options.share ?? defaultShare)
      : (options.share ?? defaultShare);
  /** The thread time the work has held since its last wait, and when it last resumed. */
  let held = 0;
  let resumed = performance.now();
  /** Waits under way that leave the thread free (`untimed`, which may nest): the clock is stopped. */
  let stopped = 0;
  const pause = async () => {
    if (stopped === 0) held += performance.now() - resumed;
    if (held >= sliceMs) {
      const share = shareNow();
      const ms = (held * (1 - share)) / share;
      options.onWait?.(ms, held);
      held = 0;
      await giveWay(ms);
    } else {
      await oneTurn();
      // Another work's piece owes the thread meanwhile: this one waits its turn after it.
      if (lane.running) await giveWay(0);
    }
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
