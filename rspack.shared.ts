/**
 * The one Rspack config factory every app uses (shell and the three remotes): `createConfig`, here
 * the browser build; its parts, each in its module under rspack/.
 *
 * - TypeScript/TSX through Rspack's built-in SWC loader (rspack/typescript-rule.ts).
 * - Tailwind v4 through PostCSS; a remote's utilities are wrapped in `@scope` so that two
 *   stylesheets with the same utility classes in different orders cannot override each other
 *   (see docs/decisions/001-remote-css-scope.md).
 * - Module Federation with ONE list of shared singletons (`sharedSingletons`;
 *   rspack/federation-shared.ts), its runtime as ES modules (rspack/federation-runtime.ts).
 * - HTML for every app (the shell's page; a remote's page is its standalone dev/preview page).
 * - A remote's Node build, for the shell's server (rspack/server-build.ts).
 * - Dev server with CORS so the shell can load a remote's manifest from another origin
 *   (rspack/dev-server.ts).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { type Configuration, rspack } from '@rspack/core';
import tailwind from '@tailwindcss/postcss';
import type { AtRule, Plugin as PostcssPlugin } from 'postcss';
import type { AppDefinition, BuildOptions } from './rspack/app-definition';
import { addBuildVersion, buildVersion } from './rspack/build-version';
import { devServerConfig } from './rspack/dev-server';
import { bundlerRuntimeAliases, bundlerRuntimeFromShell, federationRuntimeAsEsm } from './rspack/federation-runtime';
import { sharedConfig } from './rspack/federation-shared';
import { routerProductionAliases } from './rspack/router-production';
import { createServerConfig, serverBuildFolder } from './rspack/server-build';
import { remoteSplitChunks, shellSplitChunks } from './rspack/split-chunks';
import { typescriptRule } from './rspack/typescript-rule';
import { UnusedFallbacksPlugin } from './rspack/unused-fallbacks-plugin';
import { providedVersions, sharedSingletons } from './rspack.singletons';
import { federationName } from './shared/src/lib/federation';

export { sharedSingletons };

const rootDir = path.dirname(fileURLToPath(import.meta.url));

/** Wraps a remote's utilities in `@scope ([data-remote="NAME"])`: see the decision record. */
export function scopeUtilities(remote: string): PostcssPlugin {
  return {
    postcssPlugin: 'board-scope-utilities',
    Once(root, { atRule }) {
      root.walkAtRules('layer', (layer: AtRule) => {
        if (!layer.nodes || !['utilities', 'components'].includes(layer.params.trim())) return;
        const scope = atRule({ name: 'scope', params: `([data-remote="${remote}"])` });
        scope.append(layer.nodes.map((node) => node.clone()));
        layer.removeAll();
        layer.append(scope);
      });
    },
  };
}

