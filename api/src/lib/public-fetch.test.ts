import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress } from './public-address';
import { PublicFetchFailure, publicFetcher } from './public-fetch';

let server: Server;
let origin: string;
let port: number;
let requests: string[] = [];
beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    requests.push(url.pathname);
    if (url.pathname === '/to') {
      response.writeHead(302, { Location: url.searchParams.get('l') ?? '/' });
      response.end();
    } else if (url.pathname === '/big') response.end('x'.repeat(3_000));
    else if (url.pathname === '/hang') response.writeHead(200);
    else response.end('hello');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const options = { maxRedirects: 3, maxBytes: 2_000, timeoutMs: 5_000 };
/** The reason a request failed, after checking that it names no address. */
const reasonOf = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof PublicFetchFailure)) throw new Error(`expected a failure, got ${String(error)}`);
  expect(error.reason).not.toMatch(/\d+\.\d+\.\d+\.\d+|::|localhost|127\.|169\.254/);
  return error.reason;
};
const notPublic = 'the address is not a public one (private, loopback or link-local; refused)';

describe('the public-address rule', () => {
  it('refuses private, loopback, link-local, metadata and embedded addresses, however spelled', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.100.100.200',
      '0.0.0.0',
      '::1',
      '[::1]',
      '::',
      'fe80::1%eth0',
      'fd00:ec2::254',
      '::ffff:169.254.169.254',
      '::ffff:a9fe:a9fe',
      '64:ff9b::a9fe:a9fe',
      // IPv4-compatible (deprecated), however written, whatever it carries.
      '::7f00:1',
      '::127.0.0.1',
      '[::7f00:1]',
      '::a9fe:a9fe',
      '::808:808',
      '::8.8.8.8',
      // NAT64 (well-known and local-use), 6to4, Teredo, IPv4-translated: whatever they carry.
      '64:ff9b::808:808',
      '64:ff9b:1::a00:1',
      '2002:7f00:1::1',
      '2002:808:808::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      '::ffff:0:7f00:1',
      // ISATAP carrying a private or loopback IPv4 address.
      '2606:4700::5efe:7f00:1',
      '2606:4700::200:5efe:a00:1',
      '224.0.0.1',
      'not an address',
    ])
      expect(isPublicAddress(address), address).toBe(false);
    for (const address of [
      '8.8.8.8',
      '2606:4700::1111',
      '[2606:4700::1111]',
      '::ffff:8.8.8.8',
      '2606:4700::5efe:808:808',
    ])
      expect(isPublicAddress(address)).toBe(true);
  });
});

describe('a request to addresses a third party names', () => {
  it('reaches an allowed host:port exactly, and no other port or name of it', async () => {
    const fetcher = publicFetcher({ ...options, allowHosts: [`127.0.0.1:${port}`] });
    const answer = await fetcher.get(`${origin}/ok`);
    expect({ status: answer.status, body: answer.body.toString() }).toEqual({ status: 200, body: 'hello' });
    requests = [];
    expect(await reasonOf(fetcher.get(`http://localhost:${port}/ok`))).toBe(notPublic);
    expect(await reasonOf(fetcher.get(`http://127.0.0.1:${port + 1}/ok`))).toBe(notPublic);
    expect(requests).toEqual([]);
  });

  it('refuses every spelling of an inside address before connecting, the DNS answers included', async () => {
    const fetcher = publicFetcher(options);
    requests = [];
    for (const url of [
      `${origin}/ok`,
      'http://2852039166/latest/meta-data/',
      'http://0xa9.0xfe.0xa9.0xfe/',
      'http://[::ffff:169.254.169.254]/',
      `http://0.0.0.0:${port}/ok`,
      `http://[::1]:${port}/ok`,
      `http://[::127.0.0.1]:${port}/ok`,
      `http://[::7f00:1]:${port}/ok`,
      // A name whose DNS answer is loopback.
      `http://localhost:${port}/ok`,
    ])
      expect(await reasonOf(fetcher.get(url)), url).toBe(notPublic);
    expect(requests).toEqual([]);
  });

  it('checks the address after each redirect, and asks the policy first', async () => {
    const fetcher = publicFetcher({ ...options, allowHosts: [origin] });
    const via = (location: string) => `${origin}/to?l=${encodeURIComponent(location)}`;
    expect(await reasonOf(fetcher.get(via('http://169.254.169.254/latest/meta-data/')))).toBe(notPublic);
    expect(await reasonOf(fetcher.get(via(`http://localhost:${port}/ok`)))).toBe(notPublic);
    expect(await reasonOf(fetcher.get(via('file:///etc/passwd')))).toBe(
      'a redirect to an address that is not http(s) (not followed)',
    );
    expect((await fetcher.get(via('/ok'))).body.toString()).toBe('hello');
    const sameHostOnly = publicFetcher({
      ...options,
      allowHosts: [origin],
      followRedirect: (from, to) => from.hostname === to.hostname,
    });
    expect(await reasonOf(sameHostOnly.get(via('https://elsewhere.example/')))).toBe(
      'a redirect to another host (not followed)',
    );
    const loop = `${origin}/to?l=${encodeURIComponent(`${origin}/to?l=/to`)}`;
    expect(await reasonOf(publicFetcher({ ...options, maxRedirects: 1, allowHosts: [origin] }).get(loop))).toBe(
      'more than 1 redirects (not followed)',
    );
  });

  it('caps the body and the time, and says why a connection failed without its address', async () => {
    const fetcher = publicFetcher({ ...options, allowHosts: [origin, `127.0.0.1:${port + 1}`] });
    expect(await reasonOf(fetcher.get(`${origin}/big`))).toBe('answer larger than 2 KB');
    expect(await reasonOf(fetcher.get(`${origin}/hang`, { timeoutMs: 200 }))).toBe('timed out after 0.2 s');
    expect(await reasonOf(fetcher.get(`http://127.0.0.1:${port + 1}/`))).toMatch(/^could not connect \(/);
    expect(await reasonOf(fetcher.get('ftp://example.com/'))).toBe('the address is not an http(s) URL');
  });
});
