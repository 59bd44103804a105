import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { visitorLimit, visitorLimitFromEnv } from './visitor-limit';

describe('the visitor limit', () => {
  const counted = (limit: ReturnType<typeof visitorLimit>) => {
    const app = new Hono();
    app.get('/', (c) => c.text(limit.admit(c).allowed ? 'ok' : 'over'));
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

  it('is read from the environment: 120 a minute by default, 0 for none, a bad value refused', () => {
    expect(visitorLimitFromEnv({})).toBeDefined();
    expect(visitorLimitFromEnv({ SHELL_VISITOR_LIMIT_MAX: '0' })).toBeUndefined();
    expect(() => visitorLimitFromEnv({ SHELL_VISITOR_LIMIT_MAX: 'lots' })).toThrow(/SHELL_VISITOR_LIMIT_MAX/);
    expect(() => visitorLimitFromEnv({ SHELL_VISITOR_LIMIT_WINDOW_SECONDS: '0' })).toThrow(/at least 1/);
  });
});
