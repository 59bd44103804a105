/**
 * A federation runtime plugin of the shell's (see rspack/federation-runtime.ts): it hands the remotes the
 * shell's copy of Module Federation's bundler runtime, as `experiments.externalRuntime` hands them
 * its runtime core, so no remote's `remoteEntry.js` carries its own (~4 KB gzip each; decision 004).
 *
 * The bundler runtime's functions are stateless (each takes the container's `__webpack_require__`),
 * but its default export holds what is each container's own: the objects it fills in
 * (`bundlerRuntimeOptions`, the share scope `S`) and the `@module-federation/runtime` module, which
 * finds the container's federation instance by its build's identifier. So each remote calls this
 * with its own runtime module (remote-bundler-runtime.ts) and gets its own copy.
 */
import federation from '@board/federation-bundler-runtime';
import { initContainerEntry } from '@board/federation-bundler-runtime/init-container-entry';
import { bundlerRuntimeGlobal } from './global-name';

export function containerBundlerRuntime(runtime: unknown) {
  return {
    ...federation,
    runtime,
    instance: undefined,
    initOptions: undefined,
    bundlerRuntimeOptions: {},
    // The shell exposes nothing, so its build leaves out the function a remote's entry needs.
    bundlerRuntime: { ...federation.bundlerRuntime, S: {}, initContainerEntry },
  };
}

export default function provideBundlerRuntime() {
  (globalThis as Record<string, unknown>)[bundlerRuntimeGlobal] = containerBundlerRuntime;
  return { name: 'board-provide-bundler-runtime' };
}
