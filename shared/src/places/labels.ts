import { countryName, countryShortName } from '@board/shared/places/countries';
import type { JobWhere, NamedPlace, RemoteEligibility } from '@board/shared/places/types';
import { isShownRemote, workplaceKind } from '@board/shared/places/workplace';

/**
 * Where a job is, said plainly on its card and its page: 'Remote · US only', 'Remote · EU',
 * 'Remote · anywhere', 'On-site · Berlin, Germany', 'Hybrid · London, United Kingdom +2 more'.
 */

/** Names listed before '+N more'. */
const shown = 3;

const more = (names: readonly string[], limit: number) =>
  names.length > limit ? `${names.slice(0, limit).join(', ')} +${names.length - limit} more` : names.join(', ');

/** A place in words: 'Berlin, Germany'; a state alone 'California, United States'; a country alone 'Germany'. */
export function placeLabel(place: NamedPlace): string {
  const country = countryName(place.country);
  if (place.city) return `${place.city}, ${country}`;
  if (place.region) return `${place.regionName ?? place.region}, ${country}`;
  return country;
}

/** The first place and how many others: 'London, United Kingdom +2 more'. */
export function placesLabel(places: readonly NamedPlace[]): string {
  const [first] = places;
  if (!first) return '';
  return places.length > 1 ? `${placeLabel(first)} +${places.length - 1} more` : placeLabel(first);
}

/**
 * Where a remote job may be done from: 'anywhere'; one country 'US only'; regions and countries
 * listed ('EU', 'US, Canada', 'EU, UK', 'Americas'), past three '+N more'; '' when not stated.
 */
export function eligibilityLabel(remote: RemoteEligibility | null): string {
  if (!remote || remote.kind === 'not-stated') return '';
  if (remote.kind === 'worldwide') return 'anywhere';
  const { countries, regions } = remote;
  if (regions.length === 0 && countries.length === 1) return `${countryShortName(countries[0] as string)} only`;
  return more([...regions, ...countries.map(countryShortName)], shown);
}

/**
 * The workplace and where, in one line. A remote job says where it may be done from ('Remote'
 * alone when it does not say); an on-site or hybrid job its places. A job whose type is not given
 * reads as remote when its location says so, else on-site where a place was read. A text nothing
 * matched is shown as written.
 */
export function workplaceLabel(job: JobWhere): string {
  const kind = workplaceKind(job.workplaceType);
  if (isShownRemote(job)) {
    const where = eligibilityLabel(job.remote);
    return where ? `Remote · ${where}` : 'Remote';
  }
  const text = (job.location ?? '').trim();
  // The board's text for a job without a location is 'Remote': beside an on-site or hybrid type it says nothing.
  const where = placesLabel(job.places) || (kind && /^remote$/i.test(text) ? '' : text);
  const shownKind = kind ?? (job.places.length > 0 ? 'On-site' : null);
  if (!shownKind) return where;
  return where ? `${shownKind} · ${where}` : shownKind;
}
