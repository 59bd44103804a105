import { spawn } from 'node:child_process';
import {
  appendFile,
  chmod,
  copyFile,
  cp,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CommandApi, startCommandApi } from '../test/command-api';
import { portfolioUsage } from './portfolio';

// `pnpm sources …` and `pnpm portfolio …` as an operator runs them (cli/run-bundled.mjs), each test
// on a copy of the API's code of its own: its bundles, changed or deleted here, are no other test's.
const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const uid = process.getuid?.() ?? 'user';

let commandApi: CommandApi;
let env: Record<string, string | undefined>;
let folder: string;
let copies = 0;

beforeAll(async () => {
  // On the PostgreSQL run the command opens the database itself: its migrations found from the bundle.
  commandApi = await startCommandApi();
  ({ env } = commandApi);
  folder = await mkdtemp(path.join(tmpdir(), 'run-bundled-'));
});
afterAll(async () => {
  await commandApi?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** A checkout of the API's code (its packages where they are installed), and where its bundles go. */
async function checkout(): Promise<{ api: string; cache: string }> {
  const root = path.join(folder, `checkout-${++copies}`);
  const copy = path.join(root, 'api');
  await mkdir(copy, { recursive: true });
  await copyFile(path.resolve(apiDir, '../tsconfig.json'), path.join(root, 'tsconfig.json'));
  await copyFile(path.join(apiDir, 'package.json'), path.join(copy, 'package.json'));
  await cp(path.join(apiDir, 'src'), path.join(copy, 'src'), { recursive: true });
  await symlink(path.join(apiDir, 'node_modules'), path.join(copy, 'node_modules'));
  await symlink(path.join(apiDir, 'drizzle'), path.join(copy, 'drizzle'));
  return { api: copy, cache: path.join(copy, '.cache') };
}

async function run(
  api: string,
  argv: string[],
  more: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [path.join(api, 'src/cli/run-bundled.mjs'), ...argv], {
    cwd: api,
    env: { ...env, TMPDIR: path.join(folder, 'no-such-folder'), ...more } as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stdout, stderr };
}

/** The files of the one bundle kept under `cache`. */
async function bundleIn(cache: string): Promise<{ at: string; files: string[] }> {
  const [name, ...others] = (await readdir(cache)).filter((entry) => entry.startsWith('command-'));
  expect(others).toEqual([]);
  const at = path.join(cache, String(name));
  return { at, files: (await readdir(at)).sort() };
}

const usage = `${portfolioUsage}\n`;
const listed = /^No sources yet: pnpm sources add/;

describe('pnpm sources and pnpm portfolio, from their bundle', () => {
  it("run on a checkout they cannot write, from a folder of the user's own", async () => {
    const { api } = await checkout();
    // What root cannot be stopped from writing: `.cache` is a file, no folder can be made in it.
    await writeFile(path.join(api, '.cache'), 'not a folder');
    const xdg = path.join(folder, 'xdg');
    const byXdg = await run(api, ['sources', 'list'], { XDG_CACHE_HOME: xdg });
    expect(byXdg).toEqual({ code: 0, stdout: expect.stringMatching(listed), stderr: '' });
    expect((await bundleIn(path.join(xdg, 'board-commands'))).files).toContain('sources.mjs');

    const temporary = path.join(folder, 'temporary');
    await mkdir(temporary);
    const byTmp = await run(api, ['sources', 'list'], { TMPDIR: temporary });
    expect(byTmp).toEqual({ code: 0, stdout: expect.stringMatching(listed), stderr: '' });
    expect((await bundleIn(path.join(temporary, `board-commands-${uid}`))).files).toContain('sources.mjs');
  });

  it('say in one line that no folder can hold the bundle, and why, when none can', async () => {
    const { api } = await checkout();
    await writeFile(path.join(api, '.cache'), 'not a folder');
    // A folder in the temporary folder that anyone may write is not the user's own: never run from.
    const temporary = path.join(folder, 'shared-temporary');
    await mkdir(path.join(temporary, `board-commands-${uid}`), { recursive: true });
    await chmod(path.join(temporary, `board-commands-${uid}`), 0o777);
    const failed = await run(api, ['portfolio', 'export'], {
      XDG_CACHE_HOME: path.join(api, '.cache', 'cache'),
      TMPDIR: temporary,
    });
    expect(failed.code).toBe(1);
    expect(failed.stdout).toBe('');
    expect(failed.stderr.trimEnd().split('\n')).toEqual([
      `pnpm portfolio: no folder to keep the command's bundle in (${[
        `${path.join(api, '.cache')}: EEXIST`,
        `${path.join(api, '.cache', 'cache', 'board-commands')}: ENOTDIR`,
        `${path.join(temporary, `board-commands-${uid}`)}: not a folder of this user alone`,
      ].join('; ')}): make api/.cache writable, or set XDG_CACHE_HOME to a folder that is.`,
    ]);
  });

  it('never run a kept bundle that was changed since it was written: they write it again', async () => {
    const { api, cache } = await checkout();
    expect(await run(api, ['portfolio', '--help'])).toEqual({ code: 0, stdout: usage, stderr: '' });
    const { at, files } = await bundleIn(cache);
    const entry = path.join(at, 'portfolio.mjs');
    const written = await readFile(entry, 'utf8');
    await appendFile(entry, "\nconsole.log('a line added to the bundle');\n");
    expect(await run(api, ['portfolio', '--help'])).toEqual({ code: 0, stdout: usage, stderr: '' });
    expect(await readFile(entry, 'utf8')).toBe(written);
    expect((await bundleIn(cache)).files).toEqual(files);
  });

  it('write again a chunk deleted from a kept bundle, and run', async () => {
    const { api, cache } = await checkout();
    expect(await run(api, ['sources', 'list'])).toEqual({ code: 0, stdout: expect.stringMatching(listed), stderr: '' });
    const { at, files } = await bundleIn(cache);
    const chunks = files.filter((file) => file.startsWith('chunk-'));
    expect(chunks.length).toBeGreaterThan(0);
    for (const chunk of chunks) await rm(path.join(at, chunk));
    for (let again = 0; again < 2; again++)
      expect(await run(api, ['sources', 'list'])).toEqual({
        code: 0,
        stdout: expect.stringMatching(listed),
        stderr: '',
      });
    expect((await bundleIn(cache)).files).toEqual(files);
  });
});
