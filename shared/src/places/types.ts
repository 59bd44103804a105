/**
 * Where a job is, and where it can be done from: the shapes a job's location is read into, stored
 * with the job (jsonb) and sent on the wire. Types only, so importing them loads no data.
 */

/** A place a job names: a country, and where the text says so, its region and city. */
export interface Place {
  /** The city as the gazetteer names it ('New York City', 'Munich'). */
  city?: string;
  /** ISO 3166-2 subdivision, e.g. 'US-MA'; only where the text or the data set tells it. */
  region?: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

/**
 * A place as a page shows it: its region's English name beside the code ('US-TX': 'Texas'), which
 * the server adds (subdivisions.ts: namePlaces), as a page does not carry every region's name.
 */
export interface NamedPlace extends Place {
  regionName?: string;
}

/**
 * A group of countries a remote job may be done from. 'Europe' is the continent (the United
 * Kingdom, Switzerland, Norway…), 'EU' the union's member states; see regions.ts for each list.
 */
export const worldRegions = ['EU', 'Europe', 'EMEA', 'Americas', 'North America', 'LATAM', 'APAC'] as const;
export type WorldRegion = (typeof worldRegions)[number];

/**
 * Where a remote job may be done from: anywhere, the countries and regions the posting names, or
 * 'not-stated' when it says remote and no more.
 */
export type RemoteEligibility =
  | { kind: 'worldwide' }
  | { kind: 'areas'; countries: string[]; regions: WorldRegion[] }
  | { kind: 'not-stated' };

/** Working hours' time zones as UTC offsets in hours: UTC-5 to UTC+1 is { from: -5, to: 1 }. */
export interface TimeZoneBand {
  from: number;
  to: number;
}

/** What a job's location text and its ATS fields say about where it is and where it can be done from. */
export interface PlaceReading {
  places: Place[];
  /** null: the job is not remote (as far as its text and fields tell). */
  remote: RemoteEligibility | null;
  /** The time zones the text asks for; null when it names none. */
  timeZones: TimeZoneBand | null;
  /** The location text as written (trimmed), kept for a text nothing matched. */
  text: string;
}

/** A postal address as an ATS gives it (Ashby's `address.postalAddress`). */
export interface PostalAddressInput {
  locality?: string | null;
  region?: string | null;
  /** A code ('US', 'USA') or a name ('United States'). */
  country?: string | null;
}

/**
 * A job's location as its source gives it: the text, and each vendor's structured fields where it
 * has them (Lever: `country`, `allLocations`, `workplaceType`; Ashby: `address`,
 * `secondaryLocations`, `isRemote`, `workplaceType`; Greenhouse: `location`, `offices`).
 */
export interface PlaceInput {
  text?: string | null;
  /** The board's or the vendor's word: 'Remote', 'remote', 'Hybrid', 'on-site', 'OnSite'… */
  workplaceType?: string | null;
  isRemote?: boolean | null;
  /** ISO 3166-1 alpha-2 (Lever's `country`). */
  countryCode?: string | null;
  /** More location texts (Lever's `allLocations`, Ashby's secondary locations, Greenhouse's offices). */
  locations?: readonly (string | null | undefined)[];
  addresses?: readonly (PostalAddressInput | null | undefined)[];
}

/** Can a job be done from a country: 'unknown' for a remote job that does not say from where. */
export type WorkFromAnswer = 'yes' | 'no' | 'unknown';

/** What a job says about sponsoring a work visa; 'not-stated' is never read as 'no'. */
export type VisaSponsorship = 'yes' | 'no' | 'not-stated';

/** The fields of a job that say where it is, as stored. */
export interface JobWhere {
  /** The board's workplace type ('Remote', 'Hybrid', 'On-site'), '' or null when not given. */
  workplaceType?: string | null;
  places: readonly NamedPlace[];
  remote: RemoteEligibility | null;
  /** The location text, shown as written when no place was read from it. */
  location?: string | null;
}
