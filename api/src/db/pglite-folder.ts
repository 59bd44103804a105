import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database's folder on disk (docs/decisions/034-readiness-and-outages.md). PGlite
 * takes a crash (`kill -9`, a power cut) as PostgreSQL does: the next start replays its log. What
 * leaves a folder that no start opens again is two processes writing it at once (a second start
 * replays the log under the first one's feet, a command opening it beside the running API) or a
 * first start cut short while it writes the new folder. So:
 * - one process at a time: `<folder>.lock` names the process that holds it; another process (or
 *   a second open in this one) is refused in one line, and a lock whose process is gone is taken over;
 * - a new folder is marked (`<folder>.creating`) until its first open and migrations are done: a
 *   start that finds the mark removes the unfinished folder and makes it again (nothing in it
 *   was ever kept);
 * - a folder that still cannot be opened gets one line saying what happened and what to do.
 */
export class DataFolderError extends Error {}

const heldHere = new Set<string>();
let releaseOnExit = false;

/** Whether a process with this id is running (a process of another user's counts). */
function running(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Holds `dataDir` for this process until the returned release is called (or the process exits). */
export function holdDataFolder(dataDir: string): () => void {
  const lockFile = `${dataDir}.lock`;
  mkdirSync(path.dirname(dataDir), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    if (heldHere.has(dataDir))
      throw new DataFolderError(
        `The embedded database in ${dataDir} is already open in this process: open it once and share it.`,
      );
    try {
      writeFileSync(lockFile, `${process.pid}\n`, { flag: 'wx' });
      heldHere.add(dataDir);
      if (!releaseOnExit) {
        releaseOnExit = true;
        process.once('exit', () => {
          for (const held of heldHere) rmSync(`${held}.lock`, { force: true });
        });
      }
      return () => {
        if (!heldHere.delete(dataDir)) return;
        rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(readFileSync(lockFile, 'utf8').trim());
    // This process's own id in a lock it does not hold: a process before it had the same id.
    if (holder !== process.pid && running(holder))
      throw new DataFolderError(
        `The embedded database in ${dataDir} is in use by process ${holder} (the running board or API): stop it first, or use PostgreSQL (DATABASE_URL) to share one database between processes. If process ${holder} is not the board, delete ${lockFile}.`,
      );
    // Its process is gone: moved aside (of two starts doing so at once, one moves it), then taken.
    try {
      renameSync(lockFile, `${lockFile}.stale-${process.pid}`);
      rmSync(`${lockFile}.stale-${process.pid}`, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new DataFolderError(
    `The embedded database in ${dataDir} could not be locked: another start took it meanwhile.`,
  );
}

/**
 * Before PGlite opens `dataDir`: whether it is to be made (then marked until `created` is called),
 * after removing a folder whose making never finished.
 */
export function prepareDataFolder(dataDir: string): { fresh: boolean; created: () => void } {
  const mark = `${dataDir}.creating`;
  if (existsSync(mark)) rmSync(dataDir, { recursive: true, force: true });
  const fresh = !existsSync(path.join(dataDir, 'PG_VERSION'));
  if (fresh) writeFileSync(mark, `${new Date().toISOString()}\n`);
  return { fresh, created: () => rmSync(mark, { force: true }) };
}

/** The one line for a folder PGlite could not open (`cause`: what PGlite said). */
export function unopenableFolder(dataDir: string, cause: unknown): DataFolderError {
  const said = String((cause as Error)?.message ?? cause)
    .split('\n')[0]
    ?.slice(0, 120);
  return new DataFolderError(
    `The embedded database in ${dataDir} cannot be opened (${said}): it was damaged, by two processes writing it at once or a crash while it was being made. Move it aside (mv ${dataDir} ${dataDir}.damaged) and start again for a new one (demo data included); keep data that must survive in PostgreSQL (DATABASE_URL).`,
  );
}
