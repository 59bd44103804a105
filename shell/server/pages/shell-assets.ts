import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { unusedFallbacksFile } from '@board/shared/lib/federation';
import { isHashedAsset } from '../http/static-files';

/**
 * The shell's startup chunks: every hashed JS and CSS file of the build but the entry (already in
 * the page), chunks named `lazy-*` (loaded only on demand, e.g. the config validator of a static
 * deployment) and the fallbacks of the packages it shares, which it never loads (listed by its build).
 */
export function shellAssets(distDir: string) {
  const unused = new Set(readUnusedFallbacks(distDir));
  const files = readdirSync(distDir).filter(
    (file) => isHashedAsset(file) && !file.startsWith('main.') && !file.startsWith('lazy-') && !unused.has(file),
  );
  return {
    js: files.filter((file) => file.endsWith('.js')).map((file) => `/${file}`),
    css: files.filter((file) => file.endsWith('.css')).map((file) => `/${file}`),
  };
}

function readUnusedFallbacks(distDir: string): string[] {
  try {
    const list: unknown = JSON.parse(readFileSync(path.join(distDir, unusedFallbacksFile), 'utf8'));
    return Array.isArray(list) ? list.filter((file): file is string => typeof file === 'string') : [];
  } catch {
    return []; // a build without the list: every chunk is preloaded
  }
}
