// @vitest-environment node
import { renderOnServer } from '@board/shared/test/hydration';
import { describe, expect, it } from 'vitest';
import { staticPages } from '../test/pages';

/** The shell's server renders these pages in Node: nothing of the browser exists there. */
describe('the static pages rendered on the server', () => {
  it('run where there is no window or document', () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
  });

  it.each(staticPages().map((page) => [page.name, page] as const))('render %s to HTML', (_, page) => {
    expect(renderOnServer(page.tree).html).toContain(page.shows);
  });
});
