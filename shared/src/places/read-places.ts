import { loadCities } from '@board/shared/places/cities';
import { isCountryCode } from '@board/shared/places/countries';
import { countryByFoldedName } from '@board/shared/places/country-names';
import { fold } from '@board/shared/places/fold';
import { readGroup, splitGroups, withoutFillers } from '@board/shared/places/location-text';
import { readAlone, readPlaceParts } from '@board/shared/places/place-names';
import { readAddress } from '@board/shared/places/postal-address';
import { findTimeZoneBand, isTimeZoneName } from '@board/shared/places/time-zones';
import type {
  Place,
  PlaceInput,
  PlaceReading,
  RemoteEligibility,
  TimeZoneBand,
  WorldRegion,
} from '@board/shared/places/types';
import { workplaceKind } from '@board/shared/places/workplace';

/**
 * Reads where a job is and where it can be done from, out of its location text and its ATS's
 * structured fields (see PlaceInput). Server side: the gazetteer is read from a file on the first
 * call (see cities.ts).
 */

/** Enough for any real posting; a longer text or list is cut, so one job cannot make the read slow. */
const maxText = 500;
const maxEntries = 50;

interface Found {
  /** Read from texts (the location and the vendor's list of locations). */
  places: Place[];
  /** From the vendor's structured fields (a postal address, Lever's country). */
  fieldPlaces: Place[];
  countries: string[];
  regions: WorldRegion[];
  worldwide: boolean;
  /** A text said remote and where ('Remote - US'). */
  remote: boolean;
  /** A text said remote and no more ('Remote'). */
  bareRemote: boolean;
}

const isPlace = (value: Place | WorldRegion | null): value is Place => typeof value === 'object' && value !== null;

/** An area a remote part names: a region, a country, or a state or city standing for its country. */
function readArea(part: string, found: Found) {
  for (const text of [part, withoutFillers(part)]) {
    if (!text || isTimeZoneName(text)) continue;
    const place = readAlone(text);
    if (typeof place === 'string') return void found.regions.push(place);
    if (place) return void found.countries.push(place.country);
  }
}

function readText(raw: string, found: Found): TimeZoneBand | null {
  let text = raw.slice(0, maxText);
  const zone = findTimeZoneBand(text);
  if (zone) text = `${text.slice(0, zone.at)} ${text.slice(zone.at + zone.length)}`;
  for (const groupText of splitGroups(text)) {
    const group = readGroup(groupText);
    if (group.remote) {
      const before = found.countries.length + found.regions.length;
      for (const part of group.parts) readArea(part, found);
      const named = found.countries.length + found.regions.length > before;
      if (group.worldwide && !named) found.worldwide = true;
      if (named) found.remote = true;
      else if (!group.worldwide) found.bareRemote = true;
      continue;
    }
    const place =
      readPlaceParts(group.parts) ?? (group.parts.length === 1 ? readOnePart(group.parts[0] as string) : null);
    if (typeof place === 'string') found.regions.push(place);
    else if (isPlace(place)) found.places.push(place);
  }
  return zone?.band ?? null;
}

/** One part the first reading missed: 'US only' is 'US', and 'Boston MA' is 'Boston, MA'. */
function readOnePart(part: string) {
  const trailingCode = /^(.+?)\s+([A-Z]{2,3})$/.exec(part);
  if (trailingCode) return readPlaceParts([trailingCode[1] as string, trailingCode[2] as string]);
  return readPlaceParts([withoutFillers(part)]);
}

const unique = <T>(values: readonly T[]) => [...new Set(values)];

/** Each place once; a country or region alone is dropped where a place names something inside it. */
function distinctPlaces(places: readonly Place[]): Place[] {
  const seen = new Set<string>();
  const kept: Place[] = [];
  for (const place of places) {
    const key = `${place.city ?? ''}|${place.region ?? ''}|${place.country}`;
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(place);
  }
  return kept.filter(
    (place) =>
      place.city ||
      !kept.some(
        (other) =>
          other !== place &&
          other.country === place.country &&
          (place.region ? other.city && other.region === place.region : other.city || other.region),
      ),
  );
}

/**
 * Reads the gazetteer now, which the first readPlaces otherwise does (about half a second of the
 * thread): a server calls it while it starts, before it takes requests.
 */
export function loadGazetteer(): void {
  loadCities();
  readPlaces({ text: 'Remote - US; Berlin, Germany' });
}

/** Where a job is and where it can be done from (see PlaceReading). */
export function readPlaces(input: PlaceInput): PlaceReading {
  const text = (input.text ?? '').trim().slice(0, maxText);
  const found: Found = {
    places: [],
    fieldPlaces: [],
    countries: [],
    regions: [],
    worldwide: false,
    remote: false,
    bareRemote: false,
  };
  const timeZones = text ? readText(text, found) : null;
  for (const location of (input.locations ?? []).slice(0, maxEntries)) {
    if (location) readText(location, found);
  }
  for (const address of (input.addresses ?? []).slice(0, maxEntries)) {
    const place = address ? readAddress(address) : null;
    if (place) found.fieldPlaces.push(place);
  }
  const code = input.countryCode?.trim() ?? '';
  const country = isCountryCode(code.toUpperCase()) ? code.toUpperCase() : countryByFoldedName(fold(code));
  if (country) found.fieldPlaces.push({ country });

  const places = distinctPlaces([...found.places, ...found.fieldPlaces]).slice(0, maxEntries);
  const kind = workplaceKind(input.workplaceType);
  // The workplace type the data gives wins over the text: an on-site or hybrid job is done at its
  // places, a country its text names among them ('Remote (UK)' as Hybrid is in the UK). Where a
  // job may be done from is a remote job's alone.
  if (kind === 'On-site' || kind === 'Hybrid') {
    const named = found.countries.map((country) => ({ country }));
    return { places: distinctPlaces([...places, ...named]).slice(0, maxEntries), remote: null, timeZones, text };
  }
  // 'Remote' alone is also the board's text for a job with no location: beside an on-site or
  // hybrid type it does not make the job remote.
  const remoteJob =
    input.isRemote === true ||
    kind === 'Remote' ||
    found.remote ||
    found.worldwide ||
    found.regions.length > 0 ||
    (found.bareRemote && kind === null);
  if (!remoteJob) return { places, remote: null, timeZones, text };
  // A remote job's country or region named alone is where it may be done from, not an office: a
  // text's always ('Remote - US/Canada'), a structured field's when the texts name nowhere.
  const offices = places.filter((place) => place.city);
  const named = [...found.countries, ...found.places.filter((place) => !place.city).map((place) => place.country)];
  const countries =
    named.length > 0 || found.regions.length > 0
      ? named
      : found.fieldPlaces.filter((place) => !place.city).map((place) => place.country);
  let remote: RemoteEligibility;
  if (found.worldwide) remote = { kind: 'worldwide' };
  else if (countries.length > 0 || found.regions.length > 0) {
    remote = { kind: 'areas', countries: unique(countries).slice(0, maxEntries), regions: unique(found.regions) };
  } else remote = { kind: 'not-stated' };
  return { places: offices, remote, timeZones, text };
}
