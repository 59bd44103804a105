import { memoryLimits } from '@board/shared/lib/limits';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { type VisitorLimit, visitorLimit } from './visitor-limit';

describe('the visitor limit', () => {
  const counted = (limit: VisitorLimit) => {
    const app = new Hono();
    app.get('/', async (c) => c.text((await limit.admit(c)).allowed ? 'ok' : 'over'));
    return async (peer: string, headers: Record<string, string> = {}) =>
      (await app.request('/', { headers }, { incoming: { socket: { remoteAddress: peer } } })).text();
  };

  it('counts an IPv6 /64 as one visitor, as the API does', async () => {
    const send = counted(visitorLimit({ max: 1, windowSeconds: 60, trustedProxies: [] }));
    expect(await send('2001:db8:1:2::1')).toBe('ok');
    expect(await send('2001:db8:1:2::ffff')).toBe('over');
    expect(await send('2001:db8:1:3::1')).toBe('ok');
    // IPv4 on an IPv6 socket is the IPv4 address.
    expect(await send('::ffff:198.51.100.7')).toBe('ok');
    expect(await send('198.51.100.7')).toBe('over');
  });

  it('names the visitor by what a trusted proxy says, and only a trusted one', async () => {
    const send = counted(visitorLimit({ max: 1, windowSeconds: 60, trustedProxies: ['10.0.0.2'] }));
    expect(await send('10.0.0.2', { 'x-forwarded-for': '203.0.113.1' })).toBe('ok');
    expect(await send('10.0.0.2', { 'x-forwarded-for': '203.0.113.2' })).toBe('ok');
    expect(await send('10.0.0.2', { 'x-forwarded-for': '203.0.113.1' })).toBe('over');
    // An untrusted peer's header is its own claim: the peer is the visitor.
    expect(await send('198.51.100.9', { 'x-forwarded-for': '203.0.113.3' })).toBe('ok');
    expect(await send('198.51.100.9', { 'x-forwarded-for': '203.0.113.4' })).toBe('over');
  });

  it('counts where its store counts: two servers sharing one store admit one visitor once between them', async () => {
    const limits = memoryLimits();
    const one = counted(visitorLimit({ max: 1, windowSeconds: 60, trustedProxies: [], limits }));
    const other = counted(visitorLimit({ max: 1, windowSeconds: 60, trustedProxies: [], limits }));
    expect(await one('198.51.100.20')).toBe('ok');
    expect(await other('198.51.100.20')).toBe('over');
  });
});
