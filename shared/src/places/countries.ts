import { isCountryCode } from '@board/shared/places/country-codes';
import englishNames from 'countries-list/minimal/countries.en.min.json' with { type: 'json' };

export { isCountryCode };

/**
 * The world's countries as the board names them: ISO 3166-1's assigned codes (and Kosovo's XK,
 * which ISO has not assigned but every country picker lists), with the English names of the
 * countries-list package. Pages use this module (the picker, the labels), so it reads the
 * package's minimal table of names (2 KB) and nothing larger (not even ISO's list of codes): reading a name someone wrote
 * ('Deutschland', 'U.S.A.') is the server's, in country-names.ts.
 */
export interface Country {
  /** ISO 3166-1 alpha-2. */
  code: string;
  /** English name: 'United States', 'United Kingdom', 'Germany'. */
  name: string;
}

/**
 * The codes countries-list names that ISO 3166-1 has not assigned (Ascension Island, Tristan da
 * Cunha: reserved by the UPU, parts of another country). Kosovo's XK it names too, and the board
 * keeps it. countries.test.ts derives this from ISO's list again, so pages need not carry it.
 */
export const unassignedCodes: readonly string[] = ['AC', 'TA'];

/** Countries whose addresses are written 'City, ST': their subdivisions' codes' suffixes are what people write. */
export const postalCountries = ['US', 'CA', 'AU'] as const;

interface CountryTables {
  /** Sorted by English name. */
  list: Country[];
  names: Map<string, string>;
}

let tables: CountryTables | null = null;

function load(): CountryTables {
  if (tables) return tables;
  const entries = Object.entries(englishNames as Record<string, string>).filter(
    ([code]) => !unassignedCodes.includes(code),
  );
  const names = new Map(entries);
  const list = entries.map(([code, name]) => ({ code, name })).sort((a, b) => a.name.localeCompare(b.name, 'en'));
  tables = { list, names };
  return tables;
}

/** Every country, sorted by English name: the "I can work from" picker's options. */
export function countryList(): readonly Country[] {
  return load().list;
}

/** A code's English name ('GB' -> 'United Kingdom'); the code itself when it is not a country. */
export function countryName(code: string): string {
  return load().names.get(code) ?? code;
}

/**
 * The country a picker's text names: its code in any case ('de') or its English name in any case
 * ('germany', as a form sends the name it shows); null when it names none.
 */
export function countryCodeOf(text: string): string | null {
  const value = text.trim();
  if (isCountryCode(value.toUpperCase())) return value.toUpperCase();
  const lower = value.toLowerCase();
  return load().list.find((country) => country.name.toLowerCase() === lower)?.code ?? null;
}
