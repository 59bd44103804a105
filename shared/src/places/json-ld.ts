import { countryName, postalCountries } from '@board/shared/places/countries';
import { regionCountries } from '@board/shared/places/regions';
import type { JobWhere, NamedPlace, RemoteEligibility } from '@board/shared/places/types';
import { isShownRemote } from '@board/shared/places/workplace';

/**
 * Where a job is, for search engines (schema.org JobPosting, as Google for Jobs reads it): each
 * place a `jobLocation` Place with its PostalAddress; a remote job `jobLocationType: TELECOMMUTE`
 * with `applicantLocationRequirements`, one entry per country it allows (a region's countries, as
 * the board's own filter counts them), or 'Worldwide'. A remote job that does not say from where
 * gets no requirements rather than a guess.
 */

/** A region as an address writes it: 'MA' in the US, Canada and Australia; elsewhere its name ('England'). */
function addressRegion(place: NamedPlace & { region: string }): string {
  const postal = (postalCountries as readonly string[]).includes(place.region.slice(0, 2));
  return postal ? place.region.slice(3) : (place.regionName ?? place.region);
}

export function postalAddressLd(place: NamedPlace) {
  return {
    '@type': 'PostalAddress',
    ...(place.city ? { addressLocality: place.city } : {}),
    ...(place.region ? { addressRegion: addressRegion({ ...place, region: place.region }) } : {}),
    addressCountry: place.country,
  };
}

const placeLd = (address: object) => ({ '@type': 'Place', address });

/**
 * `jobLocation`: one Place, or a list for several; for a job whose text named no known place, its
 * text as the locality (undefined when there is none).
 */
export function jobLocationLd(places: readonly NamedPlace[], text?: string | null) {
  if (places.length === 0) {
    const locality = (text ?? '').trim();
    return locality ? placeLd({ '@type': 'PostalAddress', addressLocality: locality }) : undefined;
  }
  const list = places.map((place) => placeLd(postalAddressLd(place)));
  return list.length === 1 ? list[0] : list;
}

const countryLd = (code: string) => ({ '@type': 'Country', name: countryName(code) });

/** `applicantLocationRequirements`: undefined for a job that is not remote or does not say from where. */
export function applicantLocationRequirementsLd(remote: RemoteEligibility | null) {
  if (!remote || remote.kind === 'not-stated') return undefined;
  if (remote.kind === 'worldwide') return { '@type': 'AdministrativeArea', name: 'Worldwide' };
  const codes = new Set(remote.countries);
  for (const region of remote.regions) for (const code of regionCountries(region)) codes.add(code);
  const list = [...codes].map(countryLd);
  return list.length === 1 ? list[0] : list;
}

/**
 * The location properties of a JobPosting, to spread into it: `jobLocation` for a job's places
 * (for an on-site or hybrid job, its text when no place was read), and for a remote job
 * `jobLocationType` and, where stated, `applicantLocationRequirements`.
 */
export function jobPostingLocationLd(job: JobWhere) {
  const remote = isShownRemote(job);
  const data: Record<string, unknown> = {};
  const jobLocation = jobLocationLd(job.places, remote ? null : job.location);
  if (jobLocation) data.jobLocation = jobLocation;
  if (remote) {
    data.jobLocationType = 'TELECOMMUTE';
    const requirements = applicantLocationRequirementsLd(job.remote);
    if (requirements) data.applicantLocationRequirements = requirements;
  }
  return data;
}
