/**
 * The one API client of the board (SPEC section 7): base URL from the runtime config, a 30 s
 * timeout, and simple GET requests (an Accept header only, so no CORS preflight). The browser
 * sets Origin itself.
 */
export const requestTimeoutMs = 30_000;

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown = null,
  ) {
    super(message);
  }
}

/** One GET of the API: a path under the base address and its query (empty values are left out). */
export interface ApiRequest {
  path: string;
  query?: Record<string, string | undefined>;
}

/**
 * The address of a request. The shell's server preloads exactly this URL in the page it sends,
 * so the browser's later fetch of the same URL is answered from the preload.
 */
export function requestUrl(baseUrl: string, { path, query = {} }: ApiRequest): string {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}${path}`);
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') url.searchParams.set(key, value);
  }
  return url.href;
}

export interface ApiClient {
  baseUrl: string;
  get(path: string, query?: Record<string, string | undefined>, signal?: AbortSignal): Promise<unknown>;
}

function withTimeout(signal?: AbortSignal): AbortSignal {
  const timeout = AbortSignal.timeout(requestTimeoutMs);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

export function createApiClient(baseUrl: string, fetchImpl: typeof fetch = (...args) => fetch(...args)): ApiClient {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    baseUrl: base,
    async get(path, query = {}, signal) {
      const url = requestUrl(base, { path, query });
      const response = await fetchImpl(url, { headers: { Accept: 'application/json' }, signal: withTimeout(signal) });
      const body: unknown = await response.json().catch(() => null);
      if (!response.ok) {
        const message = (body as { message?: unknown } | null)?.message;
        throw new ApiError(response.status, typeof message === 'string' ? message : `HTTP ${response.status}`, body);
      }
      return body;
    },
  };
}
