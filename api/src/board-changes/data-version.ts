import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { selectRows } from '../db/select-rows';
import { type ChangedJob, type LiveIndex, type LiveIndexOptions, type LiveState, liveIndex } from './live-index';

export interface DataVersion {
  /**
   * The data version this request answers at: a number that grows whenever jobs, companies or
   * workspaces change, kept by the database (migration 0005). One request gets one version, however
   * often it asks (pass its Request). What it is never older than is decision 022's guarantee:
   * in short, a small change written through this instance before the request began (it waits
   * for it), and any other change once this instance has learned of it and applied it.
   */
  current(request?: Request): Promise<number>;
  /** The search index at that version. */
  searchIndex(request?: Request): Promise<LiveState>;
  /**
   * Says what the answer to `request` reads of the data: only the jobs `touches` says yes to
   * (given each changed job as the index held it before and after), and no company or workspace.
   * A call that says nothing reads everything.
   */
  answerReads(request: Request, touches: (job: ChangedJob) => boolean): void;
  /**
   * For the answer to `request`, built at one version: whether it is also the answer at a later
   * one (every change between known, of jobs only, none touching it). Null when the call said
   * nothing of what it reads (`answerReads`): any change may alter that answer.
   */
  keptAcross(request: Request): ((from: number, to: number) => boolean) | null;
  /**
   * Whether every change between two versions is known, of jobs only, and none `touches` says yes
   * to (given each changed job as the index held it before and after).
   */
  untouched(from: number, to: number, touches: (job: ChangedJob) => boolean): boolean;
}

/** What each request's answer reads (`answerReads`). */
const reads = new WeakMap<Request, (job: ChangedJob) => boolean>();

const instances = new WeakMap<Database, LiveIndex>();

function liveIndexOf(db: Database, options: LiveIndexOptions = {}): LiveIndex {
  let live = instances.get(db);
  if (!live) {
    live = liveIndex(db, options);
    instances.set(db, live);
  }
  return live;
}

/**
 * The data version of one database handle, with its search index: one per handle, shared by every
 * app and route built on it (one LISTEN, one index). `options` count when the first is made.
 * Answers built from the board's data (the caches, the search) are keyed on it; a write to any
 * other table (an application, an alert) leaves it alone.
 */
export function dataVersion(db: Database, options: LiveIndexOptions = {}): DataVersion {
  const live = liveIndexOf(db, options);
  return {
    current: async (request) => (await live.state(request)).version,
    searchIndex: (request) => live.state(request),
    answerReads: (request, touches) => {
      reads.set(request, touches);
    },
    keptAcross(request) {
      const touches = reads.get(request);
      return touches ? (from, to) => live.untouched(from, to, touches) : null;
    },
    untouched: (from, to, touches) => live.untouched(from, to, touches),
  };
}

/** Resolves once the database handle's search index is at `version` or later (tests, the bench). */
export function indexReached(db: Database, version: number): Promise<LiveState> {
  return liveIndexOf(db).reached(version);
}

/**
 * How far the database handle's search index is behind the database, in seconds: since the oldest
 * transaction committed that it does not hold yet began (the log keeps when each began, so a
 * long transaction counts from its start); 0 when it holds every one. One indexed read.
 */
export async function indexLagSeconds(db: Database): Promise<number> {
  const { version } = await liveIndexOf(db).reached(0);
  const [row] = await selectRows<{ lag: string | number | null }>(
    db,
    sql`select extract(epoch from now() - min(at))::float8 as lag from board_commits where version > ${version}`,
  );
  return Math.max(0, Number(row?.lag ?? 0));
}
