import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { type Configuration, rspack } from '@rspack/core';
import { federationName } from '../shared/src/lib/federation';
import type { AppDefinition, BuildOptions } from './app-definition';
import { addBuildVersion, buildVersion } from './build-version';
import { sharedConfig } from './federation-shared';
import { typescriptRule } from './typescript-rule';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The folder of a remote's Node build, inside its browser build's folder. */
export const serverBuildFolder = 'server';

/**
 * A remote's Node build (see BuildOptions.target): what the shell's server loads at runtime,
 * through the federation runtime and `@module-federation/node`'s runtime plugin, from the same
 * origin as the browser build, so a redeploy of the folder redeploys both.
 */
export function createServerConfig(app: AppDefinition, options: BuildOptions): Configuration {
  if (app.name === 'shell' || !app.exposes) throw new Error('only a remote has a Node build');
  const version = options.buildVersion ?? buildVersion();
  const require = createRequire(import.meta.url);
  return {
    name: `${app.name}-server`,
    // After the browser build, which cleans the folder this one is in.
    dependencies: [app.name],
    mode: options.mode,
    context: app.dir,
    target: 'async-node',
    entry: {},
    devtool: false,
    output: {
      path: path.join(options.outDir ?? path.join(app.dir, 'dist'), serverBuildFolder),
      // Chunks resolve against the address the container was loaded from (see the runtime plugin).
      publicPath: 'auto',
      uniqueName: `board_${app.name}_server`,
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:10].js',
      chunkFormat: 'commonjs',
      chunkLoading: 'async-node',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.jsx', '.js'] },
    module: {
      rules: [
        typescriptRule(false),
        // Styles come with the browser build; the server renders markup only.
        { test: /\.css$/, loader: path.join(rootDir, 'scripts/server-css-loader.cjs'), type: 'javascript/auto' },
        { test: /\.(svg|png|woff2?)$/, type: 'asset/resource', generator: { emit: false } },
      ],
    },
    plugins: [
      new rspack.DefinePlugin({
        __APP_NAME__: JSON.stringify(app.name),
        __BUILD_VERSION__: JSON.stringify(version),
        __SHARED_VERSIONS__: JSON.stringify({}),
        __SINGLE_BUNDLE__: 'false',
      }),
      new ModuleFederationPlugin({
        name: federationName(app.name),
        filename: 'remoteEntry.js',
        exposes: app.exposes,
        library: { type: 'commonjs-module' },
        remoteType: 'script',
        runtimePlugins: [require.resolve('@module-federation/node/runtimePlugin')],
        shared: sharedConfig(app.dir, true),
        manifest: { fileName: 'mf-manifest.json', additionalData: addBuildVersion(version) },
        dts: false,
      }),
    ],
    // One file per exposed page: fewer fetches when the server loads it.
    optimization: { runtimeChunk: false, splitChunks: false, moduleIds: 'deterministic', chunkIds: 'deterministic' },
    performance: false,
    stats: 'errors-warnings',
  };
}
