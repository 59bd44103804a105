// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RedisServer, redisForTests, startRedisServer } from '../test/redis-server';
import { type Limits, memoryLimits, redisLimits } from './limits';

const window = { max: 5, windowSeconds: 60 };
const allowedOf = async (limits: Limits[], count: number, key: string, name = 'requests') => {
  const verdicts = await Promise.all(
    Array.from({ length: count }, (_, index) => (limits[index % limits.length] as Limits).limit(name, window).hit(key)),
  );
  return verdicts;
};

describe('limits in memory', () => {
  it('admits `max` hits of a key per window, then refuses them with the seconds left; keys count apart', async () => {
    const limits = memoryLimits();
    const limit = limits.limit('requests', window);
    const verdicts = await Promise.all(Array.from({ length: 8 }, () => limit.hit('198.51.100.1')));
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(5);
    for (const verdict of verdicts.slice(5)) {
      expect(verdict.allowed).toBe(false);
      if (!verdict.allowed) {
        expect(verdict.retryAfterSeconds).toBeGreaterThan(0);
        expect(verdict.retryAfterSeconds).toBeLessThanOrEqual(60);
      }
    }
    expect((await limit.hit('198.51.100.2')).allowed).toBe(true);
  });

  it('two processes count apart: each admits its own `max` (one instance only)', async () => {
    const verdicts = await allowedOf([memoryLimits(), memoryLimits()], 20, '198.51.100.3');
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(10);
  });
});

// On a Redis server of its own: every test and hook has a limit that catches a hang (five minutes),
// not the component tests' 20 s, which wait on no process.
describe.runIf(redisForTests('limits in Redis'))('limits in Redis', () => {
  let redis: RedisServer;
  const opened: Limits[] = [];
  beforeAll(async () => {
    redis = await startRedisServer();
  }, 300_000);
  afterAll(async () => {
    await Promise.all(opened.map((limits) => limits.close()));
    await redis?.stop();
  }, 300_000);

  const open = async (prefix = 'board:test', log: (entry: Record<string, unknown>) => void = () => {}) => {
    const limits = await redisLimits({ url: redis.url, prefix, log, commandTimeoutMs: 300 });
    opened.push(limits);
    return limits;
  };

  it('two instances on one Redis admit one instance’s `max` between them, however the hits are spread', async () => {
    const [a, b] = [await open(), await open()];
    expect(a.kind).toBe('redis');
    const verdicts = await allowedOf([a, b], 30, '203.0.113.1');
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(5);
    const refused = verdicts.find((verdict) => !verdict.allowed);
    expect(refused && !refused.allowed && refused.retryAfterSeconds).toBeGreaterThan(0);
  }, 300_000);

  it('limits of other names, or of another deploy (prefix), count apart', async () => {
    const [a, b, other] = [await open(), await open(), await open('board:staging')];
    await allowedOf([a], 5, '203.0.113.2');
    expect((await a.limit('requests', window).hit('203.0.113.2')).allowed).toBe(false);
    expect((await b.limit('submissions', window).hit('203.0.113.2')).allowed).toBe(true);
    expect((await other.limit('requests', window).hit('203.0.113.2')).allowed).toBe(true);
  }, 300_000);

  it('Redis gone: every hit is still answered, counted in the instance’s memory, and the log says so once', async () => {
    const server = await startRedisServer();
    const logged: Record<string, unknown>[] = [];
    const limits = await redisLimits({ url: server.url, prefix: 'board:test', log: (entry) => logged.push(entry) });
    opened.push(limits);
    const limit = limits.limit('requests', window);
    expect((await limit.hit('203.0.113.3')).allowed).toBe(true);
    await server.stop();
    const verdicts = await Promise.all(Array.from({ length: 12 }, () => limit.hit('203.0.113.4')));
    // This instance's own count still holds the client to its figure.
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(5);
    const warnings = logged.filter((entry) => entry.level === 'warn');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toMatch(/Redis cannot be reached; each instance counts in its own memory/);
    expect(JSON.stringify(logged)).not.toContain('203.0.113');
    // Started again at its address: the instance reconnects by itself, and one line says so.
    const again = await startRedisServer(server.port);
    try {
      const until = Date.now() + 120_000;
      while (!logged.some((entry) => entry.level === 'info') && Date.now() < until)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(logged.map((entry) => entry.level)).toEqual(['warn', 'info']);
    } finally {
      await again.stop();
    }
  }, 300_000);

  it('Redis that hangs: a hit waits at most the command timeout, then memory; back, the counts are shared again', async () => {
    const server = await startRedisServer();
    const logged: Record<string, unknown>[] = [];
    const log = (entry: Record<string, unknown>) => logged.push(entry);
    const [a, b] = [
      await redisLimits({ url: server.url, prefix: 'board:test', log, commandTimeoutMs: 200 }),
      await redisLimits({ url: server.url, prefix: 'board:test', log: () => {}, commandTimeoutMs: 200 }),
    ];
    opened.push(a, b);
    server.pause();
    try {
      const verdicts = await Promise.all(
        Array.from({ length: 3 }, () => a.limit('requests', window).hit('203.0.113.5')),
      );
      expect(verdicts.every((verdict) => verdict.allowed)).toBe(true);
      expect(logged.filter((entry) => entry.level === 'warn')).toHaveLength(1);
    } finally {
      server.resume();
    }
    // Once Redis answers again (the instance asks it after a rest of a few seconds), one line says so.
    const until = Date.now() + 120_000;
    while (!logged.some((entry) => entry.level === 'info') && Date.now() < until) {
      await a.limit('requests', window).hit('203.0.113.6');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(logged.filter((entry) => entry.level === 'info')).toHaveLength(1);
    expect(logged.at(-1)?.message).toBe('limits: Redis answers again; counting there');
    const verdicts = await allowedOf([a, b], 12, '203.0.113.7');
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(5);
    await server.stop();
  }, 300_000);

  it('Redis unreachable at start: the limits open anyway, in memory, and say so once', async () => {
    const logged: Record<string, unknown>[] = [];
    const limits = await redisLimits({
      url: 'redis://127.0.0.1:1',
      prefix: 'board:test',
      log: (entry) => logged.push(entry),
      connectWaitMs: 1_000,
    });
    opened.push(limits);
    const verdicts = await Promise.all(Array.from({ length: 7 }, () => limits.limit('requests', window).hit('x')));
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(5);
    expect(logged.filter((entry) => entry.level === 'warn')).toHaveLength(1);
  }, 300_000);
});
