import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ReleaseRun {
  status: number | null;
  stdout: string;
  stderr: string;
  /** The last line printed (publish prints the version last). */
  last: string;
}

/** `pnpm release <args>` from the repository root, against the store folder `stores` (BOARD_RELEASE_STORE). */
export function release(stores: string, ...args: string[]): ReleaseRun {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/release.ts', ...args], {
    cwd: rootDir,
    env: { ...process.env, BOARD_RELEASE_STORE: stores },
    encoding: 'utf8',
  });
  const lines = result.stdout.trim().split('\n');
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, last: lines.at(-1) ?? '' };
}

/** Every file under `dir` with its size and the pointer's text: what a refused command must not change. */
export function snapshot(dir: string): string[] {
  const files: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else
        files.push(
          `${path.relative(dir, full)} ${statSync(full).size}${entry.name === 'pointer.json' ? ` ${readFileSync(full, 'utf8')}` : ''}`,
        );
    }
  };
  walk(dir);
  return files.sort();
}
