import type * as CountryTables from '@board/shared/places/countries';
import { useHydrated } from '@board/shared/react/render-time';
import { use, useCallback, useEffect, useState } from 'react';

export type Countries = typeof CountryTables;

/**
 * The countries' names (2 KB gzip) load when a page needs them, not with every board: the cards
 * name their countries from the wire, so only the "I can work from" picker (its list, the name of
 * the chosen country) and a search's words for an alert read this table.
 */
let countries: Countries | null = null;
let loading: Promise<Countries> | null = null;

export function loadCountries(): Promise<Countries> {
  loading ??= import('@board/shared/places/countries').then((module) => {
    countries = module;
    return module;
  });
  return loading;
}

/** The tables once loaded; null before. */
export const loadedCountries = (): Countries | null => countries;

/**
 * The tables, when `needed`: the server's render and the hydration of its markup wait for them (so
 * the markup names the country, and hydration matches it); a later render gets null and the
 * tables as soon as they load. `load` loads them (the picker's focus) and renders again.
 */
export function useCountries(needed: boolean): { countries: Countries | null; load: () => Promise<Countries> } {
  const hydrated = useHydrated();
  const [, setLoaded] = useState(countries);
  const load = useCallback(
    () =>
      loadCountries().then((module) => {
        setLoaded(module);
        return module;
      }),
    [],
  );
  useEffect(() => {
    if (needed && !countries) void load();
  }, [needed, load]);
  if (countries) return { countries, load };
  if (needed && !hydrated) return { countries: use(loadCountries()), load };
  return { countries: null, load };
}
