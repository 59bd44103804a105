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
  it('shares React, the router, react-query, sonner and the shared package, deep imports included', () => {
    const keys = sharedSingletons.map(([key]) => key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'react',
        'react/',
        'react-dom',
        'react-dom/',
        'react-router',
        'react-router-dom',
        '@tanstack/react-query',
        '@tanstack/query-core',
        'sonner',
        '@board/shared/',
      ]),
    );
  });
});
