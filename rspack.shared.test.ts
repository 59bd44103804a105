import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { scopeUtilities, sharedSingletons } from './rspack.shared';

describe('scopeUtilities', () => {
  it('wraps a remote utilities layer in @scope of its data-remote root and leaves the theme global', async () => {
    const input = '@layer theme { :root { --color-ink: #111 } } @layer utilities { .hidden { display: none } }';
    const { css } = await postcss([scopeUtilities('listings')]).process(input, { from: undefined });
    const root = postcss.parse(css);
    const utilities = root.nodes.find((node) => node.type === 'atrule' && node.params === 'utilities');
    expect(utilities?.toString()).toMatch(
      /@layer utilities\s*\{\s*@scope \(\[data-remote="listings"\]\)\s*\{\s*\.hidden/,
    );
    expect(css).toMatch(/@layer theme \{ :root \{ --color-ink: #111 \} \}/);
  });

  it('leaves a stylesheet without utilities alone', async () => {
    const input = '@layer base { body { margin: 0 } }';
    const { css } = await postcss([scopeUtilities('apply')]).process(input, { from: undefined });
    expect(css).toBe(input);
  });
});

describe('sharedSingletons', () => {
  const keys: string[] = sharedSingletons.map(([key]) => key);
  /** The modules of `@board/shared` shared for their bytes, not their state (rspack.singletons.ts says why). */
  const sharedForBytes = ['@board/shared/lib/cn'];

  it('shares React and react-dom with their subpaths, the router, TanStack Query and sonner', () => {
    expect(keys).toEqual(
      expect.arrayContaining([
        'react',
        'react/',
        'react-dom',
        'react-dom/',
        '@board/shared/lib/router',
        '@board/shared/lib/query',
        'sonner',
      ]),
    );
  });

  it('shares every module of @board/shared that holds state, and otherwise only those shared for their bytes', () => {
    const stateful = sharedModules()
      .filter(({ source }) => holdsState(source))
      .map(({ specifier }) => specifier);
    // Module-level caches that a second copy only duplicates (nothing is split between copies).
    const duplicableCaches: Record<string, string> = {
      '@board/shared/api/job-display': 'one Intl.DateTimeFormat per locale, a memo',
      '@board/shared/api/job-readings': 'readings of location texts, a memo the shell server alone uses',
      '@board/shared/places/cities': 'the gazetteer, read from its data set on first use and never changed',
      '@board/shared/places/countries': 'the country tables, built on first use and never changed',
      '@board/shared/places/country-names': 'the written names of countries, built on first use and never changed',
      '@board/shared/places/regions': 'the world regions’ members, built on first use and never changed',
      '@board/shared/places/subdivisions': 'the subdivision tables, built on first use and never changed',
    };
    for (const cache of Object.keys(duplicableCaches)) expect(stateful).toContain(cache);
    const mustShare = stateful.filter((specifier) => !(specifier in duplicableCaches));
    // The runtime config's React context at least (the bug of decision 002).
    expect(mustShare).toContain('@board/shared/react/runtime-config');
    expect(keys.filter((key) => key.startsWith('@board/shared')).sort()).toEqual(
      [...mustShare, ...sharedForBytes].sort(),
    );
  });

  it('tells a module holding state from a stateless one', () => {
    expect(holdsState('const Context = createContext<Config | null>(null);')).toBe(true);
    expect(holdsState('let listeners = new Set<() => void>();')).toBe(true);
    expect(holdsState('const saved = new Map<string, Job>();')).toBe(true);
    expect(holdsState("export { Link, useParams } from 'react-router-dom';")).toBe(true);
    expect(holdsState("export { QueryClientProvider, useQuery } from '@tanstack/react-query';")).toBe(true);
    expect(holdsState('export function cn(...inputs: ClassValue[]) { return twMerge(clsx(inputs)); }')).toBe(false);
    expect(holdsState('export function Button() {\n  let pressed = false;\n  return null;\n}')).toBe(false);
  });
});

/** A module that a second copy would split in two: a context, a store, module-level mutable state, the router. */
function holdsState(source: string): boolean {
  return (
    /\bcreateContext\b|\buseSyncExternalStore\b|from '(?:react-router(?:-dom)?|@tanstack\/react-query)'/.test(source) ||
    /^(?:export )?(?:let |var |const \w+(?:: [^=]+)? = new (?:Map|Set|WeakMap|EventTarget)\b)/m.test(source)
  );
}

/** Every module of @board/shared that apps import (tests and test helpers aside), by its import name. */
function sharedModules(): { specifier: string; source: string }[] {
  const root = path.resolve(import.meta.dirname, 'shared/src');
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'test')
    .flatMap((folder) =>
      readdirSync(path.join(root, folder.name))
        .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
        .map((file) => ({
          specifier: `@board/shared/${folder.name}/${file.replace(/\.tsx?$/, '')}`,
          source: readFileSync(path.join(root, folder.name, file), 'utf8'),
        })),
    );
}
