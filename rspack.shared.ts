/**
 * The one Rspack config factory every app uses (shell and the three remotes).
 *
 * - TypeScript/TSX through Rspack's built-in SWC loader.
 * - Tailwind v4 through PostCSS; a remote's utilities are wrapped in `@scope` so that two
 *   stylesheets with the same utility classes in different orders cannot override each other
 *   (see docs/decisions/001-remote-css-scope.md).
 * - Module Federation with ONE list of shared singletons (`sharedSingletons`).
 * - HTML for every app (the shell's page; a remote's page is its standalone dev/preview page).
 * - Dev server with CORS so the shell can load a remote's manifest from another origin.
 */
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { type Compiler, type Configuration, type RspackPluginInstance, rspack } from '@rspack/core';
import tailwind from '@tailwindcss/postcss';
import type { AtRule, Plugin as PostcssPlugin } from 'postcss';
import { providedVersions, readPackageJson, sharedSingletons } from './rspack.singletons';
import { federationName, unusedFallbacksFile } from './shared/src/lib/federation';

export { providedVersions, sharedSingletons };

const rootDir = path.dirname(fileURLToPath(import.meta.url));

export type AppName = 'shell' | 'listings' | 'apply' | 'static';

export interface AppDefinition {
  /** Logical name (runtime config key, `data-remote` CSS scope); the container is board_<name>. */
  name: AppName;
  /** Folder of the app (holds package.json, src/, index.html). */
  dir: string;
  /** Port of the dev server (`pnpm dev`) and of `pnpm start`. */
  port: number;
  /** Exposed modules of a remote: public name -> file. */
  exposes?: Record<string, string>;
  /** Page title of the app's own HTML page. */
  title: string;
}

export interface BuildOptions {
  mode: 'development' | 'production';
  /** Output folder; defaults to `<app>/dist`. */
  outDir?: string;
  /** Shown in the manifest metadata and the shell's status view. */
  buildVersion?: string;
  /**
   * Shell only, for `pnpm bench`: build the whole board as one bundle without Module Federation
   * (the remotes' exposed modules imported directly), to measure what federation costs.
   */
  singleBundle?: boolean;
  /**
   * A remote only. `web` (default): the browser build in `<app>/dist`. `node`: the build the
   * shell's server renders with, beside it in `<app>/dist/server` (its own `mf-manifest.json`,
   * a `commonjs-module` container whose chunks load over HTTP; React and every other singleton
   * come from the server, nothing of them is bundled; CSS is left to the browser build).
   */
  target?: 'web' | 'node';
}

function sharedConfig(appDir: string, fromHostOnly = false) {
  const deps = readPackageJson(appDir).dependencies ?? {};
  const sharedVersion = readPackageJson(path.join(rootDir, 'shared')).version;
  return Object.fromEntries(
    sharedSingletons.map(([key, pkg]) => {
      const declared = deps[pkg];
      if (!declared) throw new Error(`${appDir}/package.json must depend on ${pkg} (shared singleton)`);
      const requiredVersion = declared.startsWith('workspace:') ? `^${sharedVersion}` : declared;
      // strictVersion: a remote built against an incompatible version fails to load (and shows
      // the error panel) instead of running against the wrong React or router.
      // The Node build bundles none of them (`import: false`): the shell's server provides each.
      return [
        key,
        { singleton: true, requiredVersion, strictVersion: true, ...(fromHostOnly ? { import: false as const } : {}) },
      ];
    }),
  );
}

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

export function buildVersion(): string {
  let commit = 'unknown';
  try {
    commit = execSync('git rev-parse --short HEAD', { cwd: rootDir, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    // not a git checkout (e.g. a tarball): the build time still identifies it
  }
  return `${commit}@${new Date().toISOString()}`;
}

/**
 * Lists the shell's chunks that only hold the fallback of a package it shares (a chunk whose every
 * origin is a `consume shared module`). The shell provides each of those packages itself, so a
 * fallback is never loaded: the server's preloads leave them out (Chromium warns of a preload
 * never used, and it costs a request at the start).
 */
class UnusedFallbacksPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.done.tap('UnusedFallbacksPlugin', (stats) => {
      const { chunks = [], outputPath = '' } = stats.toJson({
        all: false,
        chunks: true,
        chunkOrigins: true,
        outputPath: true,
      });
      const files = chunks
        .filter(
          (chunk) =>
            !chunk.initial &&
            (chunk.origins ?? []).length > 0 &&
            (chunk.origins ?? []).every((origin) => origin.moduleName?.startsWith('consume shared module')),
        )
        .flatMap((chunk) => chunk.files);
      writeFileSync(path.join(outputPath, unusedFallbacksFile), `${JSON.stringify(files, null, 2)}\n`);
    });
  }
}

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

