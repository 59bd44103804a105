import type { JobFacets } from '@board/shared/api/page-bodies';
import type { Database } from '../db/database';
import { scopeFacets } from './facets';
import { type Scope, scopeKey } from './visible';

/**
 * The facets of each scope, counted once and kept by the caller for one digest run: what call 1's
 * filters compare job type, level and workplace with. Counted through the connection given (a
 * transaction's, on PGlite's one connection).
 */
export type ScopeFacetsOf = (db: Database, scope: Scope) => Promise<JobFacets>;

export function scopeFacetsCache(looked?: (hit: boolean) => void): ScopeFacetsOf {
  const cache = new Map<string, Promise<JobFacets>>();
  return (db, scope) => {
    const key = scopeKey(scope);
    let facets = cache.get(key);
    looked?.(facets !== undefined);
    if (!facets) {
      facets = scopeFacets(db, scope).then((counted) => counted.facets);
      cache.set(key, facets);
      facets.catch(() => cache.delete(key));
    }
    return facets;
  };
}
