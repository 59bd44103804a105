import { type ApiClient, ApiError, requestUrl } from '@board/shared/api/api-client';
import { withJobReadings } from '@board/shared/api/job-readings';
import { type FetchQueryOptions, QueryClient, type QueryKey } from '@tanstack/react-query';
import type { ApiReader } from './api-reader';

/**
 * The one way the shell's server reads the API: the browser's ApiClient interface over the
 * server's ApiReader (short timeout, shared short-lived cache), so the page's queries, the crawler
 * files and the preview images run the same shared queries the browser runs. It answers as the
 * browser's client does (the body, or an ApiError with the status: 404 when the API says so, 503
 * when it could not answer), and counts what it could not read, so a caller can tell a missing
 * subject from an API that was down. Reads only: the server never posts. Jobs that come without
 * their places read (another platform's API) are read here, with the gazetteer only a server
 * holds, so a search by where a job can be done from finds them (job-readings.ts).
 */
export interface ReaderClient extends ApiClient {
  /** How many reads found the API unable to answer (slow, down, refusing). */
  readonly unavailable: number;
}

export function readerClient(
  apiBaseUrl: string,
  api: ApiReader,
  report?: (what: string, error: unknown) => void,
): ReaderClient {
  const readOnly = () => Promise.reject(new Error('the shell server reads the API: it sends no POST'));
  let unavailable = 0;
  return {
    baseUrl: apiBaseUrl,
    get unavailable() {
      return unavailable;
    },
    async get(path, query) {
      const answer = await api.get(requestUrl(apiBaseUrl, { path, query }));
      if (answer.kind === 'ok') return withJobReadings(answer.body);
      if (answer.kind === 'missing') throw new ApiError(404, 'Not found');
      if (answer.kind === 'refused') {
        const message = (answer.body as { message?: unknown } | null)?.message;
        throw new ApiError(answer.status, typeof message === 'string' ? message : 'Bad request', answer.body);
      }
      unavailable++;
      throw new ApiError(503, 'The API did not answer in time');
    },
    postJson: readOnly,
    postForm: readOnly,
    ...(report ? { report } : {}),
  };
}

/** The API could not answer (slow, down, or an answer the board cannot read): try again later. */
export class ApiUnavailable extends Error {
  override name = 'ApiUnavailable';
}

/**
 * One of the board's queries run once on the server, outside a page (the crawler files, the
 * preview cards): its data, null when the API does not know what was asked for (404) or refuses
 * it (another 4xx), or
 * ApiUnavailable when it could not answer.
 */
export async function readQuery<T, Key extends QueryKey>(
  apiBaseUrl: string,
  api: ApiReader,
  query: (client: ApiClient) => FetchQueryOptions<T, Error, T, Key>,
): Promise<T | null> {
  const client = readerClient(apiBaseUrl, api);
  try {
    const data = await new QueryClient({ defaultOptions: { queries: { retry: false } } }).fetchQuery(query(client));
    if (client.unavailable > 0) throw new ApiUnavailable('the API could not answer');
    return data;
  } catch (error) {
    // Not found, or refused as asked (a 4xx): there is nothing to show for it.
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return null;
    if (error instanceof ApiUnavailable) throw error;
    throw new ApiUnavailable(error instanceof Error ? error.message : String(error));
  }
}
