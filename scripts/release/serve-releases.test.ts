import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempFolders } from '../../shared/src/test/temp-folders';
import { cacheControlFor, type StaticServer, serveReleases } from '../serve-board';

describe('serveReleases (a remote served from its release store)', () => {
  const tempFolder = tempFolders('board-store-');
  let server: StaticServer | undefined;
  afterEach(async () => {
    await server?.close();
  });

  it('serves what the store holds now, the pointer with a 5 s lifetime, and nothing being written', async () => {
    const dir = tempFolder();
    const releases = path.join(dir, 'releases');
    mkdirSync(path.join(releases, 'v1'), { recursive: true });
    writeFileSync(path.join(releases, 'v1', 'mf-manifest.json'), '{"name":"board_listings"}');
    writeFileSync(path.join(releases, 'pointer.json'), '{"live":"v1","previous":null,"canary":null}');
    server = await serveReleases(dir, 0, '127.0.0.1');

    const pointer = await fetch(`${server.url}/releases/pointer.json`);
    expect(pointer.headers.get('cache-control')).toBe('public, max-age=5');
    expect(pointer.headers.get('access-control-allow-origin')).toBe('*');
    expect(await pointer.json()).toMatchObject({ live: 'v1' });

    // A release published and a pointer replaced while it runs are served at once.
    mkdirSync(path.join(releases, 'v2'));
    writeFileSync(path.join(releases, 'v2', 'mf-manifest.json'), '{"name":"board_listings","v":2}');
    writeFileSync(path.join(releases, '.pointer.json.tmp'), '{"live":"v2","previous":"v1","canary":null}');
    expect((await fetch(`${server.url}/releases/.pointer.json.tmp`)).status).toBe(404);
    renameSync(path.join(releases, '.pointer.json.tmp'), path.join(releases, 'pointer.json'));
    expect(await (await fetch(`${server.url}/releases/pointer.json`)).json()).toMatchObject({ live: 'v2' });
    expect((await fetch(`${server.url}/releases/v2/mf-manifest.json`)).status).toBe(200);
  });

  it('keeps the release files’ own cache rules', () => {
    expect(cacheControlFor('/releases/v1/mf-manifest.json')).toBe('no-cache');
    expect(cacheControlFor('/releases/v1/main.0a1b2c3d4e.js')).toBe('public, max-age=31536000, immutable');
  });
});
