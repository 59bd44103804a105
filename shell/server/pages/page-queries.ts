import { ApiError } from '@board/shared/api/api-client';
import { leadingPages } from '@board/shared/api/board-search';
import { type CallReader, prefetchCall } from '@board/shared/api/page-calls';
import type { RuntimeConfig } from '@board/shared/config/runtime-config';
import { scriptJson } from '@board/shared/lib/script-json';
import { dehydrate, hashKey, type Query, QueryClient, type QueryKey } from '@tanstack/react-query';
import type { ApiReader } from '../reader/api-reader';
import { readerClient } from '../reader/reader-client';
import { type PagePlan, pageCalls } from './page-plan';

export interface PageQueries {
  /** The page's queries that succeeded: what the page is rendered with and the head is built from. */
  queryClient: QueryClient;
  /** False when the API could not answer one of the page's calls (slow or down): the page is not what it should be. */
  complete: boolean;
  /** The data of each of the page's calls, by name (what the route's head reads). */
  read: CallReader;
}

/**
 * A query the API refused (a 4xx other than 404: the visitor's search is not one it runs): the page
 * is rendered with it, in its error state (the board's message), and the browser starts from it.
 */
function refusedByApi(query: Query): boolean {
  const error = query.state.error;
  return query.state.status === 'error' && error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/**
 * The page's first calls (the route's `calls`), run by the same query options the remote pages
 * run in the browser (`prefetchCall`), through the server's one reader of the API (readerClient
 * over ApiReader), so the page renders with its data and the browser's cache starts from it. A
 * call that failed is left out: the page renders it as loading, as the browser does before its
 * own fetch. In order: a page's later calls depend on its first (a workspace's jobs on the
 * workspace), so once one finds nothing (a missing workspace or job) the rest are not made, as in
 * the browser. A query that could not read reports it to `report` (the page's log line). Only the page's own queries are kept: what a query keeps besides (a board's whole
 * list, from an API that does not page) is not sent to the browser.
 */
export async function loadPageQueries(
  plan: PagePlan,
  config: RuntimeConfig,
  api: ApiReader,
  report?: (what: string, error: unknown) => void,
): Promise<PageQueries> {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  const client = readerClient(config.apiBaseUrl, api, report);
  const pageKeys = new Set<string>();
  const keys = new Map<string, QueryKey>();
  const pages = leadingPages(plan.search);
  for (const call of pageCalls(plan)) {
    const key = await prefetchCall(queryClient, client, call, pages);
    pageKeys.add(hashKey(key));
    keys.set(call[0], key);
    if (client.unavailable > 0 || queryClient.getQueryData(key) === null) break;
  }
  queryClient.removeQueries({
    predicate: (query) => (query.state.status !== 'success' && !refusedByApi(query)) || !pageKeys.has(query.queryHash),
  });
  const read: CallReader = (name) => {
    const key = keys.get(name);
    return key ? queryClient.getQueryData(key) : undefined;
  };
  return { queryClient, complete: client.unavailable === 0, read };
}

/**
 * The page's queries as the JSON the browser hydrates its QueryClient from (TanStack Query's
 * dehydrated state), escaped for a <script>.
 */
export function queriesScript(queryClient: QueryClient): string {
  return scriptJson(
    dehydrate(queryClient, {
      shouldDehydrateQuery: (query) => query.state.status === 'success' || refusedByApi(query),
    }),
  );
}
