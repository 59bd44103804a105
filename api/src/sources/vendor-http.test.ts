import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { retryAfterMs, VendorFailure, vendorHttp } from './vendor-http';

describe('requests to the vendors', () => {
  it('reads Retry-After in seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-27T10:00:00Z');
    expect(retryAfterMs('7', now)).toBe(7000);
    expect(retryAfterMs('Fri, 27 Nov 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Fri, 27 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });

  it('cuts off an answer over its size without reading it whole, declared or not', async () => {
    const big = 'x'.repeat(200_000);
    const server = createServer((request, response) => {
      if (request.url === '/declared') {
        response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(big.length + 2) });
        response.end(`"${big}"`);
      } else {
        // Chunked: no length to refuse it by; the reader stops at the cap.
        response.writeHead(200, { 'Content-Type': 'application/json' });
        for (let chunk = 0; chunk < 20; chunk++) response.write(big);
        response.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const http = vendorHttp({ timeoutMs: 5_000, attempts: 1, trusted: [base] });
    try {
      for (const path of ['/declared', '/chunked'])
        await expect(http.json(`${base}${path}`, 100_000)).rejects.toEqual(
          new VendorFailure('answer larger than 98 KB'),
        );
    } finally {
      server.close();
    }
  });
});
