import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ReleaseCommandError } from './release-command-error';
import type { ReleaseEnvironment } from './release-commands';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Where an environment's releases are written: `<stores>/<environment>/`, `<stores>` being
 * BOARD_RELEASE_STORE or, for local runs only, `.releases/` in this checkout (what `pnpm serve`
 * serves). One folder per environment, so a command for one can never write another's pointer.
 */
export function releaseStoreRoot(environment: ReleaseEnvironment, stores = process.env.BOARD_RELEASE_STORE): string {
  if (stores) return path.resolve(stores, environment);
  if (environment === 'local') return path.join(rootDir, '.releases', environment);
  throw new ReleaseCommandError(
    `Set BOARD_RELEASE_STORE to the folder holding the ${environment} store (${environment}/ in it is synced to or mounted from its bucket: README, Deploy)`,
  );
}
