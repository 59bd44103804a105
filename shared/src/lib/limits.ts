import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * The limits the API and the shell's server count per client (the API's request cap, its
 * submission and alert-subscription limits, the shell's visitor limit): fixed windows, each
 * starting at a key's first hit, counted by rate-limiter-flexible. With REDIS_URL the counts live
 * in Redis (or Valkey), so every instance of a deploy counts the same client together; without
 * it, in this process's memory (one instance: `npm start`, tests). When Redis cannot be reached,
 * each instance counts in its own memory until it is back, and says so once (decision 026).
 */
interface LimitWindow {
  /** Hits admitted per key and window. */
  max: number;
  windowSeconds: number;
}

export type LimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface Limit {
  /** Counts one hit of `key`; past `max` in the current window it is refused, with when to try again. */
  hit(key: string): Promise<LimitVerdict>;
}

export interface Limits {
  /** Where the counts live. */
  readonly kind: 'redis' | 'memory';
  /** A limit of its own, named (`api-requests`); two limits of one name and store count together. */
  limit(name: string, window: LimitWindow): Limit;
  close(): Promise<void>;
}

type Log = (entry: Record<string, unknown>) => void;

/** How long an instance counts in memory after Redis failed to answer a connected hit, before it asks again. */
const restMs = 5_000;

const refused = (result: RateLimiterRes): LimitVerdict => ({
  allowed: false,
  retryAfterSeconds: Math.max(1, Math.ceil(result.msBeforeNext / 1000)),
});

function memoryLimit(name: string, window: LimitWindow): Limit {
  const limiter = new RateLimiterMemory({ keyPrefix: name, points: window.max, duration: window.windowSeconds });
  return {
    async hit(key) {
      try {
        await limiter.consume(key);
        return { allowed: true };
      } catch (result) {
        if (result instanceof RateLimiterRes) return refused(result);
        throw result;
      }
    },
  };
}

/** One limit per name and window in a store: asked for again, the same counts. */
function byName(make: (name: string, window: LimitWindow) => Limit) {
  const made = new Map<string, Limit>();
  return (name: string, window: LimitWindow) => {
    const key = `${name}|${window.max}|${window.windowSeconds}`;
    let limit = made.get(key);
    if (!limit) {
      limit = make(name, window);
      made.set(key, limit);
    }
    return limit;
  };
}

/** Counts in this process's memory. */
export function memoryLimits(): Limits {
  return { kind: 'memory', limit: byName(memoryLimit), close: async () => {} };
}

export interface RedisLimitsOptions {
  /** redis://[user:password@]host:port[/db] or rediss://… */
  url: string;
  /** Put before every key, so deploys sharing one Redis never count together (`board:production`). */
  prefix: string;
  log: Log;
  /** How long a count may wait for Redis before this instance counts in memory (ms). */
  commandTimeoutMs?: number;
  /** How long start-up waits for the first connection before it goes on without it (ms). */
  connectWaitMs?: number;
}

/**
 * Counts in Redis. A hit that Redis does not answer (not connected, or slower than
 * `commandTimeoutMs`) is counted in this instance's memory instead, so a request never waits on
 * Redis or fails for it; the log says when Redis stops answering and when it is back, once each.
 */
export async function redisLimits(options: RedisLimitsOptions): Promise<Limits> {
  const client = new Redis(options.url, {
    lazyConnect: true,
    // A hit while disconnected is counted in memory at once, never queued for later.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: options.commandTimeoutMs ?? 500,
    connectTimeout: 2_000,
    // Keep trying, at most every 2 s: the counts move back to Redis as soon as it answers.
    retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
  });
  // undefined until the first connection or failure; a change is logged once.
  let reachable: boolean | undefined;
  // After a hit Redis did not answer while connected, Redis is left alone until then (ms).
  let restUntil = 0;
  const time = () => new Date().toISOString();
  const lost = (error: unknown) => {
    if (reachable === false) return;
    reachable = false;
    options.log({
      time: time(),
      level: 'warn',
      message: 'limits: Redis cannot be reached; each instance counts in its own memory until it is back',
      error: (error as { code?: string } | null)?.code ?? (error instanceof Error ? error.name : 'Error'),
    });
  };
  const answered = () => {
    if (reachable === false)
      options.log({ time: time(), level: 'info', message: 'limits: Redis answers again; counting there' });
    reachable = true;
    restUntil = 0;
  };
  client.on('error', lost);
  client.on('ready', answered);
  const connected = client.connect().catch(lost);
  const waited = new Promise((resolve) => setTimeout(resolve, options.connectWaitMs ?? 2_000).unref());
  await Promise.race([connected, waited]);

  return {
    kind: 'redis',
    limit: byName((name, window) => {
      const shared = new RateLimiterRedis({
        storeClient: client,
        keyPrefix: `${options.prefix}:${name}`,
        points: window.max,
        duration: window.windowSeconds,
      });
      const local = memoryLimit(name, window);
      return {
        async hit(key) {
          if (client.status === 'ready' && Date.now() >= restUntil) {
            try {
              await shared.consume(key);
              answered();
              return { allowed: true };
            } catch (result) {
              if (result instanceof RateLimiterRes) {
                answered();
                return refused(result);
              }
              // Connected but not answering (a timeout, an error reply): no request waits on it
              // again for a while.
              lost(result);
              restUntil = Date.now() + restMs;
            }
          } else if (client.status !== 'ready') lost({ code: `redis ${client.status}` });
          return local.hit(key);
        },
      };
    }),
    async close() {
      client.removeAllListeners('error');
      client.on('error', () => {});
      if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    },
  };
}

/** The limits of a process: in Redis when it names one (REDIS_URL), in memory otherwise. */
export function openLimits(options: Omit<RedisLimitsOptions, 'url'> & { url: string | undefined }): Promise<Limits> {
  return options.url ? redisLimits({ ...options, url: options.url }) : Promise.resolve(memoryLimits());
}
