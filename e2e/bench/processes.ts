/** The processes the bench starts: the API and the shell's server, each in its own, as deployed. */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ChildServer {
  url: string;
  child: ChildProcess;
}

/** Starts `script` and resolves with the URL its "listening" log line names. */
function startServer(
  script: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
  listening: RegExp,
  nodeArgs: string[] = [],
): Promise<ChildServer> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = listening.exec(chunk.toString());
      if (match?.[1]) resolve({ url: match[1], child });
    });
    child.on('exit', (code) => reject(new Error(`${path.basename(script)} exited (${code})`)));
  });
}

/** The API in its own process, so the load generator does not share its event loop. */
export function apiProcess(env: Record<string, string>): Promise<ChildServer> {
  // Without this process's NODE_ENV=production, which would make the API refuse PGlite (production-like).
  const { NODE_ENV: _, ...inherited } = process.env;
  return startServer(
    path.join(rootDir, 'api/src/server.ts'),
    path.join(rootDir, 'api'),
    { ...inherited, PORT: '0', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '100000', ...env },
    /"message":"API listening","url":"(http:\/\/[^"]+)"/,
  );
}

/**
 * The shell's server as `pnpm serve:shell` runs it (production mode), on `port` with the config file
 * given. BENCH_SHELL_PROFILE=<folder>: it writes a CPU profile there when it stops.
 */
export function shellProcess(env: { BOARD_CONFIG: string; PORT: string; SHELL_API_KEY: string }): Promise<ChildServer> {
  const profile = process.env.BENCH_SHELL_PROFILE;
  return startServer(
    path.join(rootDir, 'shell/server/server.ts'),
    rootDir,
    { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent', ...env },
    /"message":"shell server listening","url":"(http:\/\/[^"]+)"/,
    profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profile)}`] : [],
  );
}

/** A child's resident memory (VmRSS), in MB. */
export function residentMb(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** The CPU time a child has used so far (user and system, all its threads), ms. */
export function cpuMs(child: ChildProcess): number {
  const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
  // The fields after the command's name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime (fields 14 and 15 of proc(5)), in clock ticks of 10 ms on Linux.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Stops a child and waits for it to be gone. */
export function stop(server: ChildServer): Promise<void> {
  if (server.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.child.once('exit', () => resolve());
    server.child.kill();
  });
}
