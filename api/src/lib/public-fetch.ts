import { type LookupAddress, type LookupAllOptions, type LookupOneOptions, lookup } from 'node:dns';
import { isIP } from 'node:net';
import { Agent, buildConnector, request } from 'undici';
import { bareHost, hostPortSet, isPublicAddress } from './public-address';

/**
 * GET requests to addresses a third party names (a vendor's answer and its redirects, a company's
 * site), which must never reach the board's own network:
 * - http and https only;
 * - every connection is checked when it is made, on the address it connects to: an IP in the URL,
 *   or every answer of the DNS lookup (only public answers are used; none, and it is refused), so
 *   neither a redirect nor a name that resolves inside (or rebinds to inside) gets through;
 * - redirects are followed by hand, at most `maxRedirects`, each asked of `followRedirect` first;
 * - a timeout for the whole request, redirects and body included, and a body read up to
 *   `maxBytes` and no further;
 * - `allowHosts`: exact `host:port` the operator configured (a vendor's base URL, a local fake in
 *   tests) connect without the address check;
 * - a failure's reason never holds an address or a host name: it is shown to whoever controls the
 *   redirect (a sync's line), and would tell them which internal hosts answer.
 */
export interface PublicFetchOptions {
  maxRedirects: number;
  maxBytes: number;
  timeoutMs: number;
  /** Exact `host:port` exceptions to the address rule (or URLs, whose host:port is taken). */
  allowHosts?: readonly string[];
  /** Whether to follow a redirect from `from` to `to` (default: any, to a public address). */
  followRedirect?: (from: URL, to: URL) => boolean;
  headers?: Record<string, string>;
}

export interface PublicResponse {
  status: number;
  /** Where the answer came from, after redirects. */
  url: string;
  /** Header names in lower case, the first value of each. */
  headers: Record<string, string>;
  body: Buffer;
}

/** Why a request failed, in words without any address; `retryable` for what may pass on a second try. */
export class PublicFetchFailure extends Error {
  override name = 'PublicFetchFailure';
  constructor(
    readonly reason: string,
    readonly retryable = false,
  ) {
    super(reason);
  }
}

/** The address a connection would reach is not public (the connector's error, then the reason). */
class AddressRefused extends Error {
  override name = 'AddressRefused';
  readonly code = 'EADDRNOTPUBLIC';
}

const redirects = new Set([301, 302, 303, 307, 308]);
const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;
const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;

/** Connection errors in words (their messages name the address: `connect ECONNREFUSED 10.0.0.5:80`). */
const connectionWords: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'the host name did not resolve',
  EAI_AGAIN: 'the host name did not resolve',
  ETIMEDOUT: 'connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  ENETUNREACH: 'network unreachable',
  EHOSTUNREACH: 'host unreachable',
  UND_ERR_SOCKET: 'connection closed',
  EPIPE: 'connection closed',
};

/** A DNS lookup that answers only public addresses, and fails when there is none. */
function publicLookup(
  hostname: string,
  options: LookupOneOptions | LookupAllOptions,
  callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
) {
  lookup(hostname, { ...options, all: true }, (error, answers) => {
    if (error) return callback(error, []);
    const usable = answers.filter((answer) => isPublicAddress(answer.address));
    const first = usable[0];
    if (!first) return callback(new AddressRefused(), []);
    if (options.all) return callback(null, usable);
    return callback(null, first.address, first.family);
  });
}

