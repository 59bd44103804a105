/**
 * The board's requests to the ATSs' public job-board APIs, polite and bounded:
 * - at most one request at a time per vendor host, from this process (a queue per host), and a
 *   backoff that holds the host's queue, so every request to it waits;
 * - on 429 and 5xx: try again after `Retry-After` (seconds or an HTTP date) when it says, else
 *   after 1, 2, 4 s; an answer that asks for longer than `maxWaitMs` fails rather than waits;
 * - each attempt has a timeout, and a body is read up to `maxBytes` and no further.
 * Every failure is a `VendorFailure` whose reason goes into the sync's line.
 */
export class VendorFailure extends Error {
  override name = 'VendorFailure';
  constructor(
    /** Why, in words for the sync's line: "HTTP 500 after 4 attempts", "timed out after 30 s". */
    readonly reason: string,
    /** The vendor says the board does not exist (404). */
    readonly notFound = false,
  ) {
    super(reason);
  }
}

export interface VendorHttpOptions {
  /** One attempt's limit, the answer read included. */
  timeoutMs: number;
  /** Attempts in all, for 429, 5xx and network errors. */
  attempts: number;
  /** The first backoff without Retry-After (doubles each time). */
  backoffMs: number;
  /** The longest wait a Retry-After may ask for. */
  maxWaitMs: number;
  /** Sent with every request. */
  userAgent: string;
}

export const defaultVendorHttpOptions: VendorHttpOptions = {
  timeoutMs: 30_000,
  attempts: 4,
  backoffMs: 1_000,
  maxWaitMs: 120_000,
  userAgent: 'FoundryJobsBoard/1.0 (job board import; +https://foundry.jobs)',
};

export interface VendorHttp {
  /** GETs `url` and parses its JSON, or throws a VendorFailure. */
  json(url: string, maxBytes: number): Promise<unknown>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Milliseconds a Retry-After header asks for (delta-seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** Reads at most `maxBytes` of a body; a longer one is cut off (and fails), never read whole. */
async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new VendorFailure(`answer larger than ${mb(maxBytes)}`);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new VendorFailure(`answer larger than ${mb(maxBytes)}`);
    }
    chunks.push(value);
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
}

const mb = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** A client for the vendors' APIs, one queue per host (share one per process). */
export function vendorHttp(options: Partial<VendorHttpOptions> = {}): VendorHttp {
  const settings = { ...defaultVendorHttpOptions, ...options };
  const queues = new Map<string, Promise<unknown>>();

  /** Runs `task` after every earlier task for the same host. */
  function onHost<T>(host: string, task: () => Promise<T>): Promise<T> {
    const previous = queues.get(host) ?? Promise.resolve();
    const next = previous.then(task, task);
    const settled = next.catch(() => undefined);
    queues.set(host, settled);
    settled.then(() => {
      if (queues.get(host) === settled) queues.delete(host);
    });
    return next;
  }

  type Attempt = { ok: true; body: unknown } | { ok: false; why: string; waitMs: number | null };

  async function attempt(url: string, maxBytes: number): Promise<Attempt> {
    const signal = AbortSignal.timeout(settings.timeoutMs);
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { Accept: 'application/json', 'User-Agent': settings.userAgent },
        redirect: 'follow',
        signal,
      });
    } catch (error) {
      if (signal.aborted) throw new VendorFailure(`timed out after ${seconds(settings.timeoutMs)}`);
      // A connection that failed is tried again.
      return {
        ok: false,
        why: `could not connect (${String((error as Error).cause ?? (error as Error).message)})`,
        waitMs: null,
      };
    }
    if (response.status === 429 || response.status >= 500) {
      await response.body?.cancel().catch(() => undefined);
      return { ok: false, why: `HTTP ${response.status}`, waitMs: retryAfterMs(response.headers.get('retry-after')) };
    }
    if (response.status === 404) {
      await response.body?.cancel().catch(() => undefined);
      throw new VendorFailure('the vendor does not know this board (HTTP 404)', true);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new VendorFailure(`HTTP ${response.status}`);
    }
    let text: string;
    try {
      text = await readCapped(response, maxBytes);
    } catch (error) {
      if (error instanceof VendorFailure) throw error;
      if (signal.aborted) throw new VendorFailure(`timed out after ${seconds(settings.timeoutMs)}`);
      throw new VendorFailure('the answer was cut off');
    }
    try {
      return { ok: true, body: JSON.parse(text) };
    } catch {
      throw new VendorFailure('malformed answer (not JSON)');
    }
  }

  return {
    json(url, maxBytes) {
      const host = new URL(url).host;
      return onHost(host, async () => {
        let backoff = settings.backoffMs;
        for (let tries = 1; ; tries++) {
          const result = await attempt(url, maxBytes);
          if (result.ok) return result.body;
          if (tries >= settings.attempts) throw new VendorFailure(`${result.why} after ${tries} attempts`);
          const wait = result.waitMs ?? backoff;
          if (wait > settings.maxWaitMs)
            throw new VendorFailure(
              `${result.why}, asked to wait ${seconds(wait)} (more than ${seconds(settings.maxWaitMs)})`,
            );
          await sleep(wait);
          backoff *= 2;
        }
      });
    },
  };
}
