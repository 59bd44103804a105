import { type City, citiesNamed } from '@board/shared/places/cities';
import { isCountryCode, postalCountries } from '@board/shared/places/countries';
import { countryByFoldedName } from '@board/shared/places/country-names';
import { fold } from '@board/shared/places/fold';
import { regionByFoldedName } from '@board/shared/places/regions';
import {
  type Subdivision,
  subdivision,
  subdivisionsAbbreviated,
  subdivisionsNamed,
} from '@board/shared/places/subdivisions';
import type { Place, WorldRegion } from '@board/shared/places/types';

/**
 * What one part of a location names: a country, a region (a subdivision) or a city, read with the
 * gazetteer. The rules for what a text leaves open live here: an ambiguous name goes to its most
 * populous place unless a region or country is written beside it.
 */

/** A country, or a subdivision of it, that a part may mean. */
export interface Area {
  country: string;
  region?: string;
}

/** A city with this many people is read as the city even where a state has its name ('New York', 'Washington'). */
const majorCity = 500_000;

const areaOf = (found: Subdivision): Area => ({ country: found.country, region: found.code });

/** Two capitals that are a country's ISO code and not also a state's abbreviation ('FR'; not 'CA', 'DE'). */
function countryCode(raw: string): string | null {
  const code = raw.trim();
  if (!/^[A-Z]{2}$/.test(code) || !isCountryCode(code)) return null;
  return subdivisionsAbbreviated(code).length === 0 ? code : null;
}

/** The countries and subdivisions a part beside a city may mean: 'USA', 'MA', 'Massachusetts', 'DE' (Delaware or Germany). */
export function qualifierAreas(raw: string): Area[] {
  const text = raw.trim();
  const folded = fold(text);
  const country = countryByFoldedName(folded);
  // 'Georgia' is a country and a state: both are kept, and the city beside it tells which.
  const areas: Area[] = country ? [{ country }] : [];
  const compact = text.replace(/\./g, '');
  if (/^[A-Z]{2,3}$/.test(compact)) {
    areas.push(...subdivisionsAbbreviated(compact).map(areaOf));
    if (!country && isCountryCode(compact)) areas.push({ country: compact });
  }
  const coded = /^[A-Z]{2}-[A-Z0-9]{1,3}$/.test(text) ? subdivision(text) : null;
  if (coded) areas.push(areaOf(coded));
  areas.push(...subdivisionsNamed(folded).map(areaOf));
  return areas;
}

/** The areas both readings allow: 'MA' read beside 'USA' is Massachusetts, not Morocco. */
export function narrowAreas(known: readonly Area[] | null, readings: readonly Area[]): Area[] {
  if (!known) return [...readings];
  const both: Area[] = [];
  for (const reading of readings) {
    for (const area of known) {
      if (reading.country !== area.country) continue;
      if (reading.region && area.region && reading.region !== area.region) continue;
      both.push({ country: area.country, region: area.region ?? reading.region });
    }
  }
  return both;
}

const fits = (city: City, areas: readonly Area[]) =>
  areas.some((area) => area.country === city.country && (!area.region || !city.region || area.region === city.region));

const mostPopulous = (cities: readonly City[]) =>
  cities.reduce<City | null>((best, city) => (!best || city.population > best.population ? city : best), null);

/** The most populous city of that name in the areas (anywhere when none is written); its own names first. */
export function cityNamed(raw: string, areas: readonly Area[] | null): City | null {
  const { own, other } = citiesNamed(fold(raw));
  const fitting = (cities: readonly City[]) => (areas ? cities.filter((city) => fits(city, areas)) : cities);
  return mostPopulous(fitting(own)) ?? mostPopulous(fitting(other));
}

export const placeOfCity = (city: City, area?: Area): Place => {
  const region = city.region ?? (area?.country === city.country ? area.region : undefined);
  return { city: city.name, ...(region ? { region } : {}), country: city.country };
};

