/**
 * The remotes' `mf-manifest.json`, fetched by the shell's server and kept for a short time, so
 * each page it sends carries the manifest of the remote it needs (no discovery round trip in the
 * browser) while a redeployed remote is picked up within `ttlMs`, with no restart or rebuild.
 * A remote that does not answer in `timeoutMs` is simply left out: the browser then fetches the
 * manifest itself and shows the remote's error panel, as it does without this server.
 * A manifest is read where it is configured, never through a redirect: its address is the base of
 * every file it names (the Node manifest's entry among them, which this server runs).
 */
export interface RemoteManifest {
  /** The manifest as served (handed to the browser as is). */
  text: string;
  /** The address it came from: relative asset paths resolve against it. */
  url: string;
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
  exposes?: { path?: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
}

export interface ManifestCacheOptions {
  ttlMs?: number;
  /** Told each lookup: a fresh entry (hit) or a read (miss). */
  lookups?: (hit: boolean) => void;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export class ManifestCache {
  private entries = new Map<string, { at: number; manifest: Promise<RemoteManifest | null> }>();
  private readonly ttlMs: number;
  /** Told each lookup (the metrics); settable after construction by whoever counts. */
  lookups: (hit: boolean) => void;
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;

  constructor(options: ManifestCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 5_000;
    this.lookups = options.lookups ?? (() => {});
    this.timeoutMs = options.timeoutMs ?? 1_000;
    this.fetchImpl = options.fetch ?? ((...args) => fetch(...args));
  }

  /** The manifest at `url`, or null when it cannot be had now (never throws). */
  get(url: string, now = Date.now()): Promise<RemoteManifest | null> {
    const cached = this.entries.get(url);
    this.lookups(Boolean(cached && now - cached.at < this.ttlMs));
    if (cached && now - cached.at < this.ttlMs) return cached.manifest;
    const manifest = this.load(url);
    this.entries.set(url, { at: now, manifest });
    return manifest;
  }

  private async load(url: string): Promise<RemoteManifest | null> {
    try {
      const response = await this.fetchImpl(url, { redirect: 'error', signal: AbortSignal.timeout(this.timeoutMs) });
      if (!response.ok) return null;
      const parsed = JSON.parse(await response.text()) as Omit<RemoteManifest, 'text' | 'url'>;
      // Re-serialised without the build's indentation: it travels inside every page.
      return { ...parsed, text: JSON.stringify(parsed), url };
    } catch {
      return null;
    }
  }
}

/** The files a page of this remote needs first: its entry, then the exposed module's JS and CSS. */
export function manifestAssets(manifest: RemoteManifest, exposedPath: string): { js: string[]; css: string[] } {
  const publicPath = manifest.metaData?.publicPath;
  const base = publicPath && publicPath !== 'auto' ? new URL(publicPath, manifest.url) : new URL('./', manifest.url);
  const at = (file: string) => new URL(file, base).href;
  const entry = manifest.metaData?.remoteEntry;
  const exposed = manifest.exposes?.find((item) => item.path === exposedPath);
  return {
    js: [
      ...(entry?.name ? [at(`${entry.path ? `${entry.path.replace(/\/?$/, '/')}` : ''}${entry.name}`)] : []),
      ...(exposed?.assets?.js?.sync ?? []).map(at),
    ],
    css: (exposed?.assets?.css?.sync ?? []).map(at),
  };
}
