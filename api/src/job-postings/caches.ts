import type { JobFacets } from '@board/shared/api/page-bodies';
import type { Database } from '../db/database';
import type { DataVersion } from './data-version';
import { type ScopeFacets, scopeFacets } from './facets';
import type { JobTotal } from './pages';
import { type Scope, scopeKey } from './visible';

/**
 * The search's in-process caches (docs/search.md): each keeps a promise, so concurrent requests
 * share one read, and forgets a read that failed.
 */

/**
 * Each scope's facets, counted once per change of the data (`DataVersion`). A few scopes at most
 * are asked for: made-up workspaces never reach here (404 first).
 */
export function facetsCache(db: Database, versions: DataVersion, maxScopes = 32) {
  const cache = new Map<string, { version: number; facets: Promise<ScopeFacets> }>();
  return async (scope: Scope, request?: Request): Promise<ScopeFacets> => {
    const version = await versions.current(request);
    const key = scopeKey(scope);
    const cached = cache.get(key);
    if (cached?.version === version) return cached.facets;
    const entry = { version, facets: scopeFacets(db, scope) };
    cache.delete(key);
    cache.set(key, entry);
    while (cache.size > maxScopes) cache.delete(cache.keys().next().value ?? '');
    entry.facets.catch(() => {
      if (cache.get(key) === entry) cache.delete(key);
    });
    return entry.facets;
  };
}

/**
 * The total of a filtered search, kept a few seconds per data version (`ttlMs`; 0 keeps none):
 * "Show more" asks the same search again with a cursor. Bounded to the last 500 searches.
 */
export function totalsCache(versions: DataVersion, now: () => number, ttlMs: number, maxSearches = 500) {
  const cache = new Map<string, { version: number; expires: number; total: Promise<JobTotal> }>();
  return async (key: string, count: () => Promise<JobTotal>, request?: Request): Promise<JobTotal> => {
    const version = await versions.current(request);
    const cached = cache.get(key);
    if (cached && cached.version === version && cached.expires > now()) return cached.total;
    const entry = { version, expires: now() + ttlMs, total: count() };
    cache.delete(key);
    if (ttlMs <= 0) return entry.total;
    cache.set(key, entry);
    while (cache.size > maxSearches) cache.delete(cache.keys().next().value ?? '');
    entry.total.catch(() => {
      if (cache.get(key) === entry) cache.delete(key);
    });
    return entry.total;
  };
}

/**
 * The facets of each scope, counted once and kept by the caller for one digest run: what call 1's
 * filters compare job type, level and workplace with. Counted through the connection given (a
 * transaction's, on PGlite's one connection).
 */
export type ScopeFacetsOf = (db: Database, scope: Scope) => Promise<JobFacets>;

export function scopeFacetsCache(): ScopeFacetsOf {
  const cache = new Map<string, Promise<JobFacets>>();
  return (db, scope) => {
    const key = scopeKey(scope);
    let facets = cache.get(key);
    if (!facets) {
      facets = scopeFacets(db, scope).then((counted) => counted.facets);
      cache.set(key, facets);
      facets.catch(() => cache.delete(key));
    }
    return facets;
  };
}
