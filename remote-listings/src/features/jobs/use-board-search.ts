import { useSearchParams } from '@board/shared/lib/router';
import { useCallback, useMemo, useRef } from 'react';
import { type JobFilters, parseSalaryInput } from './filter-jobs';
import { type MoreFilters, moreFilterParams, moreFiltersFromParams, moreFiltersToParams } from './more-filters';
import { type JobSort, parseSort } from './sort-jobs';

export type ViewMode = 'list' | 'grid';

/**
 * Filters, sort and view mode live in the query string (?q=&investor=&min=&max=&view=grid, and
 * issue 14's &location=&workplace=&type=&level=&posted=&sort=salary), so a
 * filtered board can be shared and Back returns to it. Typing replaces the history entry instead
 * of adding one per keystroke. The URL is updated synchronously (flushSync): the router's updates
 * are otherwise transitions, and a controlled checkbox or input updated in a transition first
 * snaps back to its old value.
 */
export function useBoardSearch() {
  const [params, setParams] = useSearchParams();

  const filters: JobFilters = useMemo(
    () => ({
      jobTitle: params.get('q') ?? '',
      investor: params.get('investor') || 'all',
      minSalary: parseSalaryInput(params.get('min') ?? ''),
      maxSalary: parseSalaryInput(params.get('max') ?? ''),
    }),
    [params],
  );
  const more: MoreFilters = useMemo(() => moreFiltersFromParams(params), [params]);
  const sort: JobSort = parseSort(params.get('sort'));
  const view: ViewMode = params.get('view') === 'grid' ? 'grid' : 'list';

  const update = useCallback(
    (changes: Record<string, string | undefined>, { flushSync = true } = {}) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === '') next.delete(key);
            else next.set(key, value);
          }
          // Another search starts from its first page ('Show more jobs' links say ?page=N).
          if (Object.keys(changes).some((key) => key !== 'view')) next.delete('page');
          return next;
        },
        { replace: true, preventScrollReset: true, flushSync },
      );
    },
    [setParams],
  );

  /**
   * Parameters as a server-rendered form states them (its fields are named as the parameters):
   * what the visitor changed before hydration, applied once it is done (not synchronously: that
   * is in an effect). The board's forms adopt theirs in the same commit: one URL update for all
   * (each update starts from the URL of the last render).
   */
  const adopting = useRef<Record<string, string | undefined> | null>(null);
  const adopt = useCallback(
    (values: Record<string, string>) => {
      const first = adopting.current === null;
      adopting.current = { ...adopting.current, ...values, ...defaultsLeftOut(values) };
      if (!first) return;
      queueMicrotask(() => {
        const changes = adopting.current;
        adopting.current = null;
        if (changes) update(changes, { flushSync: false });
      });
    },
    [update],
  );

  const setFilters = useCallback(
    (changes: Partial<JobFilters>) => {
      const entries: Record<string, string | undefined> = {};
      if ('jobTitle' in changes) entries.q = changes.jobTitle;
      if ('investor' in changes) entries.investor = changes.investor === 'all' ? undefined : changes.investor;
      if ('minSalary' in changes) entries.min = changes.minSalary === undefined ? undefined : String(changes.minSalary);
      if ('maxSalary' in changes) entries.max = changes.maxSalary === undefined ? undefined : String(changes.maxSalary);
      update(entries);
    },
    [update],
  );

  const setMore = useCallback((changes: Partial<MoreFilters>) => update(moreFiltersToParams(changes)), [update]);

  const clearFilters = useCallback(
    () =>
      update({
        q: undefined,
        investor: undefined,
        min: undefined,
        max: undefined,
        ...Object.fromEntries(moreFilterParams.map((name) => [name, undefined])),
      }),
    [update],
  );
  const setSort = useCallback((value: JobSort) => update({ sort: value === 'newest' ? undefined : value }), [update]);
  const setView = useCallback((mode: ViewMode) => update({ view: mode === 'grid' ? 'grid' : undefined }), [update]);

  return { params, filters, more, sort, view, setFilters, setMore, clearFilters, setSort, setView, adopt };
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
