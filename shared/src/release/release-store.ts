/**
 * A release store on a filesystem: one folder per environment, holding for each remote
 *
 *     <app>/releases/<version>/     the release: its browser build, server/ its Node build, release.json
 *     <app>/releases/pointer.json   live, previous, canary: which releases visitors get
 *
 * served as it is by any static host (locally `pnpm serve` serves `<app>/` on the remote's port;
 * in production the folder is a bucket behind the CDN: README, Deploy). A release is written under
 * a temporary name and renamed into place once whole, and never written again; the pointer is
 * written last, to a temporary file renamed over the old one, so a reader sees the old pointer or
 * the new one, never a part.
 */
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import {
  emptyPointer,
  isReleaseVersion,
  parseReleasePointer,
  type ReleasePointer,
} from '@board/shared/config/release-pointer';
import type { RemoteName } from '@board/shared/config/remotes';

const pointerFile = 'pointer.json';
const releaseInfoFile = 'release.json';
/** Every change of the pointer, one JSON line each, oldest first: who, what, why (decision 036). */
const logFile = 'log.jsonl';
/** What the shell's server last read of the releases' visitors (decision 035). */
const healthFile = 'health.json';

export interface ReleaseLogEntry {
  at: string;
  /** `cli`: `pnpm release`; `gate`: the shell's server deciding an `--auto` canary. */
  by: 'cli' | 'gate';
  action: 'promote' | 'rollback' | 'canary' | 'end-canary';
  version: string;
  /** What it was decided on (the gate's reason, with its figures). */
  reason?: string;
  figures?: unknown;
}

export interface ReleaseInfo {
  version: string;
  app: RemoteName;
  /** The build's own stamp (mf-manifest.json's metaData.buildInfo.buildVersion). */
  buildVersion: string;
  publishedAt: string;
}

export class ReleaseStoreError extends Error {
  override name = 'ReleaseStoreError';
}

export class ReleaseStore {
  readonly dir: string;

  constructor(
    readonly root: string,
    readonly app: RemoteName,
  ) {
    this.dir = path.join(root, app, 'releases');
  }

  /** Every release, newest first. */
  list(): ReleaseInfo[] {
    if (!existsSync(this.dir)) return [];
    return readdirSync(this.dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && isReleaseVersion(entry.name))
      .flatMap((entry) => {
        try {
          const info = JSON.parse(
            readFileSync(path.join(this.dir, entry.name, releaseInfoFile), 'utf8'),
          ) as ReleaseInfo;
          return [{ ...info, version: entry.name }];
        } catch {
          return []; // not a whole release
        }
      })
      .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || b.version.localeCompare(a.version));
  }

  has(version: string): boolean {
    return isReleaseVersion(version) && existsSync(path.join(this.dir, version, releaseInfoFile));
  }

  /** The pointer; the empty one when nothing was promoted yet. Throws on a pointer that does not parse. */
  readPointer(): ReleasePointer {
    const file = path.join(this.dir, pointerFile);
    if (!existsSync(file)) return emptyPointer;
    try {
      return parseReleasePointer(JSON.parse(readFileSync(file, 'utf8')));
    } catch (error) {
      throw new ReleaseStoreError(`${file}: ${(error as Error).message}`);
    }
  }

  /** Replaces the pointer in one step (a temporary file renamed over it). */
  writePointer(pointer: ReleasePointer): void {
    const checked = parseReleasePointer({ ...pointer, updatedAt: new Date().toISOString() });
    for (const version of [checked.live, checked.previous, checked.canary?.version])
      if (version && !this.has(version)) throw new ReleaseStoreError(`${this.app} has no release ${version}`);
    mkdirSync(this.dir, { recursive: true });
    const temporary = path.join(this.dir, `.${pointerFile}.${process.pid}.${Date.now()}`);
    writeFileSync(temporary, `${JSON.stringify(checked, null, 2)}\n`);
    renameSync(temporary, path.join(this.dir, pointerFile));
  }

  /** Adds one line to the log (appended whole: lines of two writers never mix). */
  appendLog(entry: Omit<ReleaseLogEntry, 'at'>): void {
    mkdirSync(this.dir, { recursive: true });
    appendFileSync(path.join(this.dir, logFile), `${JSON.stringify({ at: new Date().toISOString(), ...entry })}\n`);
  }

  /** The log, oldest first (a line that does not parse is left out). */
  readLog(): ReleaseLogEntry[] {
    const file = path.join(this.dir, logFile);
    if (!existsSync(file)) return [];
    return readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line) => {
        try {
          return line ? [JSON.parse(line) as ReleaseLogEntry] : [];
        } catch {
          return [];
        }
      });
  }

  /** Replaces the health file in one step, like the pointer. */
  writeHealth(health: unknown): void {
    mkdirSync(this.dir, { recursive: true });
    const temporary = path.join(this.dir, `.${healthFile}.${process.pid}.${Date.now()}`);
    writeFileSync(temporary, `${JSON.stringify(health, null, 2)}\n`);
    renameSync(temporary, path.join(this.dir, healthFile));
  }

  /** The health file as written, or null when the shell's server has written none. */
  readHealth(): unknown {
    const file = path.join(this.dir, healthFile);
    return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  }

  /**
   * Stores the build in `buildDir` as release `version`: copied whole under a temporary name
   * (source maps left out: they are kept for an error tracker, never served), then renamed into
   * place. Refuses a version that exists.
   */
  add(buildDir: string, info: Omit<ReleaseInfo, 'app' | 'publishedAt'>): ReleaseInfo {
    if (!isReleaseVersion(info.version)) throw new ReleaseStoreError(`"${info.version}" is not a release version`);
    const target = path.join(this.dir, info.version);
    if (existsSync(target))
      throw new ReleaseStoreError(
        `${this.app} ${info.version} is already published, and a release is never changed: build again for a new version`,
      );
    mkdirSync(this.dir, { recursive: true });
    const incoming = path.join(this.dir, `.incoming-${info.version}-${process.pid}`);
    rmSync(incoming, { recursive: true, force: true });
    try {
      cpSync(buildDir, incoming, { recursive: true, filter: (source) => !source.endsWith('.map') });
      const release: ReleaseInfo = { ...info, app: this.app, publishedAt: new Date().toISOString() };
      writeFileSync(path.join(incoming, releaseInfoFile), `${JSON.stringify(release, null, 2)}\n`);
      renameSync(incoming, target);
      return release;
    } finally {
      rmSync(incoming, { recursive: true, force: true });
    }
  }

  /** Deletes a release (prune only: never one the pointer names). */
  remove(version: string): void {
    const pointer = this.readPointer();
    if ([pointer.live, pointer.previous, pointer.canary?.version].includes(version))
      throw new ReleaseStoreError(`${this.app} ${version} is named by the pointer: it is not removed`);
    if (!this.has(version)) throw new ReleaseStoreError(`${this.app} has no release ${version}`);
    // Renamed away first: the release disappears at once, never half-deleted under its name.
    const leaving = path.join(this.dir, `.leaving-${version}-${process.pid}`);
    renameSync(path.join(this.dir, version), leaving);
    rmSync(leaving, { recursive: true, force: true });
  }
}
