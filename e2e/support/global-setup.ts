import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { staleBuilds, staleBuildsMessage } from '../../scripts/stale-builds';
import { scratchVariable } from './build';
import { boardsPostgres, makeSeededTemplate } from './memory-api';

/**
 * Playwright's global setup: refuse to test builds that are older than their sources; then the
 * run's PostgreSQL server (`npm test`'s, or one of its own), the seeded database every board's API
 * starts from (memory-api.ts), and the run's scratch folder for the builds the deploy suites share
 * (build.ts). Its teardown removes them.
 */
export default async function freshBuilds() {
  const stale = staleBuilds();
  if (stale.length > 0) throw new Error(staleBuildsMessage(stale));
  const scratch = mkdtempSync(path.join(tmpdir(), 'board-e2e-run-'));
  // The workers inherit the set-up's environment.
  process.env[scratchVariable] = scratch;
  const server = await boardsPostgres();
  const dropTemplate = await makeSeededTemplate();
  return async () => {
    await dropTemplate();
    await server.stop?.();
    rmSync(scratch, { recursive: true, force: true });
  };
}
