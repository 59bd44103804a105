/**
 * Which builds are older than their sources: the e2e suite tests `<app>/dist`, so it refuses to run
 * on a build that does not contain the code beside it (`e2e/support/global-setup.ts`). A build is
 * stale when a source file of the app (`src/`, `index.html`, `rspack.config.ts`, `package.json`),
 * of the shared package (`shared/src/`) or the common Rspack config was changed after the newest
 * file of its `dist` (every build rewrites `mf-manifest.json` and the entry chunk, which carry the
 * build's time). Test files do not count: they are not built.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const builtApps = ['shell', 'remote-listings', 'remote-apply', 'remote-static'] as const;

/** The newest modification time under a file or folder (0 when it does not exist), and its file. */
function newest(target: string, skip: (file: string) => boolean = () => false): { time: number; file: string } {
  if (!existsSync(target)) return { time: 0, file: target };
  const stat = statSync(target);
  if (!stat.isDirectory()) return { time: skip(target) ? 0 : stat.mtimeMs, file: target };
  let best = { time: 0, file: target };
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules') continue;
    const found = newest(path.join(target, entry), skip);
    if (found.time > best.time) best = found;
  }
  return best;
}

export interface StaleBuild {
  app: string;
  reason: string;
}

export function staleBuilds(root = rootDir, apps: readonly string[] = builtApps): StaleBuild[] {
  const isTest = (file: string) =>
    /\.test\.tsx?$/.test(file) || path.relative(root, file).split(path.sep).includes('test');
  const common = [path.join(root, 'shared/src'), path.join(root, 'rspack.shared.ts'), path.join(root, 'rspack')];
  const stale: StaleBuild[] = [];
  for (const app of apps) {
    const dir = path.join(root, app);
    const built = newest(path.join(dir, 'dist'));
    if (built.time === 0) {
      stale.push({ app, reason: `${app}/dist does not exist` });
      continue;
    }
    const sources = [
      ...['src', 'index.html', 'rspack.config.ts', 'package.json'].map((name) => path.join(dir, name)),
      ...common,
    ];
    const changed = sources
      .map((source) => newest(source, isTest))
      .reduce((a, b) => (b.time > a.time ? b : a), { time: 0, file: '' });
    if (changed.time > built.time) {
      stale.push({ app, reason: `${path.relative(root, changed.file)} changed after ${app}/dist was built` });
    }
  }
  return stale;
}

export function staleBuildsMessage(stale: StaleBuild[]): string {
  return [
    'The e2e suite tests the builds, and these are older than their sources:',
    ...stale.map(({ reason }) => `  - ${reason}`),
    'Run `pnpm build` (or `pnpm build <app>`), then the tests again.',
  ].join('\n');
}
