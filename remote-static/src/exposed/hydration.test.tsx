import { hydrateInBrowser, renderOnServer } from '@board/shared/test/hydration';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serverTime, staticPages } from '../test/pages';

/** Each static page rendered on the shell's server, then hydrated by a browser whose clock is 45 s later. */
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('hydrating the static pages', () => {
  it.each(staticPages().map((page) => [page.name, page] as const))(
    '%s: the same markup as the server, no error',
    (_, page) => {
      vi.setSystemTime(serverTime);
      const server = renderOnServer(page.tree);
      vi.setSystemTime(serverTime + 45_000);
      expect(hydrateInBrowser(page.tree, server).problems).toEqual([]);
    },
  );
});
