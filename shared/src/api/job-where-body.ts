import type { JobWhereShown } from '@board/shared/api/job-where';
import type { JobCommonBody } from '@board/shared/api/job-wire';
import { countryName } from '@board/shared/places/countries';
import type { Place, RemoteEligibility, VisaSponsorship } from '@board/shared/places/types';

/**
 * The one writer of a job's reading on the wire, which the API's serializer and the shell's server
 * (for another platform's jobs, read with the gazetteer) both use. It names each country the job
 * names, so a page shows 'Berlin, Germany' without carrying the world's names.
 */

type WhereBody = Pick<
  JobCommonBody,
  'places' | 'remote_eligibility' | 'time_zones' | 'country_names' | 'visa_sponsorship'
>;

/** The codes of the countries a job names: its places', then its remote eligibility's. */
function namedCountries(places: readonly Place[], remote: RemoteEligibility | null): string[] {
  const codes = places.map((place) => place.country);
  if (remote?.kind === 'areas') codes.push(...remote.countries);
  return [...new Set(codes)];
}

/** The wire's keys for a job's reading and its visa sponsorship. */
export function whereBody(where: Omit<JobWhereShown, 'countryNames'>, visa: VisaSponsorship): WhereBody {
  return {
    places: where.places.map((place) => ({
      city: place.city ?? null,
      region: place.region ?? null,
      region_name: place.regionName ?? null,
      country: place.country,
    })),
    remote_eligibility: where.remote,
    time_zones: where.timeZones,
    country_names: Object.fromEntries(
      namedCountries(where.places, where.remote).map((code) => [code, countryName(code)]),
    ),
    visa_sponsorship: visa,
  };
}
