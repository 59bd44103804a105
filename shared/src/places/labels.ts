import type { JobWhere, NamedPlace, RemoteEligibility } from '@board/shared/places/types';
import { isShownRemote, workplaceKind } from '@board/shared/places/workplace';

/**
 * Where a job is, said plainly on its card and its page: 'Remote · US only', 'Remote · EU',
 * 'Remote · anywhere', 'On-site · Berlin, Germany', 'Hybrid · London, United Kingdom +2 more'.
 */

/** A country's English name by its code ('DE' -> 'Germany'): the job's own (its wire's `country_names`). */
export type CountryNamer = (code: string) => string;

/**
 * The capitals a country is known by, for short labels ('Remote · US only'): the aliases of two or
 * three capital letters that countries-list gives, its own code first where people write it ('US'
 * before 'USA'). countries.test.ts derives them from the package again.
 */
export const shortNames: Readonly<Record<string, string>> = { AE: 'UAE', CD: 'DRC', GB: 'UK', US: 'US' };

/** Names listed before '+N more'. */
const shown = 3;

const more = (names: readonly string[], limit: number) =>
  names.length > limit ? `${names.slice(0, limit).join(', ')} +${names.length - limit} more` : names.join(', ');

/** A place in words: 'Berlin, Germany'; a state alone 'California, United States'; a country alone 'Germany'. */
export function placeLabel(place: NamedPlace, countryName: CountryNamer): string {
  const country = countryName(place.country);
  if (place.city) return `${place.city}, ${country}`;
  if (place.region) return `${place.regionName ?? place.region}, ${country}`;
  return country;
}

/** The first place and how many others: 'London, United Kingdom +2 more'. */
export function placesLabel(places: readonly NamedPlace[], countryName: CountryNamer): string {
  const [first] = places;
  if (!first) return '';
  const label = placeLabel(first, countryName);
  return places.length > 1 ? `${label} +${places.length - 1} more` : label;
}

/**
 * Where a remote job may be done from: 'anywhere'; one country 'US only'; regions and countries
 * listed ('EU', 'US, Canada', 'EU, UK', 'Americas'), past three '+N more'; '' when not stated.
 */
export function eligibilityLabel(remote: RemoteEligibility | null, countryName: CountryNamer): string {
  if (!remote || remote.kind === 'not-stated') return '';
  if (remote.kind === 'worldwide') return 'anywhere';
  const { countries, regions } = remote;
  const countryShortName = (code: string) => shortNames[code] ?? countryName(code);
  if (regions.length === 0 && countries.length === 1) return `${countryShortName(countries[0] as string)} only`;
  return more([...regions, ...countries.map(countryShortName)], shown);
}

/**
 * The workplace and where, in one line. A remote job says where it may be done from ('Remote'
 * alone when it does not say); an on-site or hybrid job its places. A job whose type is not given
 * reads as remote when its location says so, else on-site where a place was read. A text nothing
 * matched is shown as written.
 */
export function workplaceLabel(job: JobWhere, countryName: CountryNamer): string {
  const kind = workplaceKind(job.workplaceType);
  if (isShownRemote(job)) {
    const where = eligibilityLabel(job.remote, countryName);
    return where ? `Remote · ${where}` : 'Remote';
  }
  const text = (job.location ?? '').trim();
  // The board's text for a job without a location is 'Remote': beside an on-site or hybrid type it says nothing.
  const where = placesLabel(job.places, countryName) || (kind && /^remote$/i.test(text) ? '' : text);
  const shownKind = kind ?? (job.places.length > 0 ? 'On-site' : null);
  if (!shownKind) return where;
  return where ? `${shownKind} · ${where}` : shownKind;
}
