import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { httpError } from './http-error';

/** Loopback addresses: the caller runs on the API's own machine. */
function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return /^127\./.test(address) || address === '::1' || /^::ffff:127\./.test(address);
}

/** Headers a proxy names the client it forwards in: a request with one was forwarded. */
const forwardingHeaders = ['forwarded', 'x-forwarded-for', 'x-real-ip', 'x-client-ip', 'true-client-ip'];

/**
 * Who may use the operator endpoints (`alerts:send`, `pnpm sources` and `privacy:purge` while the
 * API holds the embedded database): a caller with `Authorization: Bearer OPERATOR_TOKEN`, or, in
 * local and test runs only, a caller on the loopback interface. Loopback is the TCP peer's, unless
 * the peer is a trusted proxy (then the client it names must be on loopback): a request an
 * undeclared proxy forwarded (any forwarding header) is not local. Only a JSON body is read, and a
 * browser's request from another site (its `Origin`) is refused, so no web page a local user opens
 * can send one (a form's or a no-cors fetch's `text/plain` is not JSON).
 */
export function operatorAccess(deps: {
  token?: string;
  allowLoopback: boolean;
  peerAddress: (request: Request, env: unknown) => string | undefined;
  /** The client's address: the TCP peer, or what a trusted proxy says (TRUSTED_PROXIES). */
  clientAddress: (request: Request, env: unknown) => string | undefined;
  /** The API's own origin: the only `Origin` an operator request may carry. */
  publicOrigin: () => string;
}): MiddlewareHandler {
  const expected = deps.token ? createHash('sha256').update(deps.token).digest() : null;
  return async (c, next) => {
    const sent = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1];
    const byToken =
      expected !== null && sent !== undefined && timingSafeEqual(createHash('sha256').update(sent).digest(), expected);
    const origin = c.req.header('origin');
    if (origin !== undefined && origin !== new URL(deps.publicOrigin()).origin)
      throw httpError(403, 'Forbidden', 'Operator endpoints take no request from another site');
    const peer = deps.peerAddress(c.req.raw, c.env);
    const client = deps.clientAddress(c.req.raw, c.env);
    // The client differs from the peer only when a trusted proxy named it.
    const viaTrustedProxy = client !== undefined && peer !== undefined && client !== peer.replace(/^::ffff:/, '');
    const forwarded = forwardingHeaders.some((name) => c.req.header(name) !== undefined);
    const local = deps.allowLoopback && (viaTrustedProxy ? isLoopback(client) : !forwarded && isLoopback(peer));
    if (!byToken && !local)
      throw httpError(403, 'Forbidden', 'Operator endpoints need OPERATOR_TOKEN (or a local caller)');
    if (c.req.method === 'POST' && !(c.req.header('content-type') ?? '').toLowerCase().startsWith('application/json'))
      throw httpError(415, 'Unsupported content type', 'Send application/json');
    c.header('Cache-Control', 'no-store');
    await next();
  };
}