const placeOfArea = (area: Area): Place => ({ ...(area.region ? { region: area.region } : {}), country: area.country });

/** Words that stand where a city would and are none ('Multiple locations, US', 'Headquarters, CA'). */
const notACity =
  /\b(?:multiple|various|several|any|nationwide|statewide|countrywide|location|locations|headquarters|hq|office|offices|field|home|virtual|flexible|tbd|tba|n\/?a|hybrid|remote|on-?site|city|state|province|region|area|metro|greater|bay area)\b/i;

/** A written name kept as the city when its region or country was read and GeoNames has no such city. */
function writtenCity(raw: string): string | null {
  const name = raw.trim();
  if (name.length > 40 || !/^\p{L}[\p{L} .'’-]*$/u.test(name) || name.split(/\s+/).length > 4) return null;
  return notACity.test(name) ? null : name;
}

/** What one part says alone: 'Germany', 'Texas', 'Paris', 'EMEA'. */
export function readAlone(raw: string): Place | WorldRegion | null {
  const folded = fold(raw);
  const region = regionByFoldedName(folded);
  if (region) return region;
  const country = countryByFoldedName(folded) ?? countryCode(raw);
  if (country) return { country };
  const city = cityNamed(raw, null);
  const named = subdivisionsNamed(folded);
  const major = named.find((found) => found.major);
  if (city && (city.population >= majorCity || !major)) return placeOfCity(city);
  if (major) return placeOfArea(areaOf(major));
  const compact = raw.trim().replace(/\./g, '');
  // An abbreviation that is also a country's code ('CA': California or Canada) is not guessed.
  const abbreviated = /^[A-Z]{2,3}$/.test(compact) && !isCountryCode(compact) ? subdivisionsAbbreviated(compact) : [];
  const [only] = abbreviated.length === 1 ? abbreviated : named.length === 1 ? named : [];
  return only ? placeOfArea(areaOf(only)) : null;
}

/** The order in which an abbreviation's states are tried: 'WA' is Washington before Western Australia. */
const postalOrder = (area: Area) => {
  const index = (postalCountries as readonly string[]).indexOf(area.country);
  return area.region && index >= 0 ? index : postalCountries.length;
};
const byPostalOrder = (a: Area, b: Area) => postalOrder(a) - postalOrder(b);

/** A place from its parts, the most precise first: ['Cambridge', 'MA'], ['Berlin', 'Germany'], ['California', 'USA']. */
export function readPlaceParts(parts: readonly string[]): Place | WorldRegion | null {
  const [first] = parts;
  if (first === undefined) return null;
  if (parts.length === 1) return readAlone(first);
  let areas: Area[] | null = null;
  let head = parts.length - 1;
  for (; head > 0; head--) {
    const narrowed = narrowAreas(areas, qualifierAreas(parts[head] as string));
    if (narrowed.length === 0) break;
    areas = narrowed;
  }
  if (!areas) return readAlone(parts[head] as string);
  return readHead(parts.slice(0, head + 1), areas);
}

/**
 * The place the parts left of the region and country name, read right to left: in 'Munich,
 * Bavaria, Germany' Bavaria is no city, Munich is. A state or a country there is the place itself
 * ('California, USA'); a name GeoNames does not have is kept as written ('Sausalito, CA').
 */
function readHead(names: readonly string[], areas: readonly Area[]): Place {
  for (let index = names.length - 1; index >= 0; index--) {
    const name = names[index] as string;
    const city = cityNamed(name, areas);
    const [region] = narrowAreas(areas, qualifierAreas(name)).sort(byPostalOrder);
    if (city && (city.population >= majorCity || !region?.region)) {
      return placeOfCity(
        city,
        areas.find((area) => area.country === city.country),
      );
    }
    if (region) return placeOfArea(region);
  }
  const [area] = [...areas].sort(byPostalOrder) as [Area];
  const written = writtenCity(names[0] as string);
  return written ? { city: written, ...placeOfArea(area) } : placeOfArea(area);
}
