import { jsonLines } from '@board/shared/lib/request-log';
import { ConfigError } from '../config';
import { runningLocalPostgres } from '../db/local-postgres-url';

/**
 * A command run as a process (`pnpm sources`, `pnpm portfolio`): its exit code is what `run`
 * returns; a bad setting prints its message alone, any other error one JSON line, and exits 1.
 */
export async function commandMain(run: (argv: string[]) => Promise<number>, argv: string[]): Promise<void> {
  // A reader that stopped early (`pnpm portfolio export | head`) takes no more lines: the command
  // finishes its work (a sync is not cut short) without them, and ends with its own exit code.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
  useRunningLocalDatabase();
  try {
    process.exitCode = await run(argv);
  } catch (error) {
    if (error instanceof ConfigError) console.error(error.message);
    else jsonLines({ time: new Date().toISOString(), level: 'error', message: String(error) });
    process.exitCode = 1;
  }
}

/** `--help` or `-h` anywhere: the command prints its usage and exits 0. */
export const asksForHelp = (argv: string[]) => argv.includes('--help') || argv.includes('-h');

/**
 * Locally, without DATABASE_URL, a command works on the database `npm start` runs (found by its
 * folder, .data/postgres, as the API was given it): no API needs to be up.
 */
export function useRunningLocalDatabase(env = process.env, folder?: string) {
  if (env.DATABASE_URL || (env.BOARD_ENV ?? 'local') !== 'local') return;
  const local = runningLocalPostgres(folder);
  if (local) env.DATABASE_URL = local;
}
