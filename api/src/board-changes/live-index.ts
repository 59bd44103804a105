import type { Database } from '../db/database';
import { errorReport } from '../lib/error-report';
import { timeSlice } from '../lib/time-slice';
import { readSearchIndex } from '../search/read-search-index';
import type { SearchIndex } from '../search/search-index';
import { withChanges } from './apply-changes';
import { type BoardChangesOptions, type Learned, watchBoardChanges } from './board-changes';
import { type ChangedJob, changedJobs, changedSteps, keptPerStep } from './changed-steps';
import { readChangesSince } from './read-changes';

export type { ChangedJob } from './changed-steps';

/**
 * The instance's search index, kept at the data version the database is at (docs/decisions/
 * 022-live-reads.md). It is read whole once, when the API starts; after that each change learned
 * of (board-changes.ts) is applied from the change log: the changed rows are read and the next
 * index is made from the previous one (read-changes.ts, apply-changes.ts). One change is applied at a time;
 * the changes learned of meanwhile are applied together next.
 *
 * What a request waits for: a change of at most `waitUpTo` rows written through this instance's
 * own client before it began (on PGlite every writer's: they are all in this process), a few
 * milliseconds (one read of the rows by id). Any other change, and a larger one, is applied
 * while requests answer from the previous index until it is in place; so is a change that must
 * be read whole (more rows than `wholeAbove`, a truncated table, or a log pruned past this index).
 */
export interface LiveState {
  version: number;
  index: SearchIndex;
}

export interface LiveIndexOptions extends BoardChangesOptions {
  /** Requests wait for a change of at most this many rows to be applied. 100. */
  waitUpTo?: number;
  /** A change of more rows than this is applied by reading the index whole. */
  wholeAbove?: (indexSize: number) => number;
  /** Told of each change applied: how, and how long it took (the bench). */
  onApplied?: (applied: { version: number; how: 'rows' | 'whole'; rows: number; ms: number }) => void;
  /** How changes are learned of: `watchBoardChanges`, unless a test tells them in an order of its own. */
  watch?: typeof watchBoardChanges;
}

export interface LiveIndex {
  /** The state this request answers from (one per request, however often it asks). */
  state(request?: Request): Promise<LiveState>;
  /**
   * Resolves once the index is at `version` or later, however long the instance takes to learn of
   * it by itself (tests, the bench).
   */
  reached(version: number): Promise<LiveState>;
  /**
   * Whether every change from version `from` to `to` is known to this instance and touched no
   * job `touches` says yes to: each is a change of job rows only (no company, no workspace),
   * applied row by row from one version to the next, among the latest ones kept. False whenever
   * that cannot be told (a change read whole, one too large or too old to be kept, a company).
   */
  untouched(from: number, to: number, touches: (job: ChangedJob) => boolean): boolean;
}

const retryMs = 1000;

