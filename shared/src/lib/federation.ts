import type { ComponentType } from 'react';

/**
 * The contract between the shell and a remote: every exposed route module default-exports a
 * page component that takes no props (it reads params from the router).
 */
export interface RemotePageModule {
  default: ComponentType;
}

/**
 * The container name of an app. `static` is a reserved word in JavaScript and container names
 * must be identifiers, so every container is prefixed: board_shell, board_listings, ...
 */
export function federationName(app: string): string {
  return `board_${app}`;
}

/**
 * Written by the shell's build beside its files (rspack/unused-fallbacks-plugin.ts): the chunks
 * that only hold a shared package's fallback, never loaded since the shell provides the package.
 * Its server does not preload them.
 */
export const unusedFallbacksFile = 'unused-fallbacks.json';
