import { execSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The build's stamp, `<commit>@<ISO time>`: in the manifest metadata and the shell's status view. */
export function buildVersion(): string {
  let commit = 'unknown';
  try {
    commit = execSync('git rev-parse --short HEAD', { cwd: rootDir, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    // not a git checkout (e.g. a tarball): the build time still identifies it
  }
  return `${commit}@${new Date().toISOString()}`;
}

/** Stamps the build version into `mf-manifest.json` (metaData.buildInfo.buildVersion). */
export function addBuildVersion(version: string) {
  return ({ stats }: { stats: { metaData: { buildInfo: { buildVersion: string } } } }) => {
    stats.metaData.buildInfo.buildVersion = version;
  };
}