export function liveIndex(db: Database, options: LiveIndexOptions = {}): LiveIndex {
  const waitUpTo = options.waitUpTo ?? 100;
  const wholeAbove = options.wholeAbove ?? ((size: number) => Math.max(2000, Math.floor(size / 5)));
  const log = options.log ?? (() => {});
  let applied: LiveState | null = null;
  let starting: Promise<LiveState> | null = null;
  /** The highest version learned of. */
  let known = 0;
  /** Rows changed per version learned of and not applied yet (an estimate: what requests wait for). */
  const pending = new Map<number, number>();
  let working: Promise<void> | null = null;
  /** A change too large to wait for is being applied: requests answer from the previous index. */
  let inBackground = false;
  /** Requests waiting for a small change (`released`: woken when it turns out large), and `reached`'s. */
  let waiters: { version: number; resolve: () => void; released: boolean }[] = [];
  const perRequest = new WeakMap<Request, Promise<LiveState>>();
  const steps = changedSteps();
  const feed = (options.watch ?? watchBoardChanges)(db, learn, () => known, options);

  function learn(news: Learned) {
    known = Math.max(known, news.version);
    // Rows counted from a version the index has passed count changes it already holds: a read of
    // the version begun before the index was read (when listening starts: the whole log) or
    // before a change was applied. Such a count would make the next small change look too large
    // to wait for: its notification counts it, or else it counts as small.
    const at = applied?.version;
    if (at !== undefined && news.version > at && news.since >= at) pending.set(news.version, news.rows);
    apply();
  }

  const pendingRows = () => {
    let rows = 0;
    for (const count of pending.values()) rows += count;
    return rows;
  };

  /** Wakes the requests waiting for a version now applied; with `all`, every one (they answer from what is there). */
  function wake(all = false) {
    const version = applied?.version ?? 0;
    const ready = waiters.filter((waiter) => (all && waiter.released) || waiter.version <= version);
    waiters = waiters.filter((waiter) => !ready.includes(waiter));
    for (const waiter of ready) waiter.resolve();
  }

  function settle(state: LiveState) {
    applied = state;
    known = Math.max(known, state.version);
    for (const version of pending.keys()) if (version <= state.version) pending.delete(version);
    wake();
  }

  /** Applies what was learned of, one change at a time, until the index is at the known version. */
  function apply() {
    if (working || !applied || known <= applied.version) return;
    let failed = false;
    working = (async () => {
      while (applied && known > applied.version) {
        const from = applied;
        const started = performance.now();
        if (pendingRows() > waitUpTo) {
          inBackground = true;
          wake(true);
        }
        // A change applied in the background gives way to the requests on a time slice; one that
        // requests wait for is applied at once.
        const slice = inBackground ? timeSlice() : undefined;
        const read = await readChangesSince(db, from.version, wholeAbove(from.index.size), slice);
        if (read.kind === 'none') {
          // Nothing after this index is committed (a version heard of that is not there): forget it,
          // and let the requests waiting for it answer.
          known = from.version;
          pending.clear();
          wake(true);
          break;
        }
        if (read.kind === 'everything') {
          inBackground = true;
          wake(true);
          const whole = await readSearchIndex(db);
          steps.remember({ from: from.version, to: whole.version, jobs: null });
          settle(whole);
          log({
            time: new Date().toISOString(),
            level: 'info',
            message: 'search index read whole after a change',
            reason: read.reason,
            ms: Math.round(performance.now() - started),
          });
          options.onApplied?.({ version: whole.version, how: 'whole', rows: 0, ms: performance.now() - started });
        } else {
          const { changes } = read;
          await slice?.();
          const index = withChanges(from.index, changes);
          await slice?.();
          const kept = changes.onlyJobs && changes.jobIds.length <= keptPerStep;
          steps.remember({
            from: from.version,
            to: changes.version,
            jobs: kept ? changedJobs(from.index, index, changes) : null,
          });
          settle({ version: changes.version, index });
          const rows = read.changes.jobIds.length + read.changes.companyIds.length;
          options.onApplied?.({ version: read.changes.version, how: 'rows', rows, ms: performance.now() - started });
        }
        inBackground = false;
      }
    })()
      .catch((error) => {
        // The database is away: requests answer from the index as it is, and it is tried again.
        failed = true;
        log({
          time: new Date().toISOString(),
          level: 'warn',
          message: 'search index not updated',
          ...errorReport(error),
        });
        inBackground = false;
        wake(true);
        setTimeout(apply, retryMs).unref();
      })
      .finally(() => {
        working = null;
        // Learned of while the last step ran.
        if (!failed) apply();
      });
  }

  function start(): Promise<LiveState> {
    if (applied) return Promise.resolve(applied);
    starting ??= (async () => {
      // Listening first: a change committed after the read's snapshot is then heard of.
      await feed.started;
      settle(await readSearchIndex(db));
      apply();
      return applied as unknown as LiveState;
    })().catch((error) => {
      starting = null;
      throw error;
    });
    return starting;
  }

  function waitFor(version: number, released = true): Promise<void> {
    if ((applied?.version ?? 0) >= version) return Promise.resolve();
    return new Promise((resolve) => {
      waiters.push({ version, resolve, released });
      apply();
    });
  }

  async function stateNow(): Promise<LiveState> {
    await start();
    // A small change written through this instance is waited for; any other is applied meanwhile.
    const own = await feed.ownWritesVersion();
    if (own > (applied?.version ?? 0) && !inBackground && pendingRows() <= waitUpTo) await waitFor(own);
    return applied as LiveState;
  }

  return {
    state(request) {
      if (!request) return stateNow();
      let state = perRequest.get(request);
      if (!state) {
        state = stateNow();
        perRequest.set(request, state);
      }
      return state;
    },
    async reached(version) {
      // Only what the instance learns of by itself brings it there.
      await start();
      await waitFor(version, false);
      return applied as LiveState;
    },
    untouched: steps.untouched,
  };
}