/** A client for such requests (its connections pooled by host); share one per purpose. */
export function publicFetcher(defaults: PublicFetchOptions) {
  const allowed = hostPortSet(defaults.allowHosts ?? []);
  const direct = buildConnector({});
  const checked = buildConnector({ lookup: publicLookup } as buildConnector.BuildOptions);
  const agent = new Agent({
    connect(options, callback) {
      const host = bareHost(options.hostname);
      const port = options.port || (options.protocol === 'https:' ? '443' : '80');
      if (allowed.has(`${host}:${port}`)) return direct(options, callback);
      // An IP in the URL is connected to without a lookup: it is checked here.
      if (isIP(host)) return isPublicAddress(host) ? direct(options, callback) : callback(new AddressRefused(), null);
      return checked(options, callback);
    },
  });

  /**
   * `stop`: the caller's own end (a company's time budget, a process stopping): the request ends
   * when it aborts, failing with `stopped` (the caller knows why).
   */
  async function get(
    address: string,
    overrides: Partial<PublicFetchOptions> = {},
    stop?: AbortSignal,
  ): Promise<PublicResponse> {
    const settings = { ...defaults, ...overrides };
    const timeout = AbortSignal.timeout(settings.timeoutMs);
    const signal = stop ? AbortSignal.any([timeout, stop]) : timeout;
    if (stop?.aborted) throw new PublicFetchFailure('stopped');
    let url = httpUrl(address, 'the address is not an http(s) URL');
    for (let hops = 0; ; hops++) {
      let response: Awaited<ReturnType<typeof request>>;
      try {
        response = await request(url, { method: 'GET', headers: settings.headers, signal, dispatcher: agent });
      } catch (error) {
        throw failureOf(error, signal, settings.timeoutMs, stop);
      }
      const headers = firstValues(response.headers);
      if (redirects.has(response.statusCode) && headers.location !== undefined) {
        await response.body.dump().catch(() => undefined);
        if (hops >= settings.maxRedirects)
          throw new PublicFetchFailure(`more than ${settings.maxRedirects} redirects (not followed)`);
        const next = httpUrl(
          URL.canParse(headers.location, url) ? new URL(headers.location, url).href : '',
          'a redirect to an address that is not http(s) (not followed)',
        );
        if (settings.followRedirect && !settings.followRedirect(url, next))
          throw new PublicFetchFailure('a redirect to another host (not followed)');
        url = next;
        continue;
      }
      const body = await readCapped(response, headers, settings.maxBytes, signal, () =>
        abortedWords(stop, settings.timeoutMs),
      );
      return { status: response.statusCode, url: url.href, headers, body };
    }
  }

  return { get, close: () => agent.close() };
}

function httpUrl(address: string, reason: string): URL {
  const url = URL.canParse(address) ? new URL(address) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new PublicFetchFailure(reason);
  return url;
}

function firstValues(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) out[name.toLowerCase()] = first;
  }
  return out;
}

/** Why an aborted request ended: the caller's `stop`, or its own timeout. */
const abortedWords = (stop: AbortSignal | undefined, timeoutMs: number) =>
  stop?.aborted ? 'stopped' : `timed out after ${seconds(timeoutMs)}`;

function failureOf(
  error: unknown,
  signal: AbortSignal,
  timeoutMs: number,
  stop: AbortSignal | undefined,
): PublicFetchFailure {
  if (error instanceof PublicFetchFailure) return error;
  if (signal.aborted) return new PublicFetchFailure(abortedWords(stop, timeoutMs));
  if (error instanceof AddressRefused)
    return new PublicFetchFailure('the address is not a public one (private, loopback or link-local; refused)');
  const code = String((error as { code?: unknown }).code ?? '');
  const words = connectionWords[code] ?? (/^[A-Z0-9_]{1,40}$/.test(code) ? code : 'a network error');
  return new PublicFetchFailure(`could not connect (${words})`, true);
}

/** Reads at most `maxBytes` of a body; a longer one is cut off (and fails), never read whole. */
async function readCapped(
  response: Awaited<ReturnType<typeof request>>,
  headers: Record<string, string>,
  maxBytes: number,
  signal: AbortSignal,
  aborted: () => string,
): Promise<Buffer> {
  const tooLarge = () => new PublicFetchFailure(`answer larger than ${size(maxBytes)}`);
  const declared = Number(headers['content-length'] ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    discard(response);
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of response.body) {
      total += (chunk as Buffer).byteLength;
      if (total > maxBytes) {
        discard(response);
        throw tooLarge();
      }
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof PublicFetchFailure) throw error;
    if (signal.aborted) throw new PublicFetchFailure(aborted());
    throw new PublicFetchFailure('the answer was cut off');
  }
  return Buffer.concat(chunks);
}

/** Stops reading a body: its connection closes (the abort it reports is expected, and heard). */
function discard(response: Awaited<ReturnType<typeof request>>) {
  response.body.on('error', () => undefined);
  response.body.destroy();
}
