import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** The TCP peer of a request served by @hono/node-server (never a forwarded address); undefined elsewhere. */
export function peerAddress(request: Request, envBindings: unknown): string | undefined {
  try {
    return getConnInfo({ env: envBindings, req: { raw: request } } as unknown as Context).remote.address;
  } catch {
    return undefined;
  }
}
