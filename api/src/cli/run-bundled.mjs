// `pnpm sources …` and `pnpm portfolio …` (docs/decisions/045-commands-run-bundled.md): the command
// bundled by esbuild, then run. Started through tsx, a command spent more CPU loading its hundreds
// of TypeScript modules (each compiled and resolved by tsx's loader, on a thread of its own) than
// doing its work, on the cores the API's searches answer on. The bundle is the API's code and
// @board/shared's in a few files; every package stays where it is installed, imported at its own
// path. It is made afresh at each run (about 0.1 s), so it is never older than the source, and a
// bundle kept from an earlier run is run only when each of its files is, byte for byte, what this
// run made: a file changed, added to or deleted since is written again first.
// Plain JavaScript, so that node runs it as it is.
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
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
const inTree = path.join(apiDir, '.cache');
/**
 * Where the bundles are kept, each in `command-<hash of its files>/`: the API's `.cache/`, or, on a
 * checkout this user cannot write, a folder of this user's own (under XDG_CACHE_HOME when set,
 * then the system's temporary folder). A bundle runs from any folder: what a source file finds
 * from its own place is found from the source file's (`resolvedFromTheSource`), and the thread's
 * task is bundled beside the command.
 */
const cacheFolders = [
  inTree,
  ...(path.isAbsolute(process.env.XDG_CACHE_HOME ?? '')
    ? [path.join(process.env.XDG_CACHE_HOME, 'board-commands')]
    : []),
  path.join(tmpdir(), `board-commands-${process.getuid?.() ?? 'user'}`),
];

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
 * What a source file finds from its own place is found from that file's place, as run from source,
 * wherever the bundle is: a package it resolves at run time (`createRequire(import.meta.url)`:
 * shared's cities.ts finds the gazetteer's data file, which pnpm installed beside shared) and a
 * path (`fileURLToPath(import.meta.url)`: the migrations, `../../drizzle` from `src/db/`).
 * `new URL(…, import.meta.url)` stays the bundle's: the thread's task beside the command.
 */
const fromItsPlace = /(createRequire|fileURLToPath)\(import\.meta\.url\)/g;
const resolvedFromTheSource = {
  name: 'resolved-from-the-source',
  setup(bundler) {
    bundler.onLoad({ filter: /\/(api|shared)\/src\/.*\.tsx?$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      const own = JSON.stringify(pathToFileURL(args.path).href);
      const contents = text.replaceAll(fromItsPlace, (_, call) => `${call}(${own})`);
      if (contents === text) return undefined;
      return {
        contents,
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
  outdir: path.join(inTree, 'command'),
  entryNames: '[name]',
  chunkNames: 'chunk-[hash]',
  outExtension: { '.js': '.mjs' },
  write: false,
  logLevel: 'warning',
  plugins: [packagesAsInstalled, resolvedFromTheSource],
});

const hash = createHash('sha256');
for (const file of built.outputFiles) hash.update(path.basename(file.path)).update(file.contents);
const bundleName = `command-${hash.digest('hex').slice(0, 16)}`;

/** Whether the file at `at` holds exactly `contents`. */
function holds(at, contents) {
  try {
    return readFileSync(at).equals(contents);
  } catch {
    return false;
  }
}

/**
 * The bundle's folder under `cache`, each file in it checked against this run's and written again
 * where it differs or is missing (written aside, then renamed: a command started meanwhile finds
 * each file whole). Throws where the folder cannot be made or written.
 */
function placeBundle(cache) {
  mkdirSync(cache, { recursive: true, mode: 0o700 });
  // Outside the checkout the folder must be this user's alone: anyone else could change the code run.
  const own = lstatSync(cache);
  if (cache !== inTree && (!own.isDirectory() || own.uid !== process.getuid?.() || (own.mode & 0o022) !== 0))
    throw new Error('not a folder of this user alone');
  const folder = path.join(cache, bundleName);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  let wrote = false;
  for (const file of built.outputFiles) {
    const at = path.join(folder, path.basename(file.path));
    if (holds(at, file.contents)) continue;
    const aside = `${at}.${process.pid}`;
    try {
      writeFileSync(aside, file.contents, { mode: 0o600 });
      renameSync(aside, at);
    } finally {
      rmSync(aside, { force: true });
    }
    wrote = true;
  }
  if (wrote) removeOldBundles(cache);
  return folder;
}

/** The bundles of earlier sources, once no command can still be running from them (a day). */
function removeOldBundles(cache) {
  try {
    for (const other of readdirSync(cache)) {
      const at = path.join(cache, other);
      if (other.startsWith('command-') && other !== bundleName && Date.now() - statSync(at).mtimeMs > 86_400_000)
        rmSync(at, { recursive: true, force: true });
    }
  } catch {
    // Another command removing them at once: what is left goes next time.
  }
}

const refused = [];
let folder;
for (const cache of cacheFolders) {
  try {
    folder = placeBundle(cache);
    break;
  } catch (error) {
    refused.push(`${cache}: ${error.code ?? error.message}`);
  }
}
if (!folder) {
  console.error(
    `pnpm ${name}: no folder to keep the command's bundle in (${refused.join('; ')}): make api/.cache writable, or set XDG_CACHE_HOME to a folder that is.`,
  );
  process.exit(1);
}

const { main } = await import(pathToFileURL(path.join(folder, `${name}.mjs`)).href);
await main(argv);
