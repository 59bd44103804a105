import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ListeningServer {
  url: string;
  port: number;
  /**
   * Stops taking connections. Without `drainMs`, every open connection is cut at once (tests, Ctrl-C);
   * with it, the requests in flight are answered first (each answer closes its connection), and
   * whatever is still open after `drainMs` is cut.
   */
  close(drainMs?: number): Promise<void>;
}

/**
 * Listens on `host:port` (`port: 0` picks a free one) and returns how to reach and stop it: the
 * shell's server (server.ts) and the local static servers (scripts/serve-board.ts) stop this way.
 */
export async function listen(server: Server, port: number, host = '127.0.0.1'): Promise<ListeningServer> {
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  // Before the app's own listener, which may answer at once.
  server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
    inFlight.add(response);
    response.once('close', () => inFlight.delete(response));
    if (draining) response.setHeader('Connection', 'close');
  });
  const bound = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
  return {
    url: `http://${host === '0.0.0.0' ? 'localhost' : host.includes(':') ? `[${host}]` : host}:${bound}`,
    port: bound,
    close: (drainMs = 0) =>
      new Promise((resolve) => {
        draining = true;
        // Node keeps a connection open after its answer unless the answer says it closes it.
        for (const response of inFlight) if (!response.headersSent) response.setHeader('Connection', 'close');
        const cutOff = setTimeout(() => server.closeAllConnections(), drainMs);
        server.close(() => {
          clearTimeout(cutOff);
          resolve();
        });
        if (drainMs === 0) server.closeAllConnections();
        else server.closeIdleConnections();
      }),
  };
}
