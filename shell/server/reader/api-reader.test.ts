import { describe, expect, it, vi } from 'vitest';
import { ApiReader } from './api-reader';

const url = 'https://api.example.test/public-job-posting/1?visibility=linkedin_or_job_board';
const answer = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

describe('ApiReader', () => {
  it('reads a JSON answer once per time-to-live, and again after it', async () => {
    const fetchImpl = vi.fn(async () => answer({ id: 1 }));
    const api = new ApiReader({ ttlMs: 10_000, fetch: fetchImpl });
    expect(await api.get(url, 0)).toEqual({ kind: 'ok', body: { id: 1 } });
    await api.get(url, 9_999);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    await api.get(url, 10_000);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('sends a stale good answer while it reads a fresh one, and keeps it when the API fails meanwhile', async () => {
    let version = 1;
    let fail = false;
    const fetchImpl = vi.fn(async () => (fail ? answer({}, 503) : answer({ version })));
    const api = new ApiReader({ ttlMs: 10_000, staleMs: 60_000, fetch: fetchImpl });
    expect(await api.get(url, 0)).toEqual({ kind: 'ok', body: { version: 1 } });
    version = 2;
    // Stale: the old answer at once, the new one read in the background for the next visitor.
    expect(await api.get(url, 15_000)).toEqual({ kind: 'ok', body: { version: 1 } });
    expect(await api.get(url, 15_001)).toEqual({ kind: 'ok', body: { version: 1 } });
    await vi.waitFor(() => expect(fetchImpl).toHaveBeenCalledTimes(2));
    await vi.waitFor(async () => expect(await api.get(url)).toEqual({ kind: 'ok', body: { version: 2 } }));
    // The API fails: the last good answer is still sent within the stale time, not after it.
    fail = true;
    const later = Date.now() + 20_000;
    expect(await api.get(url, later)).toEqual({ kind: 'ok', body: { version: 2 } });
    expect(await api.get(url, later + 60_000)).toEqual({ kind: 'unavailable' });
  });

  it('tells a missing resource (404) from an API that cannot answer', async () => {
    expect(await new ApiReader({ fetch: async () => answer({ message: 'Not found' }, 404) }).get(url)).toEqual({
      kind: 'missing',
    });
    for (const fetchImpl of [
      async () => answer({}, 503),
      async () => new Response('<html>'),
      async () => Promise.reject(new TypeError('fetch failed')),
    ])
      expect(await new ApiReader({ fetch: fetchImpl }).get(url)).toEqual({ kind: 'unavailable' });
  });

  it('gives up on an API that does not answer in time', async () => {
    const api = new ApiReader({
      timeoutMs: 20,
      fetch: (_input, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    });
    expect(await api.get(url)).toEqual({ kind: 'unavailable' });
  });

  it('tries again soon after a failure, and keeps only its newest entries', async () => {
    const fetchImpl = vi.fn(async () => answer({}, 503));
    const api = new ApiReader({ ttlMs: 10_000, failureTtlMs: 1_000, maxEntries: 2, fetch: fetchImpl });
    await api.get(url, 0);
    await api.get(url, 999);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    fetchImpl.mockResolvedValue(answer({ id: 1 }));
    expect(await api.get(url, 1_000)).toEqual({ kind: 'ok', body: { id: 1 } });
    await api.get(`${url}&a`, 1_000);
    await api.get(`${url}&b`, 1_000);
    await api.get(url, 1_001);
    expect(fetchImpl).toHaveBeenCalledTimes(5);
  });

  it('keeps 404s apart: a flood of missing ids neither pushes real answers out nor reaches the API twice', async () => {
    const fetchImpl = vi.fn(async (input: RequestInfo | URL) =>
      String(input) === url ? answer({ id: 1 }) : answer({ message: 'Not found' }, 404),
    );
    const api = new ApiReader({ ttlMs: 10_000, maxEntries: 2, maxMisses: 5_000, fetch: fetchImpl });
    await api.get(url, 0);
    for (let id = 2; id < 1_052; id++)
      expect(await api.get(`https://api.example.test/public-job-posting/${id}`, 1)).toEqual({ kind: 'missing' });
    expect(await api.get(url, 2)).toEqual({ kind: 'ok', body: { id: 1 } });
    expect(await api.get('https://api.example.test/public-job-posting/2', 3)).toEqual({ kind: 'missing' });
    expect(fetchImpl).toHaveBeenCalledTimes(1_051);
    // A miss is read again once its time is up (the job may have been published since).
    await api.get('https://api.example.test/public-job-posting/2', 10_002);
    expect(fetchImpl).toHaveBeenCalledTimes(1_052);
  });

  it("sends the shell's key with every call", async () => {
    const fetchImpl = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer({ id: 1 }));
    await new ApiReader({ headers: { 'X-Shell-Key': 'k3y' }, fetch: fetchImpl }).get(url);
    expect(new Headers(fetchImpl.mock.calls[0]?.[1]?.headers).get('X-Shell-Key')).toBe('k3y');
  });
});
