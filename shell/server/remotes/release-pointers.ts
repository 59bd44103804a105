import { assignReleases, type ReleaseChoice, releaseCookie } from '@board/shared/config/release-assignment';
import { parseReleasePointer, type ReleasePointer, releaseManifestUrl } from '@board/shared/config/release-pointer';
import { type RemoteName, remoteNames } from '@board/shared/config/remotes';
import type { RuntimeConfig } from '@board/shared/config/runtime-config';

/**
 * The remotes' release pointers (`…/releases/pointer.json`), read by the shell's server with the
 * manifests' freshness: each at most every `ttlMs` (5 s), within `timeoutMs`, never through a
 * redirect. A pointer that cannot be read or does not parse counts as absent: that remote's pages
 * use its configured manifest address, as without releases (the browser shows its error panel if
 * that has nothing either).
 */
export interface ReleasePointersOptions {
  ttlMs?: number;
  /** Told each lookup: a fresh entry (hit) or a read (miss). */
  lookups?: (hit: boolean) => void;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export class ReleasePointers {
  private entries = new Map<string, { at: number; pointer: Promise<ReleasePointer | null> }>();
  private readonly ttlMs: number;
  /** Told each lookup (the metrics); settable after construction by whoever counts. */
  lookups: (hit: boolean) => void;
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;
  private readonly lastRead = new Map<string, string>();
  private readonly good = new Map<string, ReleasePointer>();
  private readonly listeners: ((url: string, pointer: ReleasePointer) => void)[] = [];

  constructor(options: ReleasePointersOptions = {}) {
    this.ttlMs = options.ttlMs ?? 5_000;
    this.lookups = options.lookups ?? (() => {});
    this.timeoutMs = options.timeoutMs ?? 1_000;
    this.fetchImpl = options.fetch ?? ((...args) => fetch(...args));
  }

  /** The pointer at `url`, or null when it cannot be had now (never throws). */
  get(url: string, now = Date.now()): Promise<ReleasePointer | null> {
    const cached = this.entries.get(url);
    this.lookups(Boolean(cached && now - cached.at < this.ttlMs));
    if (cached && now - cached.at < this.ttlMs) return cached.pointer;
    const pointer = this.load(url);
    this.entries.set(url, { at: now, pointer });
    return pointer;
  }

  /** The last pointer read at `url` that parsed, however long ago (undefined: none yet). */
  lastGood(url: string | undefined): ReleasePointer | undefined {
    return url === undefined ? undefined : this.good.get(url);
  }

  /** Calls `listener` with each pointer read that differs from the one read before it at that address. */
  onChange(listener: (url: string, pointer: ReleasePointer) => void) {
    this.listeners.push(listener);
  }

  /** Every configured remote's pointer (remotes without releases absent). */
  async all(config: RuntimeConfig): Promise<Partial<Record<RemoteName, ReleasePointer | null>>> {
    const entries = await Promise.all(
      remoteNames.map(async (name) => {
        const url = config.releases?.[name];
        return [name, url ? await this.get(url) : undefined] as const;
      }),
    );
    return Object.fromEntries(entries.filter(([, pointer]) => pointer !== undefined));
  }

  private async load(url: string): Promise<ReleasePointer | null> {
    try {
      const response = await this.fetchImpl(url, { redirect: 'error', signal: AbortSignal.timeout(this.timeoutMs) });
      if (!response.ok) return null;
      const pointer = parseReleasePointer(await response.json());
      this.good.set(url, pointer);
      const text = JSON.stringify([pointer.live, pointer.canary]);
      if (this.lastRead.get(url) !== text) {
        this.lastRead.set(url, text);
        for (const listener of this.listeners) listener(url, pointer);
      }
      return pointer;
    } catch {
      return null;
    }
  }
}

export interface VisitorReleases {
  /** The config this visitor's page carries: each remote with releases at its release's manifest. */
  config: RuntimeConfig;
  /** The release of each remote with releases. */
  versions: ReleaseChoice;
  /** The Set-Cookie header that remembers a new choice (while a canary runs), or null. */
  setCookie: string | null;
  /** The `X-Board-Releases` header: each remote's version (`unreleased`: served from its configured address). */
  header: string;
  /** What the page's markup depends on among the releases (part of the key a kept page is found by). */
  key: string;
}

export const releasesHeader = 'X-Board-Releases';

/**
 * One visitor's releases: their cookie's choice while it is still live or the canary, else a new
 * one (release-assignment.ts). The config handed to the browser names the chosen release's manifest
 * for every remote, so the server renders with the release the browser hydrates with, later pages
 * of the tab load the same releases, and an open tab never asks again.
 */
export async function visitorReleases(
  config: RuntimeConfig,
  pointers: ReleasePointers,
  cookieValue: string | undefined,
  options: { secure: boolean; random?: () => number },
): Promise<VisitorReleases> {
  const read = await pointers.all(config);
  const assignment = assignReleases(read, cookieValue, options.random);
  const remotes = { ...config.remotes };
  for (const name of remoteNames) {
    const version = assignment.versions[name];
    const pointer = config.releases?.[name];
    if (version && pointer) remotes[name] = releaseManifestUrl(pointer, version);
  }
  const header = remoteNames.map((name) => `${name}=${assignment.versions[name] ?? 'unreleased'}`).join(', ');
  return {
    config: Object.keys(assignment.versions).length > 0 ? { ...config, remotes } : config,
    versions: assignment.versions,
    setCookie: assignment.cookie === null ? null : releaseCookie(assignment.versions, options.secure),
    header,
    key: header,
  };
}
