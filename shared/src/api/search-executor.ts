/**
 * Where a board's search runs. `api`: the API searched, counted and paged it (call 1 with
 * `limit` answered with a `total`). `local`: the API answered call 1 as the SPEC states it, every
 * job and no `total`, so the board runs the same rules over that whole list (search-rules.ts),
 * on the server's first render as in the browser. An answer without `total` is never shown as a
 * search's result: that would show an unfiltered list as filtered.
 */
export type SearchExecutor = 'api' | 'local';

export function executorOf(body: unknown): SearchExecutor {
  const total = typeof body === 'object' && body !== null ? (body as { total?: unknown }).total : undefined;
  return typeof total === 'number' ? 'api' : 'local';
}

/**
 * Thrown by a local search that needs readings the list does not have (local-search.ts: where a
 * job can be done from, or visa sponsorship, over another platform's list, which only the shell's
 * server reads).
 */
export class SearchNeedsServer extends Error {
  override name = 'SearchNeedsServer';
}
