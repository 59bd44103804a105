import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { staleBuilds, staleBuildsMessage } from '../../scripts/stale-builds';
import { scratchVariable } from './build';
import { makeSeededSnapshot } from './memory-api';

/**
 * Playwright's global setup: refuse to test builds that are older than their sources; then the
 * run's scratch folder, with the seeded database every board's API starts from (memory-api.ts)
 * and the builds the deploy suites share (build.ts). Its teardown removes the folder.
 */
export default async function freshBuilds() {
  const stale = staleBuilds();
  if (stale.length > 0) throw new Error(staleBuildsMessage(stale));
  const scratch = mkdtempSync(path.join(tmpdir(), 'board-e2e-run-'));
  // The workers inherit the set-up's environment.
  process.env[scratchVariable] = scratch;
  await makeSeededSnapshot(path.join(scratch, 'seeded-pglite.tar'));
  return () => rmSync(scratch, { recursive: true, force: true });
}