export function createConfig(app: AppDefinition, options: BuildOptions): Configuration {
  if (options.target === 'node') return createServerConfig(app, options);
  const isShell = app.name === 'shell';
  const dev = options.mode === 'development';
  const version = options.buildVersion ?? buildVersion();
  const postcssPlugins = [tailwind({ base: rootDir }), ...(isShell ? [] : [scopeUtilities(app.name)])];

  return {
    name: app.name,
    mode: options.mode,
    context: app.dir,
    entry: { main: './src/index.ts' },
    // Production maps are written for an error tracker but not referenced from the scripts, and
    // no server of ours sends them (see shell/server/http/static-files.ts and scripts/serve-board.ts);
    // their sources are named relative to the app, never by a path on the build machine.
    devtool: dev ? 'eval-cheap-module-source-map' : 'hidden-source-map',
    output: {
      devtoolModuleFilenameTemplate: 'webpack://[namespace]/[resource-path]',
      path: options.outDir ?? path.join(app.dir, 'dist'),
      // The shell's HTML is served for every path (/a/b/c too), so its scripts are absolute.
      // A remote's chunks load from wherever its manifest is served.
      publicPath: isShell ? '/' : 'auto',
      uniqueName: `board_${app.name}`,
      filename: dev ? '[name].js' : '[name].[contenthash:10].js',
      chunkFilename: dev ? '[name].js' : '[name].[contenthash:10].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      // A remote's Node build lives in dist/server and is built beside this one.
      clean: isShell ? true : { keep: new RegExp(`^${serverBuildFolder}/`) },
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.jsx', '.js'],
      // The shell hands its federation bundler runtime to the remotes (see bundlerRuntimeFromShell).
      // A production build takes React Router's production files (rspack/router-production.ts).
      alias: { ...(isShell ? bundlerRuntimeAliases() : {}), ...(dev ? {} : routerProductionAliases(app.dir)) },
    },
    module: {
      rules: [
        typescriptRule(dev),
        {
          test: /\.css$/,
          use: [
            rspack.CssExtractRspackPlugin.loader,
            'css-loader',
            { loader: 'postcss-loader', options: { postcssOptions: { plugins: postcssPlugins } } },
          ],
          type: 'javascript/auto',
        },
        { test: /\.(svg|png|woff2?)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      ...(isShell && !dev ? [new UnusedFallbacksPlugin()] : []),
      ...federationRuntimeAsEsm(),
      ...(!isShell && !dev && !options.singleBundle ? [bundlerRuntimeFromShell()] : []),
      // The site's icons (favicon.ico, favicon.svg, apple-touch-icon.png), at the site's root.
      ...(isShell ? [new rspack.CopyRspackPlugin({ patterns: [{ from: path.join(app.dir, 'public') }] })] : []),
      new rspack.CssExtractRspackPlugin({
        filename: dev ? '[name].css' : '[name].[contenthash:10].css',
        chunkFilename: dev ? '[name].css' : '[name].[contenthash:10].css',
      }),
      new rspack.DefinePlugin({
        __APP_NAME__: JSON.stringify(app.name),
        __BUILD_VERSION__: JSON.stringify(version),
        __SHARED_VERSIONS__: JSON.stringify(isShell ? providedVersions(app.dir) : {}),
        __SINGLE_BUNDLE__: JSON.stringify(Boolean(options.singleBundle)),
      }),
      new rspack.HtmlRspackPlugin({
        template: path.join(app.dir, 'index.html'),
        title: app.title,
        // Remotes: the standalone page. Never loaded by the shell, which uses the manifest.
        chunks: ['main'],
      }),
      options.singleBundle
        ? new rspack.NormalModuleReplacementPlugin(
            // ./federation (from the remotes folder) and ./features/remotes/federation (bootstrap).
            /(^\.\/|\/remotes\/)federation$/,
            path.join(rootDir, 'scripts/bench/federation-single.ts'),
          )
        : new ModuleFederationPlugin({
            name: federationName(app.name),
            ...(isShell
              ? {
                  remotes: {},
                  shareStrategy: 'loaded-first' as const,
                  runtimePlugins: [path.join(app.dir, 'src/federation/provide-bundler-runtime.ts')],
                }
              : { filename: 'remoteEntry.js', exposes: app.exposes ?? {} }),
            // One federation runtime per page: the shell provides it and a remote's production
            // build uses the host's. A development build keeps its own, so `pnpm dev NAME` runs
            // a remote standalone.
            experiments: {
              ...(isShell ? { provideExternalRuntime: true } : dev ? {} : { externalRuntime: true }),
              optimization: { target: 'web' as const },
            },
            shared: sharedConfig(app.dir),
            manifest: { fileName: 'mf-manifest.json', additionalData: addBuildVersion(version) },
            dts: false,
          }),
    ],
    optimization: {
      runtimeChunk: false,
      // Content hashes must depend on content only, so unchanged files stay cached after a deploy.
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
      // The shell's startup chunks and a remote's pages' common chunk (rspack/split-chunks.ts).
      ...(isShell && !dev ? { splitChunks: shellSplitChunks() } : {}),
      ...(!isShell && !dev && !options.singleBundle
        ? { splitChunks: remoteSplitChunks(Object.keys(app.exposes ?? {}).length) }
        : {}),
    },
    performance: false,
    devServer: devServerConfig(app),
    stats: 'errors-warnings',
  };
}
