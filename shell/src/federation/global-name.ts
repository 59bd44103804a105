/**
 * Where the shell's runtime plugin publishes the bundler runtime for the remotes
 * (provide-bundler-runtime.ts) and where a remote's entry finds it (remote-bundler-runtime.ts).
 * Its own module, so a remote's entry imports the name without the shell's runtime.
 */
export const bundlerRuntimeGlobal = '__BOARD_FEDERATION_BUNDLER_RUNTIME__';
