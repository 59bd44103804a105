import { fold } from '@board/shared/places/fold';
import { countries as data } from 'countries-list';
import { iso31661 } from 'iso-3166';

/**
 * The world's countries as the board names them: ISO 3166-1's assigned codes (and Kosovo's XK,
 * which ISO has not assigned but every country picker lists), with English names and the other
 * names people write ('UK', 'USA', 'Deutschland', 'Holland'), from the countries-list package.
 */
export interface Country {
  /** ISO 3166-1 alpha-2. */
  code: string;
  /** English name: 'United States', 'United Kingdom', 'Germany'. */
  name: string;
}

interface CountryTables {
  /** Sorted by English name. */
  list: Country[];
  names: Map<string, string>;
  /** A name folded (see fold) -> its code. */
  byName: Map<string, string>;
  short: Map<string, string>;
}

let tables: CountryTables | null = null;

function load(): CountryTables {
  if (tables) return tables;
  const assigned = new Set(iso31661.map((entry) => entry.alpha2));
  assigned.add('XK');
  const names = new Map<string, string>();
  const byName = new Map<string, string>();
  const short = new Map<string, string>();
  const entries = Object.entries(data).filter(([code]) => assigned.has(code));
  for (const [code, country] of entries) {
    names.set(code, country.name);
    const aliases: readonly string[] = 'alias' in country ? (country.alias as readonly string[]) : [];
    // 'US', 'UK', 'UAE': the two or three capitals a country is known by, for short labels; its
    // own code first where people write it ('US' before 'USA').
    const abbreviation = aliases.includes(code) ? code : aliases.find((alias) => /^[A-Z]{2,3}$/.test(alias));
    short.set(code, abbreviation ?? country.name);
  }
  // ISO's own names ('United Kingdom of Great Britain and Northern Ireland') first, so a common
  // name or alias that folds the same wins.
  for (const entry of iso31661) if (assigned.has(entry.alpha2)) byName.set(fold(entry.name), entry.alpha2);
  for (const [code, country] of entries) {
    const aliases: readonly string[] = 'alias' in country ? (country.alias as readonly string[]) : [];
    for (const name of [country.native, ...aliases, country.name]) byName.set(fold(name), code);
  }
  const list = entries
    .map(([code, country]) => ({ code, name: country.name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  tables = { list, names, byName, short };
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

/** The short name a label uses: 'US', 'UK', 'UAE' where a country is known by its capitals, else its name. */
export function countryShortName(code: string): string {
  return load().short.get(code) ?? code;
}

/** Whether `code` is a country's ISO 3166-1 alpha-2 code (upper case). */
export function isCountryCode(code: string): boolean {
  return load().names.has(code);
}

/** The country a name means ('Deutschland', 'U.S.A.', 'the Netherlands'), already folded; null when none. */
export function countryByFoldedName(folded: string): string | null {
  return load().byName.get(folded) ?? null;
}
