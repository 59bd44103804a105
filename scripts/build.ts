/**
 * Production build: one deployable static folder per app (<app>/dist), remotes with their
 * mf-manifest.json. `pnpm build listings` builds one app only.
 */
import path from 'node:path';
import { rspack } from '@rspack/core';
import { buildVersion } from '../rspack/build-version';
import { createConfig } from '../rspack.shared';
import { selectApps } from './apps';
import { precompress } from './precompress';

const selected = selectApps(process.argv.slice(2));
const version = buildVersion();
// Each remote twice: its browser build and, in dist/server, the Node build the shell's server renders with.
const compiler = rspack(
  selected.flatMap((app) => [
    createConfig(app, { mode: 'production', buildVersion: version }),
    ...(app.exposes ? [createConfig(app, { mode: 'production', buildVersion: version, target: 'node' })] : []),
  ]),
);

compiler.run((error, stats) => {
  if (error) {
    console.error(error);
    process.exit(1);
  }
  const info = stats?.toString({ preset: 'errors-warnings', colors: process.stdout.isTTY });
  if (info) console.log(info);
  compiler.close(() => {
    if (stats?.hasErrors()) process.exit(1);
    for (const app of selected) {
      const files = precompress(path.join(app.dir, 'dist'));
      console.log(`built ${app.name} -> ${app.dir}/dist (${files} files precompressed)`);
    }
  });
});
