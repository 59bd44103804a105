import {
  type BoardChange,
  type BoardUrl,
  boardFilterParams,
  boardUrlEntries,
  readBoardUrl,
} from '@board/shared/api/board-search';
import { useSearchParams } from '@board/shared/lib/router';
import { useCallback, useMemo } from 'react';

/** A board page's URL, read once per render, and the ways to change it. */
export interface BoardUrlState {
  url: BoardUrl;
  change: (change: BoardChange) => void;
  /** 'Clear Filters': every filter back to its default (the sort and the view stay). */
  clearFilters: () => void;
}

/**
 * The search, sort and view live in the query string, so a filtered board can be shared and Back
 * returns to it. The page reads it here once and hands it to what it renders. Typing replaces the
 * history entry instead of adding one per keystroke. The URL is updated synchronously (flushSync):
 * the router's updates are otherwise transitions, and a controlled checkbox or input updated in a
 * transition first snaps back to its old value.
 */
export function useBoardUrl(): BoardUrlState {
  const [params, setParams] = useSearchParams();
  const url = useMemo(() => readBoardUrl(params), [params]);

  const update = useCallback(
    (entries: Record<string, string | undefined>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(entries)) {
            if (value === undefined || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true, preventScrollReset: true, flushSync: true },
      );
    },
    [setParams],
  );

  const change = useCallback((changes: BoardChange) => update(boardUrlEntries(changes)), [update]);
  const clearFilters = useCallback(
    () => update(Object.fromEntries(boardFilterParams.map((name) => [name, undefined]))),
    [update],
  );
  return { url, change, clearFilters };
}
