import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { DataFolderError } from './pglite-folder';

/**
 * The embedded database's folder on disk: what a crash, a second process or a first start cut
 * short would do to it, and what the API says then. Only PGlite has such a folder.
 */
const root = mkdtempSync(path.join(tmpdir(), 'board-pglite-folder-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A migrated folder on disk, closed. */
async function madeFolder(name: string): Promise<string> {
  const dir = path.join(root, name);
  const database = await openDatabase({ pgliteDataDir: dir });
  await database.close();
  return dir;
}

async function refusal(opening: Promise<unknown>): Promise<string> {
  const error = await opening.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DataFolderError);
  const message = (error as Error).message;
  expect(message).not.toContain('\n');
  return message;
}

describe('a PGlite folder that cannot be opened', () => {
  it('is answered in one line: what happened, and what to do', async () => {
    const dir = await madeFolder('damaged');
    // What a crash in the wrong place, or two processes at once, leave: its control file unreadable.
    writeFileSync(path.join(dir, 'global', 'pg_control'), Buffer.alloc(8192));
    const message = await refusal(openDatabase({ pgliteDataDir: dir }));
    expect(message).toMatch(new RegExp(`^The embedded database in ${dir} cannot be opened \\(.+\\): it was damaged`));
    expect(message).toContain(`Move it aside (mv ${dir} ${dir}.damaged) and start again`);
    // Nothing was removed, and the folder is not left locked.
    expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });
});

describe('one process at a time', () => {
  it('refuses a second open, here or in another process, and takes over the lock of a process that is gone', async () => {
    const dir = await madeFolder('shared');
    const first = await openDatabase({ pgliteDataDir: dir });
    try {
      expect(await refusal(openDatabase({ pgliteDataDir: dir }))).toBe(
        `The embedded database in ${dir} is already open in this process: open it once and share it.`,
      );
    } finally {
      await first.close();
    }
    expect(existsSync(`${dir}.lock`)).toBe(false);

    // Another process holds it (the running board, say).
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      writeFileSync(`${dir}.lock`, `${other.pid}\n`);
      const message = await refusal(openDatabase({ pgliteDataDir: dir }));
      expect(message).toMatch(
        new RegExp(
          `^The embedded database in ${dir} is in use by process ${other.pid} \\(the running board or API\\): stop it first`,
        ),
      );
    } finally {
      other.kill('SIGKILL');
      await new Promise((resolve) => other.once('exit', resolve));
    }
    // Killed: its lock is stale, and taken over.
    const again = await openDatabase({ pgliteDataDir: dir });
    expect(readFileSync(`${dir}.lock`, 'utf8').trim()).toBe(String(process.pid));
    await again.close();
  });
});

describe('a first start cut short', () => {
  it('leaves a folder the next start makes again, instead of one it cannot open', async () => {
    const dir = path.join(root, 'half-made');
    // What a kill leaves while PGlite writes a new folder: its marker, and the first files only.
    mkdirSync(path.join(dir, 'global'), { recursive: true });
    writeFileSync(path.join(dir, 'PG_VERSION'), '17\n');
    writeFileSync(`${dir}.creating`, 'cut short\n');
    const database = await openDatabase({ pgliteDataDir: dir });
    expect(await database.ready()).toBe(true);
    await database.close();
    expect(existsSync(`${dir}.creating`)).toBe(false);
  });
});
