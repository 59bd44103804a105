import { hostQueue } from '../lib/host-queue';
import { PublicFetchFailure, type PublicResponse, publicFetcher } from '../lib/public-fetch';

/**
 * The board's requests to the ATSs' public job-board APIs, polite and bounded:
 * - at most one request at a time per vendor host, from this process (a queue per host), and a
 *   backoff that holds the host's queue, so every request to it waits;
 * - on 429 and 5xx: try again after `Retry-After` (seconds or an HTTP date) when it says, else
 *   after 1, 2, 4 s; an answer that asks for longer than `maxWaitMs` fails rather than waits;
 * - each attempt has a timeout, and a body is read up to `maxBytes` and no further;
 * - through `publicFetcher` (lib/public-fetch.ts): a redirect is followed only on the vendor's own
 *   host, and no connection reaches a private, loopback or link-local address, except the hosts of
 *   the vendors' configured base URLs (`trusted`: GREENHOUSE_API_URL…, which the operator chose).
 * Every failure is a `VendorFailure` whose reason goes into the sync's line, with no address in it.
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
  /** The vendors' configured base URLs: their host:port connect without the public-address check. */
  trusted: readonly string[];
}

const defaultVendorHttpOptions: VendorHttpOptions = {
  timeoutMs: 30_000,
  attempts: 4,
  backoffMs: 1_000,
  maxWaitMs: 120_000,
  userAgent: 'FoundryJobsBoard/1.0 (job board import; +https://foundry.jobs)',
  trusted: [],
};

/** Redirects a vendor's answer may take, on its own host. */
const maxRedirects = 3;

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

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** A client for the vendors' APIs, one queue per host (share one per process). */
export function vendorHttp(options: Partial<VendorHttpOptions> = {}): VendorHttp {
  const settings = { ...defaultVendorHttpOptions, ...options };
  const onHost = hostQueue();
  const fetcher = publicFetcher({
    maxRedirects,
    maxBytes: 0,
    timeoutMs: settings.timeoutMs,
    allowHosts: settings.trusted,
    // The vendor's own host only: an answer that sends the board elsewhere is not the vendor's.
    followRedirect: (from, to) => from.hostname === to.hostname,
    headers: { Accept: 'application/json', 'User-Agent': settings.userAgent },
  });

  type Attempt = { ok: true; body: unknown } | { ok: false; why: string; waitMs: number | null };

  async function attempt(url: string, maxBytes: number): Promise<Attempt> {
    let response: PublicResponse;
    try {
      response = await fetcher.get(url, { maxBytes });
    } catch (error) {
      if (!(error instanceof PublicFetchFailure)) throw error;
      // A connection that failed is tried again; the rest fail at once.
      if (error.retryable) return { ok: false, why: error.reason, waitMs: null };
      throw new VendorFailure(error.reason);
    }
    if (response.status === 429 || response.status >= 500)
      return {
        ok: false,
        why: `HTTP ${response.status}`,
        waitMs: retryAfterMs(response.headers['retry-after'] ?? null),
      };
    if (response.status === 404) throw new VendorFailure('the vendor does not know this board (HTTP 404)', true);
    if (response.status < 200 || response.status > 299) throw new VendorFailure(`HTTP ${response.status}`);
    try {
      return { ok: true, body: JSON.parse(new TextDecoder('utf-8', { fatal: false }).decode(response.body)) };
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
