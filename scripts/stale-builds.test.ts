import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { staleBuilds, staleBuildsMessage } from './stale-builds';

let root: string;

function write(file: string, time: number) {
  const target = path.join(root, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, '');
  utimesSync(target, time, time);
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'stale-builds-'));
  write('shared/src/ui/button.tsx', 100);
  write('rspack.shared.ts', 100);
  write('remote-apply/src/index.ts', 100);
  write('remote-apply/dist/mf-manifest.json', 200);
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('staleBuilds', () => {
  it('accepts a build newer than every source', () => {
    expect(staleBuilds(root, ['remote-apply'])).toEqual([]);
  });

  it('names an app whose source, or the shared package, changed after its build', () => {
    write('remote-apply/src/features/apply/form.tsx', 300);
    expect(staleBuilds(root, ['remote-apply'])).toEqual([
      {
        app: 'remote-apply',
        reason: 'remote-apply/src/features/apply/form.tsx changed after remote-apply/dist was built',
      },
    ]);
    write('remote-apply/dist/main.js', 400);
    write('shared/src/forms/application-schema.ts', 500);
    expect(staleBuilds(root, ['remote-apply'])[0]?.reason).toBe(
      'shared/src/forms/application-schema.ts changed after remote-apply/dist was built',
    );
  });

  it("names a change to the common Rspack config's parts in rspack/", () => {
    write('rspack/server-build.ts', 300);
    expect(staleBuilds(root, ['remote-apply'])[0]?.reason).toBe(
      'rspack/server-build.ts changed after remote-apply/dist was built',
    );
  });

  it('ignores test files, which are not built', () => {
    write('remote-apply/src/features/apply/form.test.tsx', 300);
    write('shared/src/test/render.tsx', 300);
    expect(staleBuilds(root, ['remote-apply'])).toEqual([]);
  });

  it('names a missing build, and the message says to run pnpm build', () => {
    const stale = staleBuilds(root, ['shell']);
    expect(stale).toEqual([{ app: 'shell', reason: 'shell/dist does not exist' }]);
    expect(staleBuildsMessage(stale)).toMatch(/shell\/dist does not exist\n.*Run `pnpm build`/);
  });
});
