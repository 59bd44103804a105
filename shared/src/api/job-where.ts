import { type JobCommonBody, PlaceWire, RemoteEligibilityWire, TimeZoneBandWire } from '@board/shared/api/job-wire';
import type { NamedPlace, RemoteEligibility, TimeZoneBand, VisaSponsorship } from '@board/shared/places/types';
import * as v from 'valibot';

/**
 * A job's places, remote eligibility, time zones and visa sponsorship between the wire
 * (job-wire.ts) and the board's job (job.ts): the readings of those keys, and the one writer of
 * them, which the API's serializer and the shell's server (for another platform's jobs, read with
 * the gazetteer) both use.
 */

/** Where a job is and where it can be done from, as a page shows it. */
export interface JobWhereShown {
  places: NamedPlace[];
  remote: RemoteEligibility | null;
  timeZones: TimeZoneBand | null;
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

/** The board's job's `where`: null when the answer said nothing of places (see PlacesReading). */
export function whereOf(server: {
  places: NamedPlace[] | null;
  remote_eligibility: RemoteEligibility | null;
  time_zones: TimeZoneBand | null;
}): JobWhereShown | null {
  if (server.places === null) return null;
  return { places: server.places, remote: server.remote_eligibility, timeZones: server.time_zones };
}

type WhereBody = Pick<JobCommonBody, 'places' | 'remote_eligibility' | 'time_zones' | 'visa_sponsorship'>;

/** The wire's keys for a job's reading and its visa sponsorship. */
export function whereBody(where: JobWhereShown, visa: VisaSponsorship): WhereBody {
  return {
    places: where.places.map((place) => ({
      city: place.city ?? null,
      region: place.region ?? null,
      region_name: place.regionName ?? null,
      country: place.country,
    })),
    remote_eligibility: where.remote,
    time_zones: where.timeZones,
    visa_sponsorship: visa,
  };
}
