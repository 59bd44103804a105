import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

/**
 * A Redis server of a test's own (Debian's `redis-server`, or `valkey-server`), on a free port of
 * 127.0.0.1, keeping nothing on disk; it stops with the test, or with the test's process.
 */
export function redisServerBinary(): string | null {
  const candidates = [process.env.REDIS_SERVER_PATH, '/usr/bin/redis-server', '/usr/bin/valkey-server'];
  return candidates.find((candidate): candidate is string => Boolean(candidate && existsSync(candidate))) ?? null;
}

/**
 * Whether tests that need Redis run here: locally they are skipped, with a line saying why, when
 * it is not installed; under CI=true a missing Redis fails them (.ci/run installs it).
 */
export function redisForTests(suite: string): boolean {
  if (redisServerBinary()) return true;
  if (process.env.CI === 'true')
    throw new Error(`${suite}: redis-server is not installed, and CI=true requires it (.ci/run installs it)`);
  console.warn(`${suite}: skipped, redis-server is not installed (apt-get install redis-server)`);
  return false;
}

export interface RedisServer {
  url: string;
  port: number;
  child: ChildProcess;
  /** Stops it (SIGTERM) and removes its folder. */
  stop(): Promise<void>;
  /** Holds it (SIGSTOP): connected clients get no answer, as from a server that hangs. */
  pause(): void;
  resume(): void;
}

export async function startRedisServer(port?: number): Promise<RedisServer> {
  const binary = redisServerBinary();
  if (!binary) throw new Error('redis-server is not installed');
  const chosen = port ?? (await freePort());
  const dir = mkdtempSync(path.join(tmpdir(), 'board-redis-'));
  const child = spawn(
    binary,
    ['--port', String(chosen), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`redis-server was not ready within 2 minutes:\n${output}`)),
      120_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/Ready to accept connections/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited before it was ready:\n${output}`));
    });
  });
  return {
    url: `redis://127.0.0.1:${chosen}`,
    port: chosen,
    child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGCONT');
        child.kill('SIGTERM');
      }
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
    pause: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
  };
}
