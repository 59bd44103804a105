/**
 * The API's public GET calls as the shell's server reads them for a page's head and status, the
 * sitemap and the feeds. A short timeout (the page never waits long for its tags) and a small,
 * short-lived cache (a burst of visits to one job costs one call). Never throws: a page is sent
 * whatever the API does.
 */
export type ApiAnswer = { kind: 'ok'; body: unknown } | { kind: 'missing' } | { kind: 'unavailable' };

export interface ApiReaderOptions {
  /** How long an answer is reused. */
  ttlMs?: number;
  /**
   * How long after that a good answer is still sent while a fresh one is read in the background
   * (stale-while-revalidate): a visitor never waits for the API once a page was read. 0: never.
   */
  staleMs?: number;
  /** How long a failure (timeout, error status, no JSON) is reused: the next visit tries again soon. */
  failureTtlMs?: number;
  timeoutMs?: number;
  maxEntries?: number;
  fetch?: typeof fetch;
}

interface Entry {
  until: number;
  answer: Promise<ApiAnswer>;
  /** Answered (the body or a 404): may be sent stale. */
  good: boolean;
  refreshing: boolean;
}

export class ApiReader {
  private entries = new Map<string, Entry>();
  private readonly ttlMs: number;
  private readonly staleMs: number;
  private readonly failureTtlMs: number;
  private readonly timeoutMs: number;
  private readonly maxEntries: number;
  private readonly fetchImpl: typeof fetch;

  constructor(options: ApiReaderOptions = {}) {
    this.ttlMs = options.ttlMs ?? 10_000;
    this.staleMs = options.staleMs ?? 0;
    this.failureTtlMs = options.failureTtlMs ?? 1_000;
    this.timeoutMs = options.timeoutMs ?? 800;
    this.maxEntries = options.maxEntries ?? 500;
    this.fetchImpl = options.fetch ?? ((...args) => fetch(...args));
  }

  /** The answer at `url`: its JSON body, `missing` (404), or `unavailable` (anything else). */
  get(url: string, now = Date.now()): Promise<ApiAnswer> {
    const cached = this.entries.get(url);
    if (cached && now < cached.until) return cached.answer;
    if (cached?.good && now < cached.until + this.staleMs) {
      // Stale but good: sent now, read again in the background (once), kept if that fails.
      if (!cached.refreshing) {
        cached.refreshing = true;
        const fresh = this.load(url);
        void fresh.then((answer) => {
          if (answer.kind === 'unavailable') cached.refreshing = false;
          else this.store(url, { until: Date.now() + this.ttlMs, answer: fresh, good: true, refreshing: false });
        });
      }
      return cached.answer;
    }
    const answer = this.load(url);
    const entry: Entry = { until: now + this.ttlMs, answer, good: false, refreshing: false };
    this.store(url, entry);
    void answer.then((result) => {
      if (result.kind === 'unavailable') entry.until = Math.min(entry.until, now + this.failureTtlMs);
      else entry.good = true;
    });
    return answer;
  }

  private store(url: string, entry: Entry) {
    this.entries.delete(url);
    if (this.entries.size >= this.maxEntries) {
      // The oldest entry goes (a Map keeps insertion order).
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(url, entry);
  }

  private async load(url: string): Promise<ApiAnswer> {
    try {
      const response = await this.fetchImpl(url, {
        headers: { Accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (response.status === 404) return { kind: 'missing' };
      if (!response.ok) return { kind: 'unavailable' };
      return { kind: 'ok', body: await response.json() };
    } catch {
      return { kind: 'unavailable' };
    }
  }
}
