/**
 * The API's public GET calls as the shell's server reads them (through reader-client.ts): a short
 * timeout (a page never waits long for the API) and a small, short-lived cache (a burst of visits
 * to one job costs one call). Misses (404s) are kept apart, in a smaller cache of their own, so a
 * flood of requests for ids that do not exist cannot push the real pages' answers out. Never
 * throws: a page is sent whatever the API does.
 */
export type ApiAnswer =
  | { kind: 'ok'; body: unknown }
  | { kind: 'missing' }
  /** A 4xx other than 404: the API refused what was asked (a visitor's bad search), it is not down. */
  | { kind: 'refused'; status: number; body: unknown }
  | { kind: 'unavailable' };

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
  /** How many 404 answers are kept (each for `ttlMs`), apart from the answers with a body. */
  maxMisses?: number;
  /**
   * Sent with every call: the shell's key (SHELL_API_KEY), which exempts the shell's reads from the
   * API's per-client limit (every visitor's page is read from this one address).
   */
  headers?: Record<string, string>;
  fetch?: typeof fetch;
  /** Told each lookup: answered from the cache (fresh, stale or a kept miss), or read. */
  lookups?: (hit: boolean) => void;
}

interface Entry {
  until: number;
  answer: Promise<ApiAnswer>;
  /** Answered (the body or a 404): may be sent stale. */
  good: boolean;
  refreshing: boolean;
}

const missing: ApiAnswer = { kind: 'missing' };

export class ApiReader {
  private entries = new Map<string, Entry>();
  private misses = new Map<string, number>();
  private readonly ttlMs: number;
  private readonly staleMs: number;
  private readonly failureTtlMs: number;
  private readonly timeoutMs: number;
  private readonly maxEntries: number;
  private readonly maxMisses: number;
  private readonly headers: Record<string, string>;
  private readonly fetchImpl: typeof fetch;
  /** Told each lookup (the metrics); settable after construction by whoever counts. */
  lookups: (hit: boolean) => void;

  constructor(options: ApiReaderOptions = {}) {
    this.lookups = options.lookups ?? (() => {});
    this.ttlMs = options.ttlMs ?? 10_000;
    this.staleMs = options.staleMs ?? 0;
    this.failureTtlMs = options.failureTtlMs ?? 1_000;
    this.timeoutMs = options.timeoutMs ?? 800;
    this.maxEntries = options.maxEntries ?? 500;
    this.maxMisses = options.maxMisses ?? 2_000;
    this.headers = options.headers ?? {};
    this.fetchImpl = options.fetch ?? ((...args) => fetch(...args));
  }

  /** The answer at `url`: its JSON body, `missing` (404), `refused` (another 4xx) or `unavailable` (anything else). */
  get(url: string, now = Date.now()): Promise<ApiAnswer> {
    const missedUntil = this.misses.get(url);
    if (missedUntil !== undefined) {
      if (now < missedUntil) {
        this.lookups(true);
        return Promise.resolve(missing);
      }
      this.misses.delete(url);
    }
    const cached = this.entries.get(url);
    if (cached && now < cached.until) {
      this.lookups(true);
      return cached.answer;
    }
    if (cached?.good && now < cached.until + this.staleMs) {
      this.lookups(true);
      // Stale but good: sent now, read again in the background (once), kept if that fails.
      if (!cached.refreshing) {
        cached.refreshing = true;
        const fresh = this.load(url);
        void fresh.then((answer) => {
          if (answer.kind === 'unavailable') cached.refreshing = false;
          else if (answer.kind === 'missing') this.storeMiss(url, Date.now());
          else this.store(url, { until: Date.now() + this.ttlMs, answer: fresh, good: true, refreshing: false });
        });
      }
      return cached.answer;
    }
    this.lookups(false);
    const answer = this.load(url);
    const entry: Entry = { until: now + this.ttlMs, answer, good: false, refreshing: false };
    this.store(url, entry);
    void answer.then((result) => {
      if (result.kind === 'unavailable') entry.until = Math.min(entry.until, now + this.failureTtlMs);
      else if (result.kind === 'missing') this.storeMiss(url, now);
      else entry.good = true;
    });
    return answer;
  }

  /** A 404 moves to the misses: it no longer takes a place among the answers. */
  private storeMiss(url: string, now: number) {
    this.entries.delete(url);
    this.misses.delete(url);
    if (this.misses.size >= this.maxMisses) {
      const oldest = this.misses.keys().next().value;
      if (oldest !== undefined) this.misses.delete(oldest);
    }
    this.misses.set(url, now + this.ttlMs);
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
        headers: { ...this.headers, Accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (response.status === 404) return { kind: 'missing' };
      // 408 and 429 are the API's state, not the request's: as if it were down.
      if (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429)
        return { kind: 'refused', status: response.status, body: await response.json().catch(() => null) };
      if (!response.ok) return { kind: 'unavailable' };
      return { kind: 'ok', body: await response.json() };
    } catch {
      return { kind: 'unavailable' };
    }
  }
}
