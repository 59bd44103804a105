import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { tempFolders } from '../../../shared/src/test/temp-folders';

/**
 * Built shells for a test file: `const dist = tempDists({ 'index.html': … })` at the top of the
 * file, then `dist()` makes a folder holding those files (each call its own), removed when the
 * file's tests end.
 */
export function tempDists(files: Record<string, string | Buffer>): () => string {
  const folder = tempFolders('shell-dist-');
  return () => {
    const dir = folder();
    for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), content);
    return dir;
  };
}
