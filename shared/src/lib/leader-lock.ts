import { randomUUID } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { Redis } from 'ioredis';

/**
 * A lease only one process holds at a time (the release gate's evaluator: decision 036). The
 * holder renews it at each `acquire`; a holder that stops renewing loses it after `ttlMs`, and
 * another takes it over. In Redis (SET NX PX, renewed only by its holder) when there is one, else
 * as a file beside the pointers (created exclusively, taken over once expired).
 */
export interface LeaderLock {
  /** Takes or renews the lease; false while another holds it. Never throws. */
  acquire(): Promise<boolean>;
  /** Gives it up, if held. */
  release(): Promise<void>;
  close(): Promise<void>;
}

const renewScript = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const releaseScript = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export function redisLeaderLock(options: { url: string; key: string; ttlMs: number }): LeaderLock {
  const token = randomUUID();
  const client = new Redis(options.url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 1_000,
    retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
  });
  client.on('error', () => {});
  const connected = client.connect().catch(() => undefined);
  return {
    async acquire() {
      await connected;
      try {
        if ((await client.set(options.key, token, 'PX', options.ttlMs, 'NX')) === 'OK') return true;
        return (await client.eval(renewScript, 1, options.key, token, options.ttlMs)) === 1;
      } catch {
        return false;
      }
    },
    async release() {
      await client.eval(releaseScript, 1, options.key, token).catch(() => undefined);
    },
    async close() {
      if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    },
  };
}

interface Lease {
  token: string;
  until: number;
}

function readLease(file: string): Lease | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Lease;
  } catch {
    return null;
  }
}

/** Renamed away first (only one process can), then deleted. */
function removeLease(file: string, away: string) {
  renameSync(file, away);
  rmSync(away, { force: true });
}

/**
 * The lease as a file: created with O_EXCL (one creator wins), renewed by its holder (a temporary
 * file renamed over it), and taken over once expired by renaming the expired file away first
 * (one renamer wins). `now` is for tests.
 */
export function fileLeaderLock(options: {
  /** The lease's file (a function: the folder may be chosen later). */
  file: () => string;
  ttlMs: number;
  now?: () => number;
}): LeaderLock {
  const token = randomUUID();
  const now = options.now ?? Date.now;
  const write = (flag: 'wx' | 'w', file: string) =>
    writeFileSync(file, JSON.stringify({ token, until: now() + options.ttlMs } satisfies Lease), { flag });
  return {
    async acquire() {
      const file = options.file();
      try {
        const lease = readLease(file);
        if (lease?.token === token) {
          const temporary = `${file}.${token}`;
          write('w', temporary);
          renameSync(temporary, file);
          return true;
        }
        if (lease && lease.until > now()) return false;
        if (lease) removeLease(file, `${file}.expired.${token}`);
        write('wx', file);
        return readLease(file)?.token === token;
      } catch {
        return false; // another process won the race, or the folder is not writable
      }
    },
    async release() {
      const file = options.file();
      if (readLease(file)?.token === token)
        try {
          removeLease(file, `${file}.released.${token}`);
        } catch {}
    },
    async close() {},
  };
}
