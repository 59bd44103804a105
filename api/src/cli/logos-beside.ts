import { open } from 'node:fs/promises';
import path from 'node:path';
import { maxLogoBytes } from '../portfolio/logo-image';

/**
 * The logos the file names by a path beside it: their bytes (at most one byte over the limit:
 * refused there). A path that is not a readable file (none, a folder) is left out, and the apply
 * refuses it with its company's line. A map, so a path named `constructor` is a path like any other.
 */
export async function logosBeside(folder: string, companies: { logo: string | null }[]) {
  const files = new Map<string, Uint8Array>();
  for (const { logo } of companies) {
    if (logo === null || /^https:/i.test(logo) || files.has(logo)) continue;
    const handle = await open(path.join(folder, logo), 'r').catch(() => null);
    if (!handle) continue;
    try {
      const buffer = Buffer.alloc(maxLogoBytes + 1);
      // A folder opens, but does not read (EISDIR).
      const read = await handle.read(buffer, 0, buffer.length, 0).catch(() => null);
      if (read) files.set(logo, new Uint8Array(buffer.subarray(0, read.bytesRead)));
    } finally {
      await handle.close();
    }
  }
  return files;
}
