import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/**
 * Built shells for a test file: `const dist = tempDists({ 'index.html': … })` at the top of the
 * file, then `dist()` makes a folder holding those files (each call its own). Every folder is
 * removed when the file's tests end, so runs leave nothing in the system's temporary folder.
 */
export function tempDists(files: Record<string, string | Buffer>): () => string {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'shell-dist-'));
    made.push(dir);
    for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), content);
    return dir;
  };
}
