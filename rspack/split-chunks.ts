import type { Configuration } from '@rspack/core';
import { sharedSingletons } from '../rspack.singletons';

type SplitChunks = NonNullable<Configuration['optimization']>['splitChunks'];

/**
 * The files of `@board/shared` that are federation singletons (`@board/shared/lib/cn` →
 * shared/src/lib/cn.ts), and what only they import (the toaster's settings, read by the toast
 * facade), which would otherwise be left in a chunk of its own.
 */
const sharedSingletonFiles = new RegExp(
  `[\\\\/]shared[\\\\/]src[\\\\/](?:${[
    ...sharedSingletons.filter(([, pkg]) => pkg === '@board/shared').map(([key]) => key.replace('@board/shared/', '')),
    'lib/toaster-settings',
  ]
    .map((file) => file.replace('/', '[\\\\/]'))
    .join('|')})\\.tsx?$`,
);

/** Packages, but for those that load later (web-vitals, sonner). */
const nodeModulesButLazy = /^(?!.*[\\/]node_modules[\\/](web-vitals|sonner)[\\/]).*[\\/]node_modules[\\/]/;

/**
 * The shell's startup code in a few files instead of one per shared package: the packages it
 * provides, and the modules of `@board/shared` it provides, in one `vendor` chunk; its own code in
 * the bootstrap chunk. Each of those shared modules had a chunk of its own, twice (the copy it
 * provides and its own fallback, one of which runs): seven files under 1 KB on every first
 * view, each compressed apart or not at all. In `vendor` they cost a few hundred bytes of gzip.
 */
export function shellSplitChunks(): SplitChunks {
  return {
    chunks: 'async',
    cacheGroups: {
      default: false,
      defaultVendors: false,
      // Off the first view: web-vitals stays in the chunk that loads it after the page
      // (lazy-vitals), sonner goes in one of its own that the first toast loads (lazy-*:
      // never preloaded).
      vendor: {
        test: new RegExp(`${nodeModulesButLazy.source}|${sharedSingletonFiles.source}`),
        name: 'vendor',
        chunks: 'async',
        enforce: true,
      },
      sonner: {
        test: /[\\/]node_modules[\\/]sonner[\\/]/,
        name: 'lazy-sonner',
        chunks: 'async',
        enforce: true,
      },
    },
  };
}

/**
 * A remote's pages: the code all its pages but one use goes in one chunk (`exposed-common`), not
 * in one chunk per set of pages that share it. The listings' board downloaded seven files of the
 * remote, each compressed apart; the same code in three files is about 1.6 KB less gzip, and a
 * page that needs little of it (the companies list) pays about 1 KB more (docs/performance.md).
 * The fallbacks of shared packages are in chunks of their own, never in a page's, so they stay
 * apart and are still never downloaded when the shell provides them. A remote of three pages or
 * fewer keeps the default: what its pages share is small, and a chunk more cost each of them.
 */
export function remoteSplitChunks(exposes: number): SplitChunks | undefined {
  if (exposes < 4) return undefined;
  return {
    cacheGroups: {
      exposedCommon: {
        chunks: (chunk: { name?: string | null }) => chunk.name?.startsWith('__federation_expose_') ?? false,
        minChunks: exposes - 1,
        name: 'exposed-common',
        enforce: true,
      },
    },
  };
}
