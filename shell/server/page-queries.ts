import { type ApiClient, ApiError, requestUrl } from '@board/shared/api/api-client';
import { callQuery } from '@board/shared/api/queries';
import type { RuntimeConfig } from '@board/shared/config/runtime-config';
import { QueryClient } from '@tanstack/react-query';
import type { ApiReader } from './api-reader';
import type { PagePlan } from './assemble-page';

/**
 * The API as the page's queries read it on the server: through the server's ApiReader (short
 * timeout, a burst of visits to one page costs one call), answering as the browser's client does
 * (the body, or an ApiError with the status). Reads only: a page never posts while it renders.
 */
export function readerClient(config: RuntimeConfig, api: ApiReader): ApiClient {
  const readOnly = () => Promise.reject(new Error('the server renders pages: it sends no POST'));
  return {
    baseUrl: config.apiBaseUrl,
    async get(path, query) {
      const answer = await api.get(requestUrl(config.apiBaseUrl, { path, query }));
      if (answer.kind === 'ok') return answer.body;
      throw answer.kind === 'missing'
        ? new ApiError(404, 'Not found')
        : new ApiError(503, 'The API did not answer in time');
    },
    postJson: readOnly,
    postForm: readOnly,
  };
}

/**
 * A QueryClient holding the page's first calls (the route's `calls`), run by the same queries the
 * remote pages use, so the page renders with its data and the browser's cache starts from it. A
 * call that failed is left out: the page renders it as loading, as the browser does before its
 * own fetch, so the markup still matches.
 */
export async function loadPageQueries(plan: PagePlan, config: RuntimeConfig, api: ApiReader): Promise<QueryClient> {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  const client = readerClient(config, api);
  await Promise.all(
    (plan.route.calls?.(plan.params) ?? []).map((call) => queryClient.prefetchQuery(callQuery(client, call))),
  );
  queryClient.removeQueries({ predicate: (query) => query.state.status !== 'success' });
  return queryClient;
}