function federationRuntimeAsEsm(): RspackPluginInstance[] {
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
function bundlerRuntimeAliases(): Record<string, string> {
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
function bundlerRuntimeFromShell(): RspackPluginInstance {
  const shim = path.join(rootDir, 'shell/src/federation/remote-bundler-runtime.ts');
  return new rspack.NormalModuleReplacementPlugin(
    /[\\/]@module-federation[\\/]webpack-bundler-runtime[\\/]dist[\\/]index\.c?js$/,
    (data: { request?: string; createData?: unknown }) => {
      if (!data.createData) data.request = shim;
    },
  );
}

/** TypeScript and JSX through Rspack's built-in SWC, for the browser and the Node build alike. */
function typescriptRule(dev: boolean) {
  return {
    test: /\.[cm]?tsx?$/,
    exclude: /node_modules/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development: dev } },
        target: 'es2022',
      },
    },
    type: 'javascript/auto' as const,
  };
}

/** The folder of a remote's Node build, inside its browser build's folder. */
export const serverBuildFolder = 'server';

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
      ...(isShell ? { alias: bundlerRuntimeAliases() } : {}),
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
      // The shell's startup code in a few files instead of one per shared package: the packages it
      // provides in one `vendor` chunk, its own code in the bootstrap chunk. (A remote keeps the
      // default: its fallbacks of shared packages must stay separate, so they are never downloaded
      // when the shell provides them.)
      ...(isShell && !dev
        ? {
            splitChunks: {
              chunks: 'async' as const,
              cacheGroups: {
                default: false as const,
                defaultVendors: false as const,
                vendor: { test: /[\\/]node_modules[\\/]/, name: 'vendor', chunks: 'async' as const, enforce: true },
              },
            },
          }
        : {}),
    },
    performance: false,
    devServer: {
      port: app.port,
      host: '127.0.0.1',
      historyApiFallback: true,
      hot: false,
      liveReload: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      // The shell's page (8080) opens the live-reload socket of each remote's server too.
      allowedHosts: 'all',
      static: false,
      client: { overlay: { errors: true, warnings: false } },
      // The shell and each standalone remote read the local runtime config, fresh on every load.
      setupMiddlewares: (middlewares) => {
        middlewares.unshift({
          name: 'runtime-config',
          path: '/runtime-config.json',
          middleware: (
            _req: unknown,
            res: { setHeader(name: string, value: string): void; end(body: string): void },
          ) => {
            res.setHeader('Content-Type', 'application/json');
            res.setHeader('Cache-Control', 'no-cache');
            // `pnpm dev` serves the remotes' live builds, not the release store `pnpm serve` serves.
            const { releases: _releases, ...config } = JSON.parse(
              readFileSync(path.join(rootDir, 'shell/config/local.json'), 'utf8'),
            ) as Record<string, unknown>;
            res.end(JSON.stringify(config));
          },
        });
        return middlewares;
      },
    },
    stats: 'errors-warnings',
  };
}

/**
 * A remote's Node build (see BuildOptions.target): what the shell's server loads at runtime,
 * through the federation runtime and `@module-federation/node`'s runtime plugin, from the same
 * origin as the browser build, so a redeploy of the folder redeploys both.
 */
function createServerConfig(app: AppDefinition, options: BuildOptions): Configuration {
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

/** Stamps the build version into `mf-manifest.json` (metaData.buildInfo.buildVersion). */
function addBuildVersion(version: string) {
  return ({ stats }: { stats: { metaData: { buildInfo: { buildVersion: string } } } }) => {
    stats.metaData.buildInfo.buildVersion = version;
  };
}
