import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { app as listings } from '../../remote-listings/rspack.config';
import { type AppDefinition, type BuildOptions, createConfig } from '../../rspack.shared';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * One production build of one app into `options.outDir`, as `pnpm build` builds it (the deploy
 * suites and the benchmarks): a remote's browser build and, in `outDir/server`, its Node build
 * (the one the shell's server renders with), so the folder is a whole deploy.
 */
export function buildApp(app: AppDefinition, options: BuildOptions): Promise<void> {
  const targets: BuildOptions['target'][] = app.exposes ? ['web', 'node'] : ['web'];
  const compiler = rspack(targets.map((target) => createConfig(app, { ...options, target })));
  return new Promise<void>((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => {});
      if (error || stats?.hasErrors()) reject(error ?? new Error(stats?.toString('errors-only')));
      else resolve();
    }),
  );
}

/** The board heading of the changed listings build (`buildChangedListings`); the original is 'Find your dream job'. */
export const changedHeading = 'Find your next startup job';

/**
 * A second build of the listings remote with a visible change, as a team would deploy it: the
 * same source with the board heading reworded, built (browser and Node) into its
 * own folder. The shell is not rebuilt. `version` names the build (its manifest's buildVersion is
 * `<version>-e2e`) and its scratch folder: give each concurrent caller its own.
 */
export async function buildChangedListings(options: { reactRange?: string; version?: string } = {}): Promise<string> {
  const version = options.version ?? 'v2';
  const variantDir = path.join(rootDir, `remote-listings/.e2e-variant-${version}`);
  rmSync(variantDir, { recursive: true, force: true });
  mkdirSync(variantDir, { recursive: true });
  try {
    cpSync(path.join(rootDir, 'remote-listings/src'), path.join(variantDir, 'src'), { recursive: true });
    for (const file of ['package.json', 'index.html'])
      cpSync(path.join(rootDir, 'remote-listings', file), path.join(variantDir, file));
    if (options.reactRange) {
      // Built against a React the shell does not provide: its singletons cannot be satisfied.
      const packageFile = path.join(variantDir, 'package.json');
      const pkg = JSON.parse(readFileSync(packageFile, 'utf8'));
      pkg.dependencies.react = options.reactRange;
      pkg.dependencies['react-dom'] = options.reactRange;
      writeFileSync(packageFile, JSON.stringify(pkg));
    }
    const reword = (file: string, from: string, to: string) => {
      const source = path.join(variantDir, file);
      const text = readFileSync(source, 'utf8');
      if (!text.includes(from)) throw new Error(`${file} no longer says ${from}: update buildChangedListings`);
      writeFileSync(source, text.replaceAll(from, to));
    };
    // The heading comes from the board page's builder (shared): the variant overrides it in its page.
    reword(
      'src/features/jobs/jobs-page.tsx',
      'boardPage(workspace.name);',
      `{ ...boardPage(workspace.name), title: '${changedHeading}' };`,
    );
    reword('src/styles.css', '../../shared/src', '../../../shared/src');
    const outDir = mkdtempSync(path.join(tmpdir(), `board-listings-${version}-`));
    await buildApp({ ...listings, dir: variantDir }, { mode: 'production', outDir, buildVersion: `${version}-e2e` });
    return outDir;
  } finally {
    rmSync(variantDir, { recursive: true, force: true });
  }
}
