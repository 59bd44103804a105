/**
 * The federation singletons and their installed versions, apart from the Rspack config so the
 * shell's server (which provides them to the remotes' Node builds) does not load Rspack.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const rootDir = path.dirname(fileURLToPath(import.meta.url));

interface PackageJson {
  name?: string;
  version: string;
  dependencies?: Record<string, string>;
}

export function readPackageJson(dir: string): PackageJson {
  return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as PackageJson;
}

/**
 * What must exist once per page, and nothing else: everything stateless (valibot, icons, `cn`,
 * UI primitives, parsing) is bundled into each app that uses it and tree-shaken there, because a
 * shared module travels whole. Keys with a trailing slash share every deep import
 * (`react/jsx-runtime`, `react-dom/client`). Of `@board/shared`, only the modules that hold state
 * (a React context, a store, the router facade) are shared, and `cn` for its bytes (below);
 * `rspack.shared.test.ts` fails when one is missing. See docs/decisions/004-federation-bytes.md.
 */
export const sharedSingletons = [
  ['react', 'react'],
  ['react/', 'react'],
  ['react-dom', 'react-dom'],
  ['react-dom/', 'react-dom'],
  // The router through its facade (tree-shaken; see shared/src/lib/router.ts).
  ['@board/shared/lib/router', '@board/shared'],
  // TanStack Query through its facade likewise (shared/src/lib/query.ts).
  ['@board/shared/lib/query', '@board/shared'],
  // sonner behind its facade, which loads it with the page's first toast (shared/src/lib/toast.tsx).
  ['@board/shared/react/toast', '@board/shared'],
  ['sonner', 'sonner'],
  ['@board/shared/react/runtime-config', '@board/shared'],
  ['@board/shared/react/saved-jobs', '@board/shared'],
  ['@board/shared/react/render-time', '@board/shared'],
  // Stateless, but shared for its bytes: `cn` carries tailwind-merge, which travels whole either
  // way (its default config), so one copy from the shell saves each remote ~8 KB gzip.
  ['@board/shared/lib/cn', '@board/shared'],
] as const;

/**
 * The versions of the singletons this app bundles (installed versions, not ranges). The shell
 * checks a remote's manifest against them before loading it: see shell/src/features/remotes.
 */
export function providedVersions(appDir: string): Record<string, string> {
  const require = createRequire(path.join(appDir, 'package.json'));
  return Object.fromEntries(
    [...new Set(sharedSingletons.map(([, pkg]) => pkg))].map((pkg) => {
      if (pkg === '@board/shared') return [pkg, readPackageJson(path.join(rootDir, 'shared')).version];
      // Not every package exports its package.json: walk up from its entry point.
      let dir = path.dirname(require.resolve(pkg));
      while (!existsSync(path.join(dir, 'package.json')) || readPackageJson(dir).name !== pkg) {
        const parent = path.dirname(dir);
        if (parent === dir) throw new Error(`cannot find the package.json of ${pkg}`);
        dir = parent;
      }
      return [pkg, readPackageJson(dir).version];
    }),
  );
}
