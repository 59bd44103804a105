// `pnpm sources …` and `pnpm portfolio …` (docs/decisions/045-commands-run-bundled.md): the command
// bundled by esbuild, then run. Started through tsx, a command spent more CPU loading its hundreds
// of TypeScript modules (each compiled and resolved by tsx's loader, on a thread of its own) than
// doing its work, on the cores the API's searches answer on. The bundle is the API's code and
// @board/shared's in a few files; every package stays where it is installed, imported at its own
// path. It is made afresh at each run (about 0.1 s), so it is never older than the source.
// Plain JavaScript, so that node runs it as it is.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const commands = { sources: 'src/cli/sources.ts', portfolio: 'src/cli/portfolio.ts' };
const [name, ...argv] = process.argv.slice(2);
const entry = Object.hasOwn(commands, name ?? '') ? commands[name] : undefined;
if (!entry) {
  console.error(`run-bundled.mjs: name a command (${Object.keys(commands).join(', ')}), then its arguments.`);
  process.exit(2);
}
const apiDir = fileURLToPath(new URL('../..', import.meta.url));
/**
 * Where the bundles are kept: each in `.cache/command-<hash of its files>/`, two folders below the
 * API's, as each source file is two below it (`src/db/`…): the paths the code finds beside itself
 * (`import.meta.url`: the migrations, `../../drizzle`; the thread's `description-task.mjs`) hold in
 * the bundle too.
 */
const cacheDir = path.join(apiDir, '.cache');

/** Every package's code imported where it is installed (resolved from its importer, as node would): not bundled. */
const packagesAsInstalled = {
  name: 'packages-as-installed',
  setup(bundler) {
    bundler.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith('@board/') || args.pluginData === 'resolving') return undefined;
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      const found = await bundler.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: 'resolving',
      });
      if (found.errors.length > 0) return { errors: found.errors };
      // A package's JSON is bundled: an import at a path of its own would lose its `with { type: 'json' }`.
      if (found.path.endsWith('.json')) return { path: found.path };
      return { path: pathToFileURL(found.path).href, external: true };
    });
  },
};

/**
 * A package a source file resolves at run time (`createRequire(import.meta.url)`: shared's cities.ts
 * finds the gazetteer's data file) is resolved from that file's place, as run from source: pnpm
 * installs a package beside the workspace package that depends on it, where the bundle is not.
 */
const resolvedFromTheSource = {
  name: 'resolved-from-the-source',
  setup(bundler) {
    bundler.onLoad({ filter: /\/(api|shared)\/src\/.*\.tsx?$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('createRequire(import.meta.url)')) return undefined;
      const own = JSON.stringify(pathToFileURL(args.path).href);
      return {
        contents: text.replaceAll('createRequire(import.meta.url)', `createRequire(${own})`),
        loader: args.path.endsWith('x') ? 'tsx' : 'ts',
      };
    });
  },
};

const built = await build({
  absWorkingDir: apiDir,
  entryPoints: {
    [name]: entry,
    // The thread a command's syncs start (description-pool.ts), beside it.
    'description-task': 'src/sources/description-task.ts',
  },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // As node resolves an import: no bundler-only `module` condition.
  conditions: [],
  outdir: path.join(cacheDir, 'command'),
  entryNames: '[name]',
  chunkNames: 'chunk-[hash]',
  outExtension: { '.js': '.mjs' },
  write: false,
  logLevel: 'warning',
  plugins: [packagesAsInstalled, resolvedFromTheSource],
});

const hash = createHash('sha256');
for (const file of built.outputFiles) hash.update(path.basename(file.path)).update(file.contents);
const folder = path.join(cacheDir, `command-${hash.digest('hex').slice(0, 16)}`);
if (!existsSync(folder)) {
  // Written aside, then renamed: a command started meanwhile finds the folder whole or not at all.
  const aside = `${folder}.${process.pid}`;
  mkdirSync(aside, { recursive: true });
  for (const file of built.outputFiles) writeFileSync(path.join(aside, path.basename(file.path)), file.contents);
  try {
    renameSync(aside, folder);
  } catch {
    rmSync(aside, { recursive: true, force: true });
  }
  // The bundles of earlier sources, once no command can still be running from them (a day).
  for (const other of readdirSync(cacheDir)) {
    const at = path.join(cacheDir, other);
    if (other.startsWith('command-') && at !== folder && Date.now() - statSync(at).mtimeMs > 86_400_000)
      rmSync(at, { recursive: true, force: true });
  }
}

const { main } = await import(pathToFileURL(path.join(folder, `${name}.mjs`)).href);
await main(argv);
