import { requestUrl } from '@board/shared/api/api-client';
import { callQuery } from '@board/shared/api/queries';
import { callRequest, loadsSeveralPages } from '@board/shared/api/requests';
import type { RuntimeConfig } from '@board/shared/config/runtime-config';
import { scriptJson } from '@board/shared/lib/script-json';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import type { ApiReader } from './api-reader';
import { type PagePlan, pageCalls } from './page-plan';
import { readerClient } from './reader-client';

/**
 * The data of a call as its query parsed it, by the API answer it came from: ApiReader keeps one
 * answer object per URL for its TTL, so a burst of visits parses a list once.
 */
const parsed = new WeakMap<object, { data: unknown; updatedAt: number }>();
/** A query as it travels to the browser, serialised once per data object (see queriesScript). */
const serialised = new WeakMap<object, string>();

export interface PageQueries {
  /** The page's queries that succeeded: what the page is rendered with and the head is built from. */
  queryClient: QueryClient;
  /** False when the API could not answer one of the page's calls (slow or down): the page is not what it should be. */
  complete: boolean;
}

/**
 * The page's first calls (the route's `calls`), run by the same queries the remote pages use, so
 * the page renders with its data and the browser's cache starts from it. A call that failed is
 * left out: the page renders it as loading, as the browser does before its own fetch. In order:
 * a page's later calls depend on its first (a workspace's jobs on the workspace), so once one
 * finds nothing (a missing workspace or job) the rest are not made, as in the browser.
 */
export async function loadPageQueries(plan: PagePlan, config: RuntimeConfig, api: ApiReader): Promise<PageQueries> {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  const client = readerClient(config.apiBaseUrl, api);
  let complete = true;
  for (const call of pageCalls(plan)) {
    const options = callQuery(client, call);
    const answer = await api.get(requestUrl(config.apiBaseUrl, callRequest(call)));
    if (answer.kind === 'unavailable') complete = false;
    // One answer is one page: a call of several pages (?page=N) is not one answer's parse.
    const single = !loadsSeveralPages(call[0]);
    const known = answer.kind === 'ok' && single ? parsed.get(answer) : undefined;
    if (known) queryClient.setQueryData(options.queryKey, known.data as never, { updatedAt: known.updatedAt });
    else {
      await queryClient.prefetchQuery(options);
      const state = queryClient.getQueryState(options.queryKey);
      if (answer.kind === 'ok' && single && state?.status === 'success')
        parsed.set(answer, { data: state.data, updatedAt: state.dataUpdatedAt });
    }
    if (!complete) break;
    if (queryClient.getQueryData(options.queryKey) === null) break;
  }
  queryClient.removeQueries({ predicate: (query) => query.state.status !== 'success' });
  return { queryClient, complete: complete && client.unavailable === 0 };
}

/**
 * The page's queries as the JSON the browser hydrates its QueryClient from (TanStack Query's
 * dehydrated state), escaped for a <script>. Each query is serialised once per data object.
 */
export function queriesScript(queryClient: QueryClient): string {
  const { queries } = dehydrate(queryClient);
  const parts = queries.map((query) => {
    const data = query.state.data;
    if (!data || typeof data !== 'object') return scriptJson(query);
    let json = serialised.get(data);
    if (json === undefined) {
      json = scriptJson(query);
      serialised.set(data, json);
    }
    return json;
  });
  return `{"mutations":[],"queries":[${parts.join(',')}]}`;
}
