import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Writes .br and .gz beside every text asset, at the highest levels (once per build, not per
 * request). The local server sends them to browsers that accept them; a CDN can do the same.
 */
export function precompress(folder: string): number {
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
