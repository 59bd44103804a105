/**
 * `pnpm release <command> <app> …` (scripts/release/release-commands.ts), against the store of
 * `--env` (scripts/release/local-store.ts: `.releases/local/` for local runs, what `pnpm serve`
 * serves; BOARD_RELEASE_STORE names the folder of the stores otherwise).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ReleaseStoreError } from '../shared/src/release/release-store';
import { releaseStoreRoot } from './release/local-store';
import { ReleaseCommandError } from './release/release-command-error';
import { runRelease } from './release/release-commands';
import { staleBuilds } from './stale-builds';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

try {
  await runRelease(process.argv.slice(2), {
    storeRoot: releaseStoreRoot,
    distDir: (app) => path.join(rootDir, `remote-${app}`, 'dist'),
    async buildIfNeeded(app) {
      if (staleBuilds(rootDir, [`remote-${app}`]).length === 0) return;
      console.error(`building ${app} (its build is missing or older than its sources)…`);
      // The build's output goes to stderr: the last line on stdout is the version.
      const result = spawnSync(process.execPath, ['--import', 'tsx/esm', 'scripts/build.ts', app], {
        cwd: rootDir,
        stdio: ['ignore', 2, 2],
      });
      if (result.status !== 0) throw new ReleaseCommandError(`pnpm build ${app} failed`);
    },
    print: (line) => console.log(line),
  });
} catch (error) {
  if (error instanceof ReleaseCommandError || error instanceof ReleaseStoreError) {
    console.error(`release: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
