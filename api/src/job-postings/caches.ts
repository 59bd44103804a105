import type { JobFacets } from '@board/shared/api/page-bodies';
import type { Database } from '../db/database';
import type { DataVersion } from './data-version';
import { type ScopeFacets, scopeFacets } from './facets';
import { readSearchIndex, type SearchIndex } from './search-index';
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
 * The search index (search-index.ts), read once per change of the data for every scope: only the
 * latest is kept. Requests during a read share it.
 */
export function searchIndexCache(db: Database, versions: DataVersion) {
  let cached: { version: number; index: Promise<SearchIndex> } | null = null;
  return async (request?: Request): Promise<SearchIndex> => {
    const version = await versions.current(request);
    // Versions only grow: a request that checked just before a change may use the newer index.
    if (cached && cached.version >= version) return cached.index;
    const entry = { version, index: readSearchIndex(db) };
    cached = entry;
    entry.index.catch(() => {
      if (cached === entry) cached = null;
    });
    return entry.index;
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
