import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readPackageJson, sharedSingletons } from '../rspack.singletons';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The `shared` of an app's ModuleFederationPlugin: every shared singleton (`sharedSingletons`) at the
 * version the app declares; `fromHostOnly` for a remote's Node build, which the shell's server provides.
 */
export function sharedConfig(appDir: string, fromHostOnly = false) {
  const deps = readPackageJson(appDir).dependencies ?? {};
  const sharedVersion = readPackageJson(path.join(rootDir, 'shared')).version;
  return Object.fromEntries(
    sharedSingletons.map(([key, pkg]) => {
      const declared = deps[pkg];
      if (!declared) throw new Error(`${appDir}/package.json must depend on ${pkg} (shared singleton)`);
      const requiredVersion = declared.startsWith('workspace:') ? `^${sharedVersion}` : declared;
      // strictVersion: a remote built against an incompatible version fails to load (and shows
      // the error panel) instead of running against the wrong React or router.
      // The Node build bundles none of them (`import: false`): the shell's server provides each.
      return [
        key,
        { singleton: true, requiredVersion, strictVersion: true, ...(fromHostOnly ? { import: false as const } : {}) },
      ];
    }),
  );
}
