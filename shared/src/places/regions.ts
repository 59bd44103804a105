import type { WorldRegion } from '@board/shared/places/types';
import { countries as data } from 'countries-list';

/**
 * The countries in each region a remote job may name. Continents come from the countries-list
 * package; what no data set says (who is in the EU, what "Middle East" and "Latin America" mean to
 * an employer) is written here, each list with its reason.
 */

/** The European Union's 27 member states. */
const euMembers = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
];

/** The Middle East of EMEA (western Asia and Egypt) with the Caucasus' Armenia, which no continent puts in Europe. */
const middleEast = [
  'AE',
  'AM',
  'BH',
  'CY',
  'EG',
  'IL',
  'IQ',
  'IR',
  'JO',
  'KW',
  'LB',
  'OM',
  'PS',
  'QA',
  'SA',
  'SY',
  'TR',
  'YE',
];

/** "North America" in a job posting: the United States, Canada and Mexico, not the Caribbean. */
const northAmerica = ['US', 'CA', 'MX'];

/** The Americas' countries and territories that "Latin America" leaves out. */
const notLatin = ['US', 'CA', 'GL', 'BM', 'PM', 'UM'];

/** What a remote job writes for each region, folded. */
const regionNames: Record<string, WorldRegion> = {
  eu: 'EU',
  'european union': 'EU',
  europe: 'Europe',
  emea: 'EMEA',
  americas: 'Americas',
  'north america': 'North America',
  latam: 'LATAM',
  'latin america': 'LATAM',
  apac: 'APAC',
  'asia pacific': 'APAC',
  'asia pac': 'APAC',
};

/** The English name a label or search engine shows for each region. */
export const regionTitles: Record<WorldRegion, string> = {
  EU: 'European Union',
  Europe: 'Europe',
  EMEA: 'Europe, Middle East and Africa',
  Americas: 'Americas',
  'North America': 'North America',
  LATAM: 'Latin America',
  APAC: 'Asia-Pacific',
};

let members: Map<WorldRegion, ReadonlySet<string>> | null = null;

function load() {
  if (members) return members;
  const all = Object.entries(data).map(([code, country]) => ({
    code,
    continents: ('continents' in country ? country.continents : [country.continent]) as readonly string[],
  }));
  const where = (test: (continents: readonly string[]) => boolean) =>
    all.filter((country) => test(country.continents)).map((country) => country.code);
  const europe = where((continents) => continents[0] === 'EU');
  const emea = new Set([...where((c) => c.includes('EU') || c.includes('AF')), ...middleEast]);
  const americas = where((c) => c.includes('NA') || c.includes('SA')).filter((code) => code !== 'DK');
  const apac = where((c) => c.includes('AS') || c.includes('OC')).filter((code) => !emea.has(code));
  members = new Map<WorldRegion, ReadonlySet<string>>([
    ['EU', new Set(euMembers)],
    ['Europe', new Set(europe)],
    ['EMEA', emea],
    ['Americas', new Set(americas)],
    ['North America', new Set(northAmerica)],
    ['LATAM', new Set(americas.filter((code) => !notLatin.includes(code)))],
    ['APAC', new Set(apac)],
  ]);
  return members;
}

/** The countries (ISO 3166-1 alpha-2) in a region. */
export function regionCountries(region: WorldRegion): ReadonlySet<string> {
  return load().get(region) ?? new Set();
}

/** Whether a country is in a region. */
export function inRegion(country: string, region: WorldRegion): boolean {
  return regionCountries(region).has(country);
}

/** The region a folded name means ('emea', 'latin america'); null when none. */
export function regionByFoldedName(folded: string): WorldRegion | null {
  return regionNames[folded] ?? null;
}
