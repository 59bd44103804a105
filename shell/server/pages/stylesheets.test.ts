import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { tempFolders } from '../../../shared/src/test/temp-folders';
import { Stylesheets } from './stylesheets';

const remote = 'http://127.0.0.1:9002';
const tempFolder = tempFolders('shell-css-');
function dist() {
  const dir = tempFolder();
  writeFileSync(path.join(dir, 'shell.0123456789.css'), '.shell{color:red}');
  writeFileSync(
    path.join(dir, 'big.0123456789.css'),
    Array.from({ length: 40_000 }, (_, i) => `.c${i}{top:${i}px}`).join(''),
  );
  return dir;
}

describe('Stylesheets', () => {
  it("inlines the shell's stylesheet and the route remote's, fetched from the remote's origin only", async () => {
    const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      expect(init?.redirect).toBe('error');
      return String(input) === `${remote}/page.abcdefabcd.css`
        ? new Response('.page{}')
        : new Response('', { status: 404 });
    });
    const sheets = new Stylesheets({ distDir: dist(), fetch: fetchImpl });
    const inline = await sheets.inline(
      [
        '/shell.0123456789.css',
        `${remote}/page.abcdefabcd.css`,
        'http://evil.example/page.abcdefabcd.css',
        `${remote}/gone.css`,
      ],
      remote,
    );
    expect(Object.fromEntries(inline)).toEqual({
      '/shell.0123456789.css': '.shell{color:red}',
      [`${remote}/page.abcdefabcd.css`]: '.page{}',
    });
    // Never asked another origin; kept what it read.
    expect(fetchImpl.mock.calls.map(([url]) => String(url))).not.toContain('http://evil.example/page.abcdefabcd.css');
    await sheets.inline([`${remote}/page.abcdefabcd.css`], remote);
    expect(fetchImpl.mock.calls.filter(([url]) => String(url).endsWith('page.abcdefabcd.css'))).toHaveLength(1);
  });

  it('links what is too large, could end its element, escapes the build folder, or failed (and tries that again)', async () => {
    let fail = true;
    const fetchImpl = vi.fn(async () =>
      fail ? Promise.reject(new TypeError('fetch failed')) : new Response('.late{}'),
    );
    const sheets = new Stylesheets({ distDir: dist(), fetch: fetchImpl });
    const hostile = vi.fn(async () => new Response('.x{}</style><script>alert(1)</script>'));
    expect((await new Stylesheets({ distDir: dist(), fetch: hostile }).inline([`${remote}/x.css`], remote)).size).toBe(
      0,
    );
    const inline = await sheets.inline(['/big.0123456789.css', '/../../etc/passwd.css', `${remote}/late.css`], remote);
    expect(inline.size).toBe(0);
    fail = false;
    expect(Object.fromEntries(await sheets.inline([`${remote}/late.css`], remote))).toEqual({
      [`${remote}/late.css`]: '.late{}',
    });
  });
});
