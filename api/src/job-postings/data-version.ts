import type { Database } from '../db/database';
import { type LiveIndex, type LiveIndexOptions, type LiveState, liveIndex } from './live-index';

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
}

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
  };
}

/** Resolves once the database handle's search index is at `version` or later (tests, the bench). */
export function indexReached(db: Database, version: number): Promise<LiveState> {
  return liveIndexOf(db).reached(version);
}
