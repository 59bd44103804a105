import { postalCountries } from '@board/shared/places/countries';
import { fold } from '@board/shared/places/fold';
import type { NamedPlace, Place } from '@board/shared/places/types';
import { iso31662 } from 'iso-3166';

/**
 * ISO 3166-2 subdivisions (the iso-3166 package), as a location text names them: 'Massachusetts',
 * 'Ontario', 'England', or the postal abbreviations of US states, Canadian provinces and Australian
 * states ('MA', 'ON', 'NSW'), which are their ISO codes' suffixes.
 */
export interface Subdivision {
  /** ISO 3166-2, e.g. 'US-MA'. */
  code: string;
  country: string;
  name: string;
  /**
   * A state, province or nation that a location text names on its own ('Texas', 'Ontario',
   * 'Scotland'): such a name is read as the region unless a major city has it. Other countries'
   * subdivisions (the United Kingdom's councils: 'Manchester', 'Reading') are read only when no
   * city has the name.
   */
  major: boolean;
}

const nations = new Set(['GB-ENG', 'GB-SCT', 'GB-WLS', 'GB-NIR']);

interface Tables {
  byCode: Map<string, Subdivision>;
  byName: Map<string, Subdivision[]>;
  byAbbreviation: Map<string, Subdivision[]>;
}

let tables: Tables | null = null;

function add<T>(map: Map<string, T[]>, key: string, value: T) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function load(): Tables {
  if (tables) return tables;
  const byCode = new Map<string, Subdivision>();
  const byName = new Map<string, Subdivision[]>();
  const byAbbreviation = new Map<string, Subdivision[]>();
  for (const entry of iso31662) {
    const country = entry.code.slice(0, 2);
    const postal = (postalCountries as readonly string[]).includes(country);
    const subdivision = { code: entry.code, country, name: entry.name, major: postal || nations.has(entry.code) };
    byCode.set(entry.code, subdivision);
    // Only first-level subdivisions: a department or district is not what a location names.
    if (entry.parent !== country) continue;
    add(byName, fold(entry.name), subdivision);
    if (postal) add(byAbbreviation, entry.code.slice(3), subdivision);
  }
  tables = { byCode, byName, byAbbreviation };
  return tables;
}

/** A subdivision by its ISO 3166-2 code. */
export function subdivision(code: string): Subdivision | null {
  return load().byCode.get(code) ?? null;
}

/** A subdivision's name ('US-MA' -> 'Massachusetts'); the code itself when unknown. */
export function subdivisionName(code: string): string {
  return load().byCode.get(code)?.name ?? code;
}

/** The subdivisions a folded name names: 'texas' -> [US-TX]; 'victoria' -> [AU-VIC, …]. */
export function subdivisionsNamed(folded: string): readonly Subdivision[] {
  return load().byName.get(folded) ?? [];
}

/** The US, Canadian and Australian subdivisions an abbreviation names: 'WA' -> [US-WA, AU-WA]. */
export function subdivisionsAbbreviated(abbreviation: string): readonly Subdivision[] {
  return load().byAbbreviation.get(abbreviation.toUpperCase()) ?? [];
}

/**
 * Places with their regions' names, as pages show them ('Texas, United States'; addressRegion
 * 'England'): the server names them, as a page does not carry the 5,000 subdivisions' names.
 */
export function namePlaces(places: readonly Place[]): NamedPlace[] {
  return places.map((place) => {
    const name = place.region ? subdivision(place.region)?.name : undefined;
    return name ? { ...place, regionName: name } : { ...place };
  });
}
