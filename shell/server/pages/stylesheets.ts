import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The stylesheets a page's first view needs, as text to inline in its head: the shell's own (read
 * from its build) and the route's remote page's (fetched from the remote's origin, where its
 * manifest is, and nowhere else). A page then paints with no render-blocking request to a second
 * origin. Each is inlined only while it stays under `maxInlineGzipBytes` (a larger one is linked),
 * and every file is content-hashed, so a text is kept for as long as the server runs.
 */
const maxInlineGzipBytes = 14 * 1024;

export interface StylesheetOptions {
  /** The shell's build: its stylesheets are read from here by their path on the site. */
  distDir: string;
  /** How long a remote's stylesheet may take (the page links it instead). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Stylesheets kept (a remote's redeploy adds a few). */
  maxEntries?: number;
}

const maxCssBytes = 512 * 1024;

export class Stylesheets {
  private readonly texts = new Map<string, Promise<string | null>>();
  private readonly distDir: string;
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;
  private readonly maxEntries: number;

  constructor(options: StylesheetOptions) {
    this.distDir = options.distDir;
    this.timeoutMs = options.timeoutMs ?? 1_000;
    this.fetchImpl = options.fetch ?? ((...args) => fetch(...args));
    this.maxEntries = options.maxEntries ?? 50;
  }

  /**
   * The text to inline for each stylesheet of the page that can be had now, by its address: a
   * path on the site (the shell's), or a URL on `remoteOrigin`. What cannot be had (too large,
   * another origin, slow, failed) is left out, and the page links it.
   */
  async inline(hrefs: string[], remoteOrigin: string | null): Promise<Map<string, string>> {
    const found = await Promise.all(hrefs.map(async (href) => [href, await this.text(href, remoteOrigin)] as const));
    return new Map(found.filter((entry): entry is [string, string] => entry[1] !== null));
  }

  private text(href: string, remoteOrigin: string | null): Promise<string | null> {
    let text = this.texts.get(href);
    if (!text) {
      text = href.startsWith('/') ? this.readShell(href) : this.fetchRemote(href, remoteOrigin);
      if (this.texts.size >= this.maxEntries) {
        const oldest = this.texts.keys().next().value;
        if (oldest !== undefined) this.texts.delete(oldest);
      }
      this.texts.set(href, text);
      // A failure is not kept: the next page tries again.
      void text.then((value) => {
        if (value === null) this.texts.delete(href);
      });
    }
    return text;
  }

  private async readShell(href: string): Promise<string | null> {
    const file = path.join(this.distDir, path.normalize(href).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(this.distDir) || !file.endsWith('.css')) return null;
    try {
      return inlinable(readFileSync(file, 'utf8'));
    } catch {
      return null;
    }
  }

  private async fetchRemote(href: string, remoteOrigin: string | null): Promise<string | null> {
    let url: URL;
    try {
      url = new URL(href);
    } catch {
      return null;
    }
    if (!remoteOrigin || url.origin !== remoteOrigin || !url.pathname.endsWith('.css')) return null;
    try {
      const response = await this.fetchImpl(url.href, {
        redirect: 'error',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!response.ok) return null;
      const text = await response.text();
      return text.length > maxCssBytes ? null : inlinable(text);
    } catch {
      return null;
    }
  }
}

/** The text, when it is small enough to inline and cannot end its <style> element early. */
function inlinable(text: string): string | null {
  if (/<\/style/i.test(text)) return null;
  return gzipSync(text).byteLength <= maxInlineGzipBytes ? text : null;
}
