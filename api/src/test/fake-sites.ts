import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * Companies' home pages as the tests need them, on one local server (one host, as a portfolio of
 * one hosting company's sites would be):
 * - `/jsonld/`: JSON-LD `Organization` (description, a PNG logo, founding date, employees,
 *   address, sameAs) beside Open Graph tags it outranks;
 * - `/og/`: Open Graph only (`og:description`, a JPEG `og:image`, `og:site_name`);
 * - hostile pages: `/hostile/svg/` whose only icon is an SVG carrying a script and whose
 *   description holds markup, `/hostile/huge/` a 50 MB page, `/hostile/redirect/` a redirect
 *   to the cloud metadata address (link-local), `/hostile/loop/` redirects without end;
 * - any path under a prefix given to `hang`: never answered (a site that hangs).
 * Every request is recorded with how many were in flight at the time.
 */
export interface FakeSites {
  /** `http://127.0.0.1:{port}` */
  url: string;
  /** `127.0.0.1:{port}`: what ENRICH_ALLOW_HOSTS names to let the board read these pages. */
  host: string;
  requests: { path: string; userAgent: string; inFlight: number }[];
  /** The bytes a path serves (the tests compare a stored logo with its source). */
  bytes(path: string): Buffer | undefined;
  /** Serve `body` at `path` from now on (a site that changed). */
  set(path: string, body: string | Buffer, type?: string): void;
  /** Requests for paths under `prefix` are never answered from now on. */
  hang(prefix: string): void;
  /** Resolves when the next request for a path under `prefix` comes. */
  next(prefix: string): Promise<void>;
  close(): Promise<void>;
}

const html = (head: string, body = '') =>
  `<!doctype html><html><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;

export async function startFakeSites(): Promise<FakeSites> {
  const png = await sharp({
    create: { width: 400, height: 200, channels: 4, background: { r: 20, g: 120, b: 200, alpha: 1 } },
  })
    .png()
    .toBuffer();
  const jpeg = await sharp({ create: { width: 1200, height: 630, channels: 3, background: { r: 240, g: 90, b: 40 } } })
    .jpeg()
    .toBuffer();
  const evilSvg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><script>fetch("http://169.254.169.254/")</script><rect width="64" height="64" fill="purple"/></svg>',
  );
  const pages = new Map<string, { body: string | Buffer; type: string }>();
  const page = (path: string, body: string | Buffer, type = 'text/html; charset=utf-8') =>
    pages.set(path, { body, type });

  const organization = {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'Organization',
        '@id': '#org',
        name: 'Lumen Grid',
        url: '/jsonld/',
        description: 'Lumen Grid balances city power grids with software.',
        logo: { '@type': 'ImageObject', url: '/jsonld/logo.png' },
        foundingDate: '2019-05-01',
        numberOfEmployees: { '@type': 'QuantitativeValue', value: 42 },
        address: { '@type': 'PostalAddress', addressLocality: 'Lisbon', addressCountry: 'PT' },
        sameAs: ['https://www.linkedin.com/company/lumen-grid'],
      },
    ],
  };
  page(
    '/jsonld/',
    html(
      `<title>Lumen Grid</title><meta property="og:description" content="The page's own words, not the company's.">` +
        `<script type="application/ld+json">${JSON.stringify(organization)}</script>`,
    ),
  );
  page('/jsonld/logo.png', png, 'image/png');
  page(
    '/og/',
    html(
      '<meta property="og:site_name" content="Tidewater"><meta property="og:description" content="Tidewater maps coastlines for insurers.">' +
        '<meta property="og:image" content="/og/card.jpg"><meta name="description" content="A search engine’s words.">',
    ),
  );
  page('/og/card.jpg', jpeg, 'image/jpeg');
  page(
    '/hostile/svg/',
    html(
      '<link rel="icon" href="/hostile/evil.svg" type="image/svg+xml"><meta property="og:description" content="&lt;script&gt;alert(1)&lt;/script&gt;Quietly <b>hostile</b>.">',
    ),
  );
  page('/hostile/evil.svg', evilSvg, 'image/svg+xml');

  const requests: FakeSites['requests'] = [];
  const hanging: string[] = [];
  const waiting: { prefix: string; resolve: () => void }[] = [];
  let inFlight = 0;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', 'http://site.test').pathname;
    inFlight++;
    requests.push({ path, userAgent: request.headers['user-agent'] ?? '', inFlight });
    for (const waiter of waiting.filter((entry) => path.startsWith(entry.prefix))) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve();
    }
    response.on('close', () => {
      inFlight--;
    });
    if (hanging.some((prefix) => path.startsWith(prefix))) return;
    if (path === '/hostile/huge/') {
      // 50 MB of page, written as fast as the reader takes it (no Content-Length: it must count).
      response.writeHead(200, { 'Content-Type': 'text/html' });
      const chunk = Buffer.alloc(1024 * 1024, 'a');
      let sent = 0;
      const write = () => {
        while (sent < 50 && !response.destroyed) {
          sent++;
          if (!response.write(chunk)) return void response.once('drain', write);
        }
        response.end();
      };
      return write();
    }
    if (path === '/hostile/redirect/') {
      response.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/' });
      return response.end();
    }
    if (path === '/hostile/loop/') {
      response.writeHead(302, { Location: '/hostile/loop/' });
      return response.end();
    }
    const found = pages.get(path);
    if (!found) {
      response.writeHead(404, { 'Content-Type': 'text/plain' });
      return response.end('not found');
    }
    response.writeHead(200, { 'Content-Type': found.type });
    response.end(found.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    requests,
    bytes: (path) => {
      const body = pages.get(path)?.body;
      return body === undefined ? undefined : Buffer.from(body);
    },
    set: (path, body, type) => page(path, body, type),
    hang: (prefix) => hanging.push(prefix),
    next: (prefix) => new Promise((resolve) => waiting.push({ prefix, resolve })),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
