import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The board's API as SPEC section 7 states call 1: GET /public-job-posting takes `workspace_slug`
 * and `visibility` only and answers `{ jobs: [...] }`, every job of the scope, with no `total`,
 * no paging and no facets. A thin proxy in front of our API, which implements more (limit, cursor,
 * filters): it drops the extension from call 1's request and answer and passes every other call
 * through untouched, so the board can be tested against the API a recruiting platform may run.
 */
export interface SpecApi {
  /** The proxy's address: the API's public address too (its logo URLs name it). */
  url: string;
  /** Where it forwards to: our API, once started. */
  forwardTo(apiUrl: string): void;
  close(): Promise<void>;
}

export async function startSpecApi(): Promise<SpecApi> {
  let target = new URL('http://127.0.0.1:9');
  const server = createServer((incoming, outgoing) => {
    const url = new URL(incoming.url ?? '/', target);
    const callOne = incoming.method === 'GET' && url.pathname === '/public-job-posting';
    if (callOne) {
      const kept = new URLSearchParams();
      for (const name of ['workspace_slug', 'visibility']) {
        const value = url.searchParams.get(name);
        if (value !== null) kept.set(name, value);
      }
      url.search = kept.toString();
    }
    const headers = { ...incoming.headers, host: target.host };
    if (callOne) {
      delete headers['accept-encoding'];
      delete headers['if-none-match'];
    }
    const forwarded = request(url, { method: incoming.method, headers }, (answer) => {
      if (!callOne || answer.statusCode !== 200) {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const { jobs } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { jobs: unknown[] };
        const body = JSON.stringify({ jobs });
        const { 'content-length': _length, etag: _etag, ...rest } = answer.headers;
        outgoing.writeHead(200, { ...rest, 'content-length': Buffer.byteLength(body) });
        outgoing.end(body);
      });
    });
    forwarded.on('error', () => {
      outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    forwardTo: (apiUrl) => {
      target = new URL(apiUrl);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
