// @vitest-environment node
import { renderOnServer } from '@board/shared/test/hydration';
import { describe, expect, it } from 'vitest';
import { applyPages } from '../test/pages';

/** The shell's server renders these pages in Node: nothing of the browser exists there. */
describe('the apply pages rendered on the server', () => {
  it('run where there is no window, document or storage', () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
    expect(typeof localStorage).toBe('undefined');
  });

  it.each(applyPages().map((page) => [page.name, page] as const))('render %s to HTML', (_, page) => {
    const { html } = renderOnServer(page.tree, page.data);
    expect(html).toContain('Frontend Developer');
    expect(html).toContain(page.shows);
  });
});
