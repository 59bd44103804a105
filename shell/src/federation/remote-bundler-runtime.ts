/**
 * What a remote's production build bundles instead of Module Federation's bundler runtime (the
 * alias is in rspack/federation-runtime.ts): the shell's copy, which its runtime plugin
 * (provide-bundler-runtime.ts) publishes before any remote loads, with this container's own
 * `@module-federation/runtime` (small; it holds which federation instance is this container's).
 * Compiled into each remote's `remoteEntry.js`, never into the shell.
 */
import * as runtime from '@module-federation/runtime';
import { bundlerRuntimeGlobal } from './global-name';
import type { containerBundlerRuntime } from './provide-bundler-runtime';

const provided = (globalThis as Record<string, unknown>)[bundlerRuntimeGlobal] as
  | typeof containerBundlerRuntime
  | undefined;
if (!provided) throw new Error('This remote runs inside the board shell, which provides its federation runtime.');

export default provided(runtime);
