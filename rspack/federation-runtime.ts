import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RspackPluginInstance, rspack } from '@rspack/core';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Module Federation's runtime packages ship ES modules and CommonJS; the plugin imports the
 * CommonJS files by absolute path (`require.resolve`), which the bundler cannot tree-shake, so every
 * page carried all of them. This points each of those files at its ES module twin, so only what the
 * page's federation uses is bundled (and `experiments.optimization` flags drop whole features).
 */
const federationRuntimeCjs =
  /[\\/]@module-federation[\\/](?:sdk|runtime|runtime-core|runtime-tools|webpack-bundler-runtime|error-codes|inject-external-runtime-core-plugin)[\\/]dist[\\/].+\.cjs$/;

function esmTwin(file: string): string {
  for (const extension of ['.js', '.mjs']) {
    const twin = file.replace(/\.cjs$/, extension);
    if (existsSync(twin)) return twin;
  }
  return file;
}

/**
 * The ES module file of one of the federation's runtime packages, resolved as the federation
 * plugin resolves it: from the runtime tools beside @module-federation/enhanced.
 */
function federationRuntimeEsm(
  pkg: '@module-federation/runtime' | '@module-federation/webpack-bundler-runtime',
): string {
  const fromEnhanced = createRequire(createRequire(import.meta.url).resolve('@module-federation/enhanced/rspack'));
  const fromTools = createRequire(fromEnhanced.resolve('@module-federation/runtime-tools'));
  return esmTwin(fromTools.resolve(pkg));
}

export function federationRuntimeAsEsm(): RspackPluginInstance[] {
  const runtimeEsm = federationRuntimeEsm('@module-federation/runtime');
  return [
    // Rewritten before resolution: the module's type (ES module or CommonJS) follows the request.
    new rspack.NormalModuleReplacementPlugin(
      federationRuntimeCjs,
      (data: { request?: string; createData?: unknown }) => {
        if (!data.createData && data.request) data.request = esmTwin(data.request);
      },
    ),
    // The plugin's alias of `@module-federation/runtime` names the CommonJS file.
    new rspack.NormalModuleReplacementPlugin(
      /^@module-federation\/runtime$/,
      (data: { request?: string; createData?: unknown }) => {
        if (!data.createData) data.request = runtimeEsm;
      },
    ),
  ];
}

/** The shell's aliases of the bundler runtime's ES modules (shell/src/federation/provide-bundler-runtime.ts). */
export function bundlerRuntimeAliases(): Record<string, string> {
  const folder = path.dirname(federationRuntimeEsm('@module-federation/webpack-bundler-runtime'));
  return {
    '@board/federation-bundler-runtime$': path.join(folder, 'index.js'),
    '@board/federation-bundler-runtime/init-container-entry$': path.join(folder, 'initContainerEntry.js'),
  };
}

/**
 * A remote's production build takes the bundler runtime from the shell (a copy per container,
 * see shell/src/federation/), as `externalRuntime` takes the runtime core from it.
 */
export function bundlerRuntimeFromShell(): RspackPluginInstance {
  const shim = path.join(rootDir, 'shell/src/federation/remote-bundler-runtime.ts');
  return new rspack.NormalModuleReplacementPlugin(
    /[\\/]@module-federation[\\/]webpack-bundler-runtime[\\/]dist[\\/]index\.c?js$/,
    (data: { request?: string; createData?: unknown }) => {
      if (!data.createData) data.request = shim;
    },
  );
}
