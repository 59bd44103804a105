import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Inside `shared`, modules import each other by package name (`@board/shared/react/...`), never by
 * a relative path: Module Federation shares `@board/shared/` by request, so a relative import would
 * give each remote its own copy of a module (and of its React context). See
 * docs/decisions/002-shared-self-imports.md.
 */
describe('shared package imports', () => {
  it('has no relative imports between its modules', () => {
    const root = path.resolve(import.meta.dirname, '../shared/src');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (
          /\.tsx?$/.test(entry.name) &&
          !/\.test\.tsx?$/.test(entry.name) &&
          !file.includes(`${path.sep}test${path.sep}`)
        ) {
          const text = readFileSync(file, 'utf8');
          for (const match of text.matchAll(/from '(\.\.?\/[^']+)'/g))
            offenders.push(`${path.relative(root, file)}: ${match[1]}`);
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});
