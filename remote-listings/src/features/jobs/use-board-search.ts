import { useSearchParams } from '@board/shared/lib/router';
import { useCallback, useMemo } from 'react';
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
    (changes: Record<string, string | undefined>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
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

  return { filters, more, sort, view, setFilters, setMore, clearFilters, setSort, setView };
}
