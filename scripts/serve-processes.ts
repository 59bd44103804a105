import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const rootDir = path.resolve(import.meta.dirname, '..');

/** A service `pnpm serve` runs as a process of its own, as a deploy runs it. */
export interface ServiceProcess {
  pid: number | undefined;
  /** SIGTERM, then the process's own end (it finishes what is under way). */
  stop(): Promise<void>;
}

/**
 * Starts `node <entry>` (a path from the repository's root) with `env`; its output is this
 * process's. With `ready`, waits until that URL answers 200, and fails with the service's exit if
 * it ends first (a bad setting, a port in use: its own message is above).
 */
export async function startNodeService(
  name: string,
  entry: string,
  env: NodeJS.ProcessEnv,
  ready?: string,
): Promise<ServiceProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(rootDir, entry)], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const service: ServiceProcess = {
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
  if (!ready) return service;
  let ended = false;
  void exited.then(() => {
    ended = true;
  });
  // A hang, not a speed: the first start migrates and seeds the database.
  const deadline = Date.now() + 180_000;
  while (!ended) {
    const answered = await fetch(ready)
      .then((response) => response.ok)
      .catch(() => false);
    if (answered) return service;
    if (Date.now() > deadline) {
      await service.stop();
      throw new Error(`the ${name} did not answer ${ready} within 3 minutes`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the ${name} stopped (exit code ${await exited}) before it answered ${ready}`);
}
