import {
  type BoardChange,
  type BoardUrl,
  boardFilterParams,
  boardUrlEntries,
  readBoardUrl,
} from '@board/shared/api/board-search';
import { useSearchParams } from '@board/shared/lib/router';
import { useCallback, useMemo, useRef } from 'react';
import { loadCountries } from '../../lib/places/use-countries';

/** A board page's URL, read once per render, and the ways to change it. */
export interface BoardUrlState {
  url: BoardUrl;
  /** The query string as it is, for the links and the hidden fields that keep it. */
  params: URLSearchParams;
  change: (change: BoardChange) => void;
  /** 'Clear Filters': every filter back to its default (the sort and the view stay). */
  clearFilters: () => void;
  /**
   * Parameters as a server-rendered form states them (its fields are named as the parameters):
   * what the visitor changed before hydration, applied once hydration is done.
   */
  adopt: (values: Record<string, string>) => void;
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
    (entries: Record<string, string | undefined>, { flushSync = true } = {}) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(entries)) {
            if (value === undefined || value === '') next.delete(key);
            else next.set(key, value);
          }
          // Another search starts from its first page ('Show more jobs' links say ?page=N).
          if (Object.keys(entries).some((key) => key !== 'view')) next.delete('page');
          return next;
        },
        { replace: true, preventScrollReset: true, flushSync },
      );
    },
    [setParams],
  );

  const change = useCallback((changes: BoardChange) => update(boardUrlEntries(changes)), [update]);
  const clearFilters = useCallback(
    () => update(Object.fromEntries(boardFilterParams.map((name) => [name, undefined]))),
    [update],
  );
  // The board's forms adopt theirs in the same commit: one URL update for all (each update starts
  // from the URL of the last render); not synchronously, as it is called from an effect.
  const adopting = useRef<Record<string, string | undefined> | null>(null);
  const adopt = useCallback(
    (values: Record<string, string>) => {
      const first = adopting.current === null;
      adopting.current = { ...adopting.current, ...values, ...defaultsLeftOut(values) };
      if (!first) return;
      queueMicrotask(() => {
        const changes = adopting.current;
        adopting.current = null;
        if (!changes) return;
        // The picker shows a country's name; the URL names it by its code, read with the names.
        const name = changes.from;
        if (!name) update(changes, { flushSync: false });
        else
          void loadCountries().then(({ countryCodeOf }) =>
            update({ ...changes, from: countryCodeOf(name) ?? '' }, { flushSync: false }),
          );
      });
    },
    [update],
  );
  return { url, params, change, clearFilters, adopt };
}

/** A field's value that is the default ('all' investors, newest first, the list) leaves the URL. */
function defaultsLeftOut(values: Record<string, string>): Record<string, string | undefined> {
  const defaults: Record<string, string> = { investor: 'all', sort: 'newest', view: 'list' };
  return Object.fromEntries(
    Object.entries(defaults)
      .filter(([name, value]) => values[name] === value)
      .map(([name]) => [name, undefined]),
  );
}
