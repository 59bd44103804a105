import type { Page } from '@board/shared/api/job-page';
import type { InfiniteData, UseInfiniteQueryResult } from '@board/shared/lib/query';
import { useLocation } from '@board/shared/lib/router';
import { useHydrated } from '@board/shared/react/render-time';
import { useEffect, useMemo, useRef } from 'react';
import { anchorInView, type ScrollAnchor, scrollToAnchor } from './scroll-anchor';

interface Stored {
  pages: number;
  scrollY: number;
  /** The item at the top of the window, where the list marks its items (scroll-anchor.ts). */
  anchor?: ScrollAnchor;
}

const storageKey = (key: string) => `listings:pages:${key}`;

function read(key: string): Stored | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(storageKey(key)) ?? 'null') as Partial<Stored> | null;
    if (!value || typeof value.pages !== 'number' || typeof value.scrollY !== 'number') return null;
    const anchor = value.anchor;
    return typeof anchor?.key === 'string' && typeof anchor.top === 'number'
      ? { pages: value.pages, scrollY: value.scrollY, anchor: { key: anchor.key, top: anchor.top } }
      : { pages: value.pages, scrollY: value.scrollY };
  } catch {
    return null;
  }
}

function write(key: string, value: Stored) {
  try {
    sessionStorage.setItem(storageKey(key), JSON.stringify(value));
  } catch {
    // Storage full or disabled: Back and reload show a first page.
  }
}

interface PagedResult {
  /** Pages loaded for the search on screen. */
  pageCount: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** The pages on screen are the previous search's, kept while the new one loads. */
  isPlaceholderData: boolean;
  fetchNextPage: () => unknown;
}

/**
 * How far the visitor got, per history entry: the number of pages loaded and the scroll position
 * are kept in sessionStorage under the entry's key (which survives a reload). Back within the app
 * finds the pages in the query cache and the router restores the scroll; a reload, or Back after
 * the cache let them go, starts from the server's first page: the same number of pages is loaded
 * again, one after the other, and the scroll position restored once they are on screen: the item
 * that was at the top of the window back at its place, or the same scrollY where the list marks no
 * items.
 */
function useRestoredPages(result: PagedResult) {
  const { key } = useLocation();
  const hydrated = useHydrated();
  const target = useRef<{ key: string; stored: Stored | null } | null>(null);
  /** The page count at which restoring last asked for the next page. */
  const asked = useRef(-1);
  if (target.current?.key !== key) {
    target.current = { key, stored: hydrated ? read(key) : null };
    asked.current = -1;
  }
  const { pageCount, hasNextPage, isFetchingNextPage, isPlaceholderData, fetchNextPage } = result;

  // Hydration reads no storage (the server has none): the stored entry is read right after it.
  useEffect(() => {
    if (hydrated && target.current && target.current.stored === null) target.current.stored = read(key);
  }, [hydrated, key]);

  useEffect(() => {
    const stored = target.current?.stored;
    if (!hydrated || !stored || pageCount === 0 || isPlaceholderData) return;
    if (isFetchingNextPage) return;
    // Each page once: a page that failed to load ends the restoring where it is (no retry loop).
    if (pageCount < stored.pages && hasNextPage && asked.current !== pageCount) {
      asked.current = pageCount;
      void fetchNextPage();
      return;
    }
    // Every stored page is on screen (or the list is shorter now): back to where the visitor was.
    if (target.current) target.current.stored = null;
    // A first page only is the router's to restore; nor over a scroll of the visitor's own.
    if (stored.pages <= 1 || window.scrollY > stored.scrollY) return;
    if (!stored.anchor || !scrollToAnchor(stored.anchor)) window.scrollTo({ top: stored.scrollY });
  }, [hydrated, pageCount, hasNextPage, isFetchingNextPage, isPlaceholderData, fetchNextPage]);

  // Keeps the count and the position up to date (not while restoring, nor over another search's pages).
  useEffect(() => {
    if (!hydrated || pageCount === 0 || isPlaceholderData) return;
    const save = () => {
      if (target.current?.stored) return;
      write(key, { pages: pageCount, scrollY: Math.round(window.scrollY), anchor: anchorInView() });
    };
    save();
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(save);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [hydrated, key, pageCount, isPlaceholderData]);
}

/**
 * The items of a paged list's loaded pages, in order, with the search's total and its first page
 * (facets), the pages restored as the visitor left them (useRestoredPages).
 */
export function usePagedItems<P extends Page<unknown>>(
  query: Pick<
    UseInfiniteQueryResult<InfiniteData<P>>,
    'data' | 'hasNextPage' | 'isFetchingNextPage' | 'isPlaceholderData' | 'fetchNextPage'
  >,
): { items: P['items']; total: number; first: P | undefined } {
  const pages = query.data?.pages;
  useRestoredPages({
    pageCount: pages?.length ?? 0,
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    isPlaceholderData: query.isPlaceholderData,
    fetchNextPage: query.fetchNextPage,
  });
  const items = useMemo(() => (pages?.flatMap((page) => page.items) ?? []) as P['items'], [pages]);
  return { items, total: pages?.[0]?.total ?? 0, first: pages?.[0] };
}
