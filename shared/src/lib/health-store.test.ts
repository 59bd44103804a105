// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countsOfView } from '../config/release-health';
import { type RedisServer, redisForTests, startRedisServer } from '../test/redis-server';
import { type HealthStore, keptMinutes, memoryHealthStore, redisHealthStore } from './health-store';

const view = countsOfView({ errors: ['remote'], lcp: 900 });

async function countsAcross(stores: HealthStore[]) {
  for (let index = 0; index < 10; index++)
    expect(await (stores[index % stores.length] as HealthStore).add('listings', 'v2', 1000 + (index % 3), view)).toBe(
      true,
    );
  await (stores[0] as HealthStore).add('listings', 'v1', 1001, view);
  await (stores[0] as HealthStore).add('apply', 'v2', 1001, view);
  return (stores.at(-1) as HealthStore).read('listings', 'v2', 1000, 1002);
}

describe('release health counts in memory', () => {
  it('sums a release’s minutes; other releases and remotes apart', async () => {
    const store = memoryHealthStore();
    expect(await countsAcross([store])).toMatchObject({ views: 10, errors: 10, 'error:remote': 10, 'lcp:7': 10 });
    expect((await store.read('listings', 'v2', 1001, 1001)).views).toBe(3);
  });

  it('forgets minutes older than two hours', async () => {
    const store = memoryHealthStore();
    await store.add('listings', 'v1', 5000, view);
    await store.add('listings', 'v1', 5000 + keptMinutes + 1, view);
    expect((await store.read('listings', 'v1', 5000, 5000)).views).toBeUndefined();
  });
});

// On a Redis server of its own: a limit that catches a hang (five minutes) on each test and hook.
describe.runIf(redisForTests('release health counts in Redis'))('release health counts in Redis', () => {
  let redis: RedisServer;
  const opened: HealthStore[] = [];
  beforeAll(async () => {
    redis = await startRedisServer();
  }, 300_000);
  afterAll(async () => {
    await Promise.all(opened.map((store) => store.close()));
    await redis?.stop();
  }, 300_000);
  const open = (prefix = 'board:test:shell') => {
    const store = redisHealthStore({ url: redis.url, prefix });
    opened.push(store);
    return store;
  };

  it('two instances add to one count', async () => {
    const [a, b] = [open(), open()];
    expect(a.kind).toBe('redis');
    expect(await countsAcross([a, b])).toMatchObject({ views: 10, errors: 10, 'error:remote': 10 });
    // Another deploy's prefix counts apart.
    expect((await open('board:staging:shell').read('listings', 'v2', 1000, 1002)).views).toBeUndefined();
  }, 300_000);

  it('Redis gone: a count is dropped at once, never waited for', async () => {
    const server = await startRedisServer();
    const store = redisHealthStore({ url: server.url, prefix: 'board:test:shell' });
    opened.push(store);
    expect(await store.add('listings', 'v1', 1, view)).toBe(true);
    await server.stop();
    expect(await store.add('listings', 'v1', 1, view)).toBe(false);
  }, 300_000);
});
