/**
 * Production build: one deployable static folder per app (<app>/dist), remotes with their
 * mf-manifest.json. `pnpm build listings` builds one app only.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { rspack } from '@rspack/core';
import { buildVersion, createConfig } from '../rspack.shared';
import { selectApps } from './apps';

const selected = selectApps(process.argv.slice(2));
const version = buildVersion();
const compiler = rspack(selected.map((app) => createConfig(app, { mode: 'production', buildVersion: version })));

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

/**
 * Writes .br and .gz beside every text asset, at the highest levels (once per build, not per
 * request). The local server sends them to browsers that accept them; a CDN can do the same.
 */
function precompress(folder: string): number {
  let count = 0;
  for (const name of readdirSync(folder, { recursive: true }) as string[]) {
    const file = path.join(folder, name);
    if (!/\.(js|css|html|json|svg)$/.test(name) || statSync(file).size < 1024) continue;
    const content = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    count++;
  }
  return count;
}
