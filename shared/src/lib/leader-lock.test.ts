// @vitest-environment node
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RedisServer, redisForTests, startRedisServer } from '../test/redis-server';
import { fileLeaderLock, type LeaderLock, redisLeaderLock } from './leader-lock';

describe('the leader lock as a file', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'leader-lock-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('one holder at a time; the holder renews it; an expired lease is taken over; released, it is free', async () => {
    let time = 1_000_000;
    const file = path.join(dir, 'lock.json');
    const lock = () => fileLeaderLock({ file: () => file, ttlMs: 90_000, now: () => time });
    const [a, b] = [lock(), lock()];
    expect(await Promise.all([a.acquire(), b.acquire()])).toEqual([true, false]);
    time += 60_000;
    expect(await a.acquire()).toBe(true);
    time += 60_000;
    // Renewed a minute ago: still a's.
    expect(await b.acquire()).toBe(false);
    time += 91_000;
    // a stopped renewing: b takes it over, and a no longer holds it.
    expect(await b.acquire()).toBe(true);
    expect(await a.acquire()).toBe(false);
    await b.release();
    expect(await a.acquire()).toBe(true);
    expect(readdirSync(dir)).toEqual(['lock.json']);
  });

  it('a folder it cannot write is a lock it does not hold', async () => {
    const lock = fileLeaderLock({ file: () => path.join(dir, 'missing', 'lock.json'), ttlMs: 1000 });
    expect(await lock.acquire()).toBe(false);
  });
});

// On a Redis server of its own: a limit that catches a hang (five minutes) on each test and hook.
describe.runIf(redisForTests('the leader lock in Redis'))('the leader lock in Redis', () => {
  let redis: RedisServer;
  const opened: LeaderLock[] = [];
  beforeAll(async () => {
    redis = await startRedisServer();
  }, 300_000);
  afterAll(async () => {
    await Promise.all(opened.map((lock) => lock.close()));
    await redis?.stop();
  }, 300_000);
  const open = (ttlMs = 60_000) => {
    const lock = redisLeaderLock({ url: redis.url, key: 'board:test:shell:release-gate', ttlMs });
    opened.push(lock);
    return lock;
  };

  it('one instance holds it and renews it; released, another takes it', async () => {
    const [a, b, c] = [open(), open(), open()];
    const first = await Promise.all([a.acquire(), b.acquire(), c.acquire()]);
    expect(first.filter(Boolean)).toHaveLength(1);
    const holder = [a, b, c][first.indexOf(true)] as LeaderLock;
    expect(await holder.acquire()).toBe(true);
    await holder.release();
    const others = [a, b, c].filter((lock) => lock !== holder);
    expect((await Promise.all(others.map((lock) => lock.acquire()))).filter(Boolean)).toHaveLength(1);
  }, 300_000);
});
