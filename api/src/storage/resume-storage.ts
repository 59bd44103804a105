import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where resumes go. The local folder is the default; an object store implements the same three
 * calls. `put` resolves only once the bytes are durable.
 */
export interface ResumeStorage {
  put(bytes: Uint8Array, extension: string): Promise<string>;
  get(key: string): Promise<Uint8Array>;
  remove(key: string): Promise<void>;
}

export function createFolderStorage(root: string): ResumeStorage {
  const resolveKey = (key: string) => {
    const file = path.resolve(root, key);
    if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error(`invalid storage key: ${key}`);
    return file;
  };

  return {
    async put(bytes, extension) {
      const day = new Date().toISOString().slice(0, 10);
      const key = `${day}/${randomUUID()}${extension}`;
      const file = resolveKey(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write to a temporary name, flush to disk, then rename: a reader never sees half a file,
      // and after `put` resolves a crash cannot lose it.
      const temporary = `${file}.partial`;
      const handle = await open(temporary, 'wx');
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, file);
      const folder = await open(path.dirname(file), 'r');
      try {
        await folder.sync();
      } finally {
        await folder.close();
      }
      return key;
    },
    async get(key) {
      return new Uint8Array(await readFile(resolveKey(key)));
    },
    async remove(key) {
      await rm(resolveKey(key), { force: true });
    },
  };
}
