import { addCounts, type HealthCounts } from '@board/shared/config/release-health';
import { Redis } from 'ioredis';

/**
 * Where the views' counts live: per remote, release and minute (decision 035). With REDIS_URL in
 * Redis (a hash per release and minute, kept two hours), so every instance adds to one count and
 * the one that gates reads them all; otherwise in this process's memory. A count Redis does not
 * take (not connected, too slow) is dropped, never queued: a beacon never waits on Redis.
 */
export interface HealthStore {
  readonly kind: 'redis' | 'memory';
  add(app: string, version: string, minute: number, counts: HealthCounts): Promise<boolean>;
  /** The counts of minutes `from` to `to` (inclusive, minutes since the epoch) summed. */
  read(app: string, version: string, from: number, to: number): Promise<HealthCounts>;
  close(): Promise<void>;
}

/** Counts are kept two hours: the longest span read is the last hour. */
export const keptMinutes = 120;

export const minuteOf = (time: number) => Math.floor(time / 60_000);

export function memoryHealthStore(): HealthStore {
  const minutes = new Map<string, HealthCounts>();
  const key = (app: string, version: string, minute: number) => `${app}|${version}|${minute}`;
  let pruned = 0;
  return {
    kind: 'memory',
    async add(app, version, minute, counts) {
      if (minute !== pruned) {
        pruned = minute;
        for (const stored of minutes.keys())
          if (Number(stored.slice(stored.lastIndexOf('|') + 1)) < minute - keptMinutes) minutes.delete(stored);
      }
      const at = key(app, version, minute);
      minutes.set(at, addCounts(minutes.get(at) ?? {}, counts));
      return true;
    },
    async read(app, version, from, to) {
      const sum: HealthCounts = {};
      for (let minute = from; minute <= to; minute++) addCounts(sum, minutes.get(key(app, version, minute)) ?? {});
      return sum;
    },
    async close() {},
  };
}

export function redisHealthStore(options: { url: string; prefix: string; commandTimeoutMs?: number }): HealthStore {
  const client = new Redis(options.url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: options.commandTimeoutMs ?? 500,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
  });
  // Reachability is the limits' to report (limits.ts logs it once); a count it misses is dropped.
  client.on('error', () => {});
  const connected = client.connect().catch(() => undefined);
  const key = (app: string, version: string, minute: number) => `${options.prefix}:health:${app}:${version}:${minute}`;
  return {
    kind: 'redis',
    async add(app, version, minute, counts) {
      await connected;
      if (client.status !== 'ready') return false;
      const at = key(app, version, minute);
      const pipeline = client.multi();
      for (const [field, count] of Object.entries(counts)) pipeline.hincrby(at, field, count);
      pipeline.expire(at, keptMinutes * 60);
      try {
        await pipeline.exec();
        return true;
      } catch {
        return false;
      }
    },
    async read(app, version, from, to) {
      await connected;
      const pipeline = client.pipeline();
      for (let minute = from; minute <= to; minute++) pipeline.hgetall(key(app, version, minute));
      const sum: HealthCounts = {};
      for (const [error, hash] of (await pipeline.exec()) ?? []) {
        if (error) throw error;
        for (const [field, count] of Object.entries(hash as Record<string, string>))
          sum[field] = (sum[field] ?? 0) + Number(count);
      }
      return sum;
    },
    async close() {
      if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    },
  };
}

/** The store of a process: Redis when it names one (REDIS_URL), memory otherwise. */
export function openHealthStore(options: { url: string | undefined; prefix: string }): HealthStore {
  return options.url ? redisHealthStore({ url: options.url, prefix: options.prefix }) : memoryHealthStore();
}
