import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempFolders } from '../shared/src/test/temp-folders';
import { cacheControlFor, listen, type StaticServer, serveFolder } from './serve-board';

describe('cacheControlFor', () => {
  it.each([
    ['/main.0a1b2c3d4e.js', 'public, max-age=31536000, immutable'],
    ['/391.0a1b2c3d4e.css', 'public, max-age=31536000, immutable'],
    ['/assets/logo.0a1b2c3d4e.svg', 'public, max-age=31536000, immutable'],
    ['/remoteEntry.js', 'no-cache'],
    ['/mf-manifest.json', 'no-cache'],
    ['/index.html', 'no-cache'],
    ['/runtime-config.json', 'no-cache'],
    ['/main.js', 'no-cache'],
  ])('%s -> %s', (pathname, expected) => {
    expect(cacheControlFor(pathname)).toBe(expected);
  });
});

describe('serveFolder', () => {
  let server: StaticServer | undefined;
  afterEach(async () => {
    await server?.close();
  });

  const tempFolder = tempFolders('board-serve-');
  function folder() {
    const dir = tempFolder();
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>shell</title>');
    writeFileSync(path.join(dir, 'main.0a1b2c3d4e.js'), 'console.log(1)');
    return dir;
  }

  it('serves a single-page app: unknown paths get index.html, revalidated', async () => {
    server = await serveFolder({ folder: folder(), port: 0, spa: true });
    const response = await fetch(`${server.url}/job/42/apply`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>shell</title>');
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves a remote with CORS and immutable hashed files, and 404 for what is not there', async () => {
    server = await serveFolder({ folder: folder(), port: 0, cors: true });
    const file = await fetch(`${server.url}/main.0a1b2c3d4e.js`);
    expect(file.headers.get('access-control-allow-origin')).toBe('*');
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${server.url}/nope.js`)).status).toBe(404);
  });

  it('judges a path as it is read: an encoded source map or dotfile is a 404', async () => {
    const dir = folder();
    writeFileSync(path.join(dir, '314.0a1b2c3d4e.js.map'), '{"sources":["/home/builder/src/index.ts"]}');
    writeFileSync(path.join(dir, '.env'), 'SECRET=1');
    server = await serveFolder({ folder: dir, port: 0, cors: true });
    for (const url of ['/314.0a1b2c3d4e.js.m%61p', '/314.0a1b2c3d4e.js.%6Dap', '/%2eenv', '/314.0a1b2c3d4e.js.MAP']) {
      const response = await fetch(`${server.url}${url}`);
      expect(response.status, url).toBe(404);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.text()).not.toContain('/home/builder');
    }
  });

  it('sends the encoding the shared negotiator picks among the copies a file has', async () => {
    const dir = folder();
    writeFileSync(path.join(dir, 'main.0a1b2c3d4e.js.br'), 'brotli bytes');
    writeFileSync(path.join(dir, 'main.0a1b2c3d4e.js.gz'), 'gzip bytes');
    server = await serveFolder({ folder: dir, port: 0, cors: true });
    const encodingFor = async (acceptEncoding: string) => {
      const response = await fetch(`${server?.url}/main.0a1b2c3d4e.js`, {
        headers: { 'Accept-Encoding': acceptEncoding },
        // The raw bytes: fetch would otherwise decode (and choke on) the fake copies.
        decompress: false,
      } as RequestInit);
      await response.arrayBuffer().catch(() => undefined);
      return response.headers.get('content-encoding');
    };
    expect(await encodingFor('br, gzip')).toBe('br');
    expect(await encodingFor('br;q=0, gzip')).toBe('gzip');
    expect(await encodingFor('br;q=0')).toBeNull();
    expect(await encodingFor('gzip;q=0, br;q=0')).toBeNull();
    expect(await encodingFor('identity')).toBeNull();
  });

  it('answers a missing file with a 404 no one keeps, in a single-page app too', async () => {
    server = await serveFolder({ folder: folder(), port: 0, spa: true });
    for (const url of ['/x.php', '/nope.0a1b2c3d4e.js', '/.git/config']) {
      const response = await fetch(`${server.url}${url}`);
      expect(response.status, url).toBe(404);
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it("never publishes a source map (it names the build machine's files)", async () => {
    const dir = folder();
    writeFileSync(path.join(dir, 'main.0a1b2c3d4e.js.map'), '{"sources":["/home/builder/src/index.ts"]}');
    server = await serveFolder({ folder: dir, port: 0, cors: true });
    const response = await fetch(`${server.url}/main.0a1b2c3d4e.js.map`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('/home/builder');
  });

  it('sends the precompressed brotli file to a browser that accepts it', async () => {
    const dir = folder();
    writeFileSync(path.join(dir, 'main.0a1b2c3d4e.js.br'), Buffer.from([1, 2, 3]));
    server = await serveFolder({ folder: dir, port: 0, cors: true });
    const response = await fetch(`${server.url}/main.0a1b2c3d4e.js`, {
      headers: { 'Accept-Encoding': 'br' },
      decompress: false,
    } as RequestInit);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers extra routes such as /runtime-config.json', async () => {
    server = await serveFolder({
      folder: folder(),
      port: 0,
      spa: true,
      routes: { '/runtime-config.json': () => ({ type: 'application/json', body: '{"a":1}' }) },
    });
    const response = await fetch(`${server.url}/runtime-config.json?x=1`);
    expect(await response.json()).toEqual({ a: 1 });
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('is read only: PUT, POST, DELETE and PATCH are a 405 that sends no file, and every answer is nosniff', async () => {
    const dir = folder();
    writeFileSync(path.join(dir, 'mf-manifest.json'), '{"id":"listings"}');
    server = await serveFolder({
      folder: dir,
      port: 0,
      cors: true,
      routes: { '/runtime-config.json': () => ({ type: 'application/json', body: '{}' }) },
    });
    for (const method of ['PUT', 'POST', 'DELETE', 'PATCH']) {
      const response = await fetch(`${server.url}/mf-manifest.json`, {
        method,
        body: method === 'DELETE' ? undefined : 'x',
      });
      expect([method, response.status, response.headers.get('allow')]).toEqual([method, 405, 'GET, HEAD, OPTIONS']);
      expect(await response.text()).not.toContain('listings');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
    for (const url of ['/mf-manifest.json', '/main.0a1b2c3d4e.js', '/nope.js', '/runtime-config.json']) {
      const response = await fetch(`${server.url}${url}`);
      expect(response.headers.get('x-content-type-options'), url).toBe('nosniff');
    }
    expect((await fetch(`${server.url}/mf-manifest.json`, { method: 'HEAD' })).status).toBe(200);
    const options = await fetch(`${server.url}/mf-manifest.json`, { method: 'OPTIONS' });
    expect([options.status, options.headers.get('access-control-allow-origin')]).toEqual([204, '*']);
  });

  it('refuses to serve a folder that was not built', async () => {
    await expect(serveFolder({ folder: tmpdir(), port: 0 })).rejects.toThrow(/not built/);
  });
});

describe('listen', () => {
  /** Whether a new TCP connection to the port is accepted or refused. */
  const tryConnect = (port: number) =>
    new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve('accepted');
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? String(error)));
    });

  it('close(drainMs) answers the request in flight, refuses new connections, and resolves once answered', async () => {
    let release = () => {};
    let arrived = () => {};
    const inFlight = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const slow = createServer((_request, response) => {
      arrived();
      release = () => response.end('the whole answer');
    });
    const server = await listen(slow, 0);
    const answer = fetch(server.url).then(async (response) => ({
      status: response.status,
      connection: response.headers.get('connection'),
      body: await response.text(),
    }));
    await inFlight;
    let closed = false;
    const closing = server.close(10_000).then(() => {
      closed = true;
    });
    expect(await tryConnect(server.port)).toBe('ECONNREFUSED');
    expect(closed, 'still answering').toBe(false);
    release();
    // The answer says the connection closes, so a keep-alive client cannot hold the server open.
    expect(await answer).toEqual({ status: 200, connection: 'close', body: 'the whole answer' });
    await closing;
  });

  it('close() without drainMs cuts the requests in flight', async () => {
    let arrived = () => {};
    const inFlight = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const server = await listen(
      createServer(() => arrived()),
      0,
    );
    const answer = fetch(server.url).then(
      () => 'answered',
      () => 'cut',
    );
    await inFlight;
    await server.close();
    expect(await answer).toBe('cut');
  });
});
