import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { scheduledRuns } from '../db/scheduled-work-tables';
import { selectRows } from '../db/select-rows';

/**
 * Periodic work that runs once per interval across any number of API instances (the sources'
 * sync; a daily purge): each instance looks every `checkEveryMs` whether a round is due, and only
 * the one whose claim succeeds runs it. The claim is one statement,
 *
 *   update scheduled_runs set last_started_at = now() where name = $1
 *     and (last_started_at is null or last_started_at <= now() - interval) returning name
 *
 * so of two instances asking at once, the second waits for the first's row lock, reads the row
 * again and finds it no longer due (PostgreSQL's READ COMMITTED re-check of an UPDATE's WHERE).
 * "Due" is measured from the last claim with the asking instance's interval, so a new interval
 * applies at once. A round whose instance dies is not taken over: the next one runs an interval
 * later (work that must not wait that long keeps its own lease, as a source's sync does).
 */
export interface ScheduledWork {
  /** Starts looking (does nothing when the interval is 0). */
  start(): void;
  /** Stops looking, tells a round under way to stop (its `run`'s signal), and waits for it. */
  stop(): Promise<void>;
  /** Claims and runs a round now if one is due: true when this instance ran it. */
  runIfDue(): Promise<boolean>;
}

export interface ScheduledWorkOptions {
  db: Database;
  /** The work's name, its row in scheduled_runs. */
  name: string;
  /** One round per this many ms; 0 or less: never. */
  everyMs: number;
  /** A round's work; `stop` aborts when the process stops: a long round ends early, finishing next round. */
  run: (stop: AbortSignal) => Promise<void>;
  /** How often an instance looks whether a round is due (default: a minute, or the interval if shorter). */
  checkEveryMs?: number;
  log?: (entry: Record<string, unknown>) => void;
}

/** Who claimed a round, for the operator reading scheduled_runs. */
const instance = `${hostname()}:${process.pid}`;

/**
 * Claims the round of `name` if one is due (the last claim is at least `everyMs` old, or there is
 * none): true for exactly one caller per interval, whichever instance asks.
 */
export async function claimRound(db: Database, name: string, everyMs: number): Promise<boolean> {
  await db.insert(scheduledRuns).values({ name }).onConflictDoNothing();
  const claimed = await selectRows<{ name: string }>(
    db,
    sql`update ${scheduledRuns} set last_started_at = now(), last_claimed_by = ${instance}
      where ${scheduledRuns.name} = ${name}
        and (${scheduledRuns.lastStartedAt} is null
          or ${scheduledRuns.lastStartedAt} <= now() - make_interval(secs => ${everyMs / 1000}::double precision))
      returning ${scheduledRuns.name} as name`,
  );
  return claimed.length === 1;
}

export function scheduledWork(options: ScheduledWorkOptions): ScheduledWork {
  const { db, name, everyMs, run } = options;
  const checkEveryMs = options.checkEveryMs ?? Math.min(60_000, Math.max(1_000, everyMs));
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<boolean> | null = null;
  const stopping = new AbortController();

  async function round(): Promise<boolean> {
    if (!(await claimRound(db, name, everyMs))) return false;
    const started = Date.now();
    try {
      await run(stopping.signal);
    } finally {
      await db
        .update(scheduledRuns)
        .set({ lastFinishedAt: new Date() })
        .where(sql`${scheduledRuns.name} = ${name}`)
        .catch(() => undefined);
    }
    options.log?.({
      time: new Date().toISOString(),
      level: 'info',
      message: `${name}: round done`,
      ms: Date.now() - started,
    });
    return true;
  }

  function runIfDue(): Promise<boolean> {
    running ??= round()
      .catch((error: unknown) => {
        options.log?.({
          time: new Date().toISOString(),
          level: 'error',
          message: `${name}: a round failed; the next one is due an interval after it started`,
          error: error instanceof Error ? error.name : 'Error',
          code: (error as { code?: unknown } | null)?.code,
        });
        return false;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    runIfDue,
    start() {
      if (everyMs <= 0 || timer) return;
      timer = setInterval(() => void runIfDue(), checkEveryMs);
      timer.unref();
      // The first look soon after start, not a whole check period later.
      setTimeout(() => void (timer && runIfDue()), Math.min(checkEveryMs, 2_000)).unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      stopping.abort();
      await running;
    },
  };
}
