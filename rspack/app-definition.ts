/** What each app's build is made of (rspack.shared.ts `createConfig`, its dev server and its server build). */
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
