import { vi } from 'vitest';

class StatusAnswer {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

/** An answer with another status than 200 (a 404, a 422...) and its JSON body. */
export function answer(status: number, body: unknown = {}) {
  return new StatusAnswer(status, body);
}

/**
 * Serves a component test's API calls the way the API answers them: `answers` maps a request
 * path (`/public-job-posting/7`) to its JSON body, or to `answer(status, body)`, or to a function
 * of the request's URL that returns either. The page fetches
 * through the board's real API client and parses with its real schemas. Any other request fails
 * the test (as vitest.setup.ts does for every unit test).
 */
export function stubApi(answers: Record<string, unknown>) {
  const requests: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    requests.push(`${url.pathname}${url.search}`);
    if (!(url.pathname in answers)) throw new Error(`Unexpected network request in a unit test: ${url.href}`);
    const entry = answers[url.pathname];
    // A function answers by the whole URL (its query: a search, a page's cursor).
    const found = typeof entry === 'function' ? (entry as (url: URL) => unknown)(url) : entry;
    const { status, body } = found instanceof StatusAnswer ? found : { status: 200, body: found };
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return { requests };
}
