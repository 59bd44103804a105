// @vitest-environment node
import { renderOnServer } from '@board/shared/test/hydration';
import { describe, expect, it } from 'vitest';
import { layoutPage } from '../../test/layout-page';

/** The shell's server renders its App in Node: nothing of the browser exists there. */
describe("the shell's layout rendered on the server", () => {
  it('renders the header, the page and the footer where there is no window or storage', () => {
    expect(typeof window).toBe('undefined');
    expect(typeof localStorage).toBe('undefined');
    const { html } = renderOnServer(layoutPage());
    expect(html).toContain('Saved<span class="sr-only"> jobs:</span>');
    expect(html).toContain('<h1>The page</h1>');
    // The year of the render time the server gave App, not of the server's clock.
    expect(html).toMatch(/© (<!-- -->)?2025(<!-- -->)? (<!-- -->)?Foundry Talent Ltd/);
  });
});
