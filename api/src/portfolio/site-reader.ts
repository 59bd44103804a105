import { hostQueue } from '../lib/host-queue';
import { PublicFetchFailure, publicFetcher } from '../lib/public-fetch';
import { maxLogoBytes } from './logo-image';

/**
 * Reads what a company's site serves, as a stranger's site must be read (decision 040): http(s)
 * only, at most 3 redirects (each checked as the first request), 2 MB and 10 s at most, one
 * request at a time per host, a User-Agent naming the board, and never an address that is not a
 * public one, however it is spelled, checked on the address connected to (lib/public-fetch.ts).
 * `allowHosts` (ENRICH_ALLOW_HOSTS) is the one exception: exact host:port of test stand-ins.
 *
 * Each read may take `stop` (a company's time budget, a process stopping: enrich-companies.ts):
 * when it aborts, the request ends, or leaves its host's queue if it is still waiting its turn,
 * and fails as `stopped`.
 */
export interface SiteReaderOptions {
  allowHosts?: readonly string[];
  timeoutMs?: number;
}

export class SiteReadFailure extends Error {
  override name = 'SiteReadFailure';
}

export const siteUserAgent = 'FoundryJobsBoard/1.0 (company profiles; +https://foundry.jobs)';

export function siteReader(options: SiteReaderOptions = {}) {
  const onHost = hostQueue();
  const fetcher = publicFetcher({
    maxRedirects: 3,
    maxBytes: 2 * 1024 * 1024,
    timeoutMs: options.timeoutMs ?? 10_000,
    allowHosts: options.allowHosts ?? [],
    headers: { 'User-Agent': siteUserAgent, Accept: 'text/html,application/xhtml+xml,image/*;q=0.8' },
  });

  async function get(address: string, maxBytes: number, stop?: AbortSignal) {
    const host = URL.canParse(address) ? new URL(address).host : address;
    try {
      if (stop?.aborted) throw new SiteReadFailure('stopped');
      const response = await onHost(host, () => fetcher.get(address, { maxBytes }, stop), stop);
      if (response.status < 200 || response.status > 299) throw new SiteReadFailure(`HTTP ${response.status}`);
      return response;
    } catch (error) {
      if (stop?.aborted && !(error instanceof SiteReadFailure)) throw new SiteReadFailure('stopped');
      if (error instanceof PublicFetchFailure) throw new SiteReadFailure(error.reason);
      throw error;
    }
  }

  return {
    /** The home page's HTML and the address it came from (after redirects). */
    async page(address: string, stop?: AbortSignal): Promise<{ html: string; url: URL }> {
      const response = await get(address, 2 * 1024 * 1024, stop);
      const type = response.headers['content-type'] ?? 'text/html';
      if (!/^(text\/html|application\/xhtml\+xml)/i.test(type)) throw new SiteReadFailure('not an HTML page');
      return { html: new TextDecoder('utf-8').decode(response.body), url: new URL(response.url) };
    },
    /** An image's bytes (its type is told by the bytes, later: logo-image.ts). */
    async image(address: string, stop?: AbortSignal): Promise<Uint8Array> {
      return (await get(address, maxLogoBytes, stop)).body;
    },
    close: () => fetcher.close(),
  };
}

export type SiteReader = ReturnType<typeof siteReader>;
