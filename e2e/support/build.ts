import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { app as listings } from '../../remote-listings/rspack.config';
import type { AppDefinition, BuildOptions } from '../../rspack/app-definition';
import { createConfig } from '../../rspack.shared';

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

/** What the `throws` build's board throws once hydrated. */
export const thrownAfterHydration = 'e2e: this listings build throws after hydration';

/**
 * A second build of the listings remote with a visible change, as a team would deploy it: the
 * same source with the board heading reworded, built (browser and Node) into its
 * own folder. The shell is not rebuilt. `version` names the build (its manifest's buildVersion is
 * `<version>-e2e`) and its scratch folder: give each concurrent caller its own.
 */
async function buildChangedListings(
  options: { reactRange?: string; version?: string; outDir?: string; throwsAfterHydration?: boolean } = {},
): Promise<string> {
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
    if (options.throwsAfterHydration) {
      // A defect that only shows in the browser: the board throws once it has hydrated.
      reword(
        'src/features/jobs/jobs-page.tsx',
        'export function JobsPage() {',
        `export function JobsPage() {
  useEffect(() => {
    const timer = setTimeout(() => {
      throw new Error('${thrownAfterHydration}');
    }, 0);
    return () => clearTimeout(timer);
  }, []);`,
      );
      reword(
        'src/features/jobs/jobs-page.tsx',
        'import { boardPage }',
        "import { useEffect } from 'react';\nimport { boardPage }",
      );
    }
    const outDir = options.outDir ?? mkdtempSync(path.join(tmpdir(), `board-listings-${version}-`));
    await buildApp({ ...listings, dir: variantDir }, { mode: 'production', outDir, buildVersion: `${version}-e2e` });
    return outDir;
  } finally {
    rmSync(variantDir, { recursive: true, force: true });
  }
}

/** The run's scratch folder (the global set-up's), where builds made once per run are kept. */
export const scratchVariable = 'BOARD_E2E_SCRATCH';

/**
 * The changed listings build (`buildChangedListings`), made once per run and shared by every file
 * that deploys it: `changed` rewords the board heading (version `changed-e2e`), `old-react` also
 * asks for a React the shell does not provide (version `old-react-e2e`), `throws` also throws once
 * its board has hydrated (version `throws-e2e`). A build takes 20-60 s of
 * the two cores; the deploy, release and redeploy suites each made their own. The first worker to
 * ask builds it, under a lock folder; another waits for it. The folder is read only (served,
 * published from) and the global teardown removes it. Without the global set-up (a script), a
 * build of the caller's own.
 */
export async function sharedChangedListings(variant: 'changed' | 'old-react' | 'throws'): Promise<string> {
  const options = {
    version: variant,
    ...(variant === 'old-react' ? { reactRange: '^20.0.0' } : {}),
    ...(variant === 'throws' ? { throwsAfterHydration: true } : {}),
  };
  const scratch = process.env[scratchVariable];
  if (!scratch) return buildChangedListings(options);
  const folder = path.join(scratch, `listings-${variant}`);
  const done = `${folder}.done`;
  const failed = `${folder}.failed`;
  try {
    mkdirSync(`${folder}.lock`);
  } catch {
    // Another worker builds it.
    for (;;) {
      if (existsSync(done)) return folder;
      if (existsSync(failed)) throw new Error(`the ${variant} listings build failed: ${readFileSync(failed, 'utf8')}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    await buildChangedListings({ ...options, outDir: folder });
    writeFileSync(done, '');
    return folder;
  } catch (error) {
    writeFileSync(failed, String(error));
    throw error;
  }
}
