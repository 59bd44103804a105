import { NameTableWire, PlaceWire, RemoteEligibilityWire, TimeZoneBandWire } from '@board/shared/api/job-wire';
import type { NamedPlace, RemoteEligibility, TimeZoneBand } from '@board/shared/places/types';
import * as v from 'valibot';

/**
 * A job's places, remote eligibility, time zones and visa sponsorship between the wire
 * (job-wire.ts) and the board's job (job.ts): the readings of those keys (their one writer is
 * job-where-body.ts).
 */

/** Where a job is and where it can be done from, as a page shows it. */
export interface JobWhereShown {
  places: NamedPlace[];
  remote: RemoteEligibility | null;
  timeZones: TimeZoneBand | null;
  /** The English name of each country the places and the remote eligibility name, by code. */
  countryNames: Readonly<Record<string, string>>;
}

/**
 * The `places` key, read: null when the answer has none (another platform's API, whose jobs the
 * board has not read), a place that breaks the contract dropped.
 */
export const PlacesReading = v.pipe(
  v.fallback(v.nullish(v.array(v.unknown()), null), null),
  v.transform((items) =>
    items === null
      ? null
      : items.flatMap((item): NamedPlace[] => {
          const read = v.safeParse(PlaceWire, item);
          if (!read.success) return [];
          const { city, region, region_name, country } = read.output;
          return [
            {
              country,
              ...(city ? { city } : {}),
              ...(region ? { region } : {}),
              ...(region && region_name ? { regionName: region_name } : {}),
            },
          ];
        }),
  ),
);

export const RemoteEligibilityReading = v.fallback(v.nullish(RemoteEligibilityWire, null), null);
export const TimeZonesReading = v.fallback(v.nullish(TimeZoneBandWire, null), null);
export const CountryNamesReading = v.fallback(v.nullish(NameTableWire, {}), {});

/** The board's job's `where`: null when the answer said nothing of places (see PlacesReading). */
export function whereOf(server: {
  places: NamedPlace[] | null;
  remote_eligibility: RemoteEligibility | null;
  time_zones: TimeZoneBand | null;
  country_names: Record<string, string>;
}): JobWhereShown | null {
  if (server.places === null) return null;
  return {
    places: server.places,
    remote: server.remote_eligibility,
    timeZones: server.time_zones,
    countryNames: server.country_names,
  };
}
