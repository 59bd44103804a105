import type { ErrorBody } from '@board/shared/api/application-bodies';

/**
 * The one API client of the board (SPEC section 7): base URL from the runtime config, a 30 s
 * timeout, and the three kinds of request the board sends. A GET carries an Accept header only
 * (no CORS preflight); a JSON POST carries its Content-Type; a multipart POST lets the browser set
 * multipart/form-data with its boundary. The browser sets Origin itself. Every answer is read the
 * same way: the JSON body, or an ApiError with the status, the body's message and the body.
 */
const requestTimeoutMs = 30_000;

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
  // A dot segment (`..`, `%2e%2e`) would be resolved away by URL parsing and name another call.
  if (/(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i.test(path)) throw new ApiError(404, 'Not found');
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}${path}`);
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') url.searchParams.set(key, value);
  }
  return url.href;
}

export interface ApiClient {
  baseUrl: string;
  get(path: string, query?: Record<string, string | undefined>, signal?: AbortSignal): Promise<unknown>;
  /** A POST of a JSON body. */
  postJson(path: string, body: unknown, signal?: AbortSignal): Promise<unknown>;
  /** A multipart POST (a form with files). */
  postForm(path: string, body: FormData, signal?: AbortSignal): Promise<unknown>;
  /**
   * Where a query reports a read it could not make (queries.ts): the shell's server logs it as one
   * JSON line with the page's request id. Without it, one line on the console.
   */
  report?(what: string, error: unknown): void;
}

/** An error in one line: an API error's status and message, anything else its name and message; never a stack. */
export function errorLine(error: unknown): string {
  if (error instanceof ApiError) return `${error.status} ${error.message}`;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

function withTimeout(signal?: AbortSignal): AbortSignal {
  const timeout = AbortSignal.timeout(requestTimeoutMs);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

export function createApiClient(baseUrl: string, fetchImpl: typeof fetch = (...args) => fetch(...args)): ApiClient {
  const base = baseUrl.replace(/\/+$/, '');
  const send = async (url: string, init: RequestInit, signal?: AbortSignal): Promise<unknown> => {
    const headers = new Headers(init.headers);
    headers.set('Accept', 'application/json');
    const response = await fetchImpl(url, { ...init, headers, signal: withTimeout(signal) });
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      // The contract's error answer (ErrorWire), read as any answer: a message only if it is text.
      const message = (body as { [Key in keyof ErrorBody]?: unknown } | null)?.message;
      throw new ApiError(response.status, typeof message === 'string' ? message : `HTTP ${response.status}`, body);
    }
    return body;
  };
  return {
    baseUrl: base,
    get: (path, query = {}, signal) => send(requestUrl(base, { path, query }), {}, signal),
    postJson: (path, body, signal) =>
      send(
        requestUrl(base, { path }),
        { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
        signal,
      ),
    postForm: (path, body, signal) => send(requestUrl(base, { path }), { method: 'POST', body }, signal),
  };
}
