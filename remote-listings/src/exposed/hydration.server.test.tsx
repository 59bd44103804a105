// @vitest-environment node
import { renderOnServer } from '@board/shared/test/hydration';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCountries } from '../lib/places/use-countries';
import { listingsPages } from '../test/pages';

/** The shell's server renders these pages in Node: nothing of the browser exists there. */
describe('the listings pages rendered on the server', () => {
  it('run where there is no window, document or storage', () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
    expect(typeof sessionStorage).toBe('undefined');
    expect(typeof matchMedia).toBe('undefined');
  });

  // The board's country picker waits for the countries' names on the server. The shell's server
  // streams its render and waits for what suspends (e2e: work-from.spec.ts); renderToString cannot,
  // so the names are loaded first, as they are once a server has rendered one board.
  beforeAll(() => loadCountries());

  it.each(listingsPages().map((page) => [page.name, page] as const))('render %s to HTML', (_, page) => {
    const { html } = renderOnServer(page.tree, page.data);
    expect(html).toContain(page.shows);
  });
});
