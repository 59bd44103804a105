import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/** Test fixtures: HTTP servers on 127.0.0.1 that serve a folder, or answer what a test tells them to. */
export type Answer = (request: IncomingMessage, response: ServerResponse) => void;

export interface TestOrigin {
  origin: string;
  /** The path (and query) of every request it received. */
  requests: string[];
  close: () => Promise<void>;
}

/** An HTTP server on 127.0.0.1, on a port of its own. */
export async function serveOrigin(answer: Answer): Promise<TestOrigin> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    answer(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        // A request a test left hanging is cut too.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The files of `dir`, by path; 404 for any other. */
export function serveFiles(dir: string): Answer {
  return (request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://fixture');
    const file = path.join(dir, path.normalize(pathname));
    try {
      const body = readFileSync(file);
      response.writeHead(200, { 'Content-Type': file.endsWith('.json') ? 'application/json' : 'text/javascript' });
      response.end(body);
    } catch {
      response.writeHead(404).end('not found');
    }
  };
}
