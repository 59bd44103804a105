import { startApi } from '../server';
import { createTestDatabase } from './test-database';

/** A running API for the commands' tests, and the environment the commands run in beside it. */
export interface CommandApi {
  api: Awaited<ReturnType<typeof startApi>>;
  /** The database's address on the suite's PostgreSQL run (none on PGlite). */
  databaseUrl: string | undefined;
  /**
   * On the PostgreSQL run, DATABASE_URL (the commands work on the database directly); otherwise the
   * running API's address (it holds the PGlite).
   */
  env: Record<string, string | undefined>;
  close(): Promise<void>;
}

/**
 * Starts an API as the commands meet it (no alerts, no scheduled syncs, quiet), with `apiEnv` added
 * to its environment and `commandEnv` (the fake vendors' addresses, say) to both.
 */
export async function startCommandApi(
  options: { apiEnv?: Record<string, string>; commandEnv?: Record<string, string> } = {},
): Promise<CommandApi> {
  const database = await createTestDatabase(undefined, { migrated: true });
  const shared = options.commandEnv ?? {};
  const api = await startApi({
    PORT: '0',
    HOST: '127.0.0.1',
    BOARD_ENV: 'test',
    PGLITE_DATA_DIR: 'memory://',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    LOG_LEVEL: 'silent',
    ALERTS_INTERVAL_SECONDS: '0',
    SOURCES_SYNC_MINUTES: '0',
    ...options.apiEnv,
    ...shared,
  });
  const env = {
    PATH: process.env.PATH,
    BOARD_ENV: 'test',
    ...shared,
    ...(database.url ? { DATABASE_URL: database.url } : { SOURCES_API_URL: api.url }),
  };
  return {
    api,
    databaseUrl: database.url,
    env,
    async close() {
      await api.close();
      await database.drop();
    },
  };
}
