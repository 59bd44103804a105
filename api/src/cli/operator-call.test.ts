import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, getGlobalDispatcher, setGlobalDispatcher } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOperator, OperatorCallError } from './operator-call';

/** An API that answers each operator path as the test says: status and JSON body. */
const answers: Record<string, [number, unknown]> = {
  '/operator/ok': [200, { done: true }],
  '/operator/refused': [403, { message: 'Operator token required', detail: 'Send Authorization: Bearer …' }],
  '/operator/mistake': [422, { message: 'No workspace "nope".' }],
  '/operator/broken': [500, 'not json'],
  '/operator/slow': [200, { done: 'at last' }],
};
let server: Server;
let apiUrl: string;
const seen: { path: string; authorization: string | undefined; body: string }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      // An API at work on a long call: its answer comes after the client's own limit for headers.
      if (request.url === '/operator/slow') return void setTimeout(() => reply(), 1_500);
      reply();
    });
    const reply = () => {
      seen.push({ path: request.url ?? '', authorization: request.headers.authorization, body });
      const [status, answer] = answers[request.url ?? ''] ?? [404, {}];
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(typeof answer === 'string' ? answer : JSON.stringify(answer));
    };
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const call = (path: string, token?: string) =>
  callOperator({ apiUrl, token, method: 'POST', path, body: { a: 1 }, timeoutMs: 5000 });

describe('callOperator (the commands that act through a running API)', () => {
  it('sends the JSON body with the operator token, and gives the answer back', async () => {
    const response = await call('ok', 'the-token');
    expect(await response.json()).toEqual({ done: true });
    expect(seen.at(-1)).toEqual({ path: '/operator/ok', authorization: 'Bearer the-token', body: '{"a":1}' });
    await call('ok');
    expect(seen.at(-1)?.authorization).toBeUndefined();
  });

  it('says in one line why the API refused: its status, message and detail; a 422 as the API wrote it', async () => {
    await expect(call('refused')).rejects.toThrow(
      new OperatorCallError('The API refused (403): Operator token required Send Authorization: Bearer …'),
    );
    await expect(call('mistake')).rejects.toThrow(new OperatorCallError('No workspace "nope".'));
    await expect(call('broken')).rejects.toThrow(new OperatorCallError('The API refused (500): HTTP 500'));
  });

  it('says how to start the API when nothing answers', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const refusal = callOperator({
      apiUrl: `http://127.0.0.1:${port}`,
      token: undefined,
      method: 'GET',
      path: 'x',
      timeoutMs: 5000,
    });
    await expect(refusal).rejects.toBeInstanceOf(OperatorCallError);
    await expect(refusal).rejects.toThrow(`The API is not answering at http://127.0.0.1:${port}. Start the board`);
  });

  it("waits for a slow answer as long as the command's own limit, whatever the HTTP client's limits are", async () => {
    // The client's limits made short (undici's own: 5 minutes for headers): the call's is what holds.
    const before = getGlobalDispatcher();
    setGlobalDispatcher(new Agent({ headersTimeout: 200, bodyTimeout: 200 }));
    try {
      const response = await callOperator({
        apiUrl,
        token: undefined,
        method: 'POST',
        path: 'slow',
        timeoutMs: 60_000,
      });
      expect(await response.json()).toEqual({ done: 'at last' });
    } finally {
      setGlobalDispatcher(before);
    }
  });

  it('past its own limit, says the API did not answer in time, not that it is down', async () => {
    const slow = callOperator({ apiUrl, token: undefined, method: 'POST', path: 'slow', timeoutMs: 300 });
    await expect(slow).rejects.toThrow(
      new OperatorCallError(
        `The API did not answer within 0.3 seconds at ${apiUrl} (it may still be working: see its log).`,
      ),
    );
  });
});
