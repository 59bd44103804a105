declare const __APP_NAME__: string;
declare const __BUILD_VERSION__: string;
declare const __SHARED_VERSIONS__: Record<string, string>;
declare const __SINGLE_BUNDLE__: boolean;

/** Module Federation's bundler runtime, as ES modules (aliased in rspack/federation-runtime.ts). */
declare module '@board/federation-bundler-runtime' {
  const federation: { bundlerRuntime: Record<string, unknown> } & Record<string, unknown>;
  export default federation;
}
declare module '@board/federation-bundler-runtime/init-container-entry' {
  export function initContainerEntry(options: unknown): unknown;
}
