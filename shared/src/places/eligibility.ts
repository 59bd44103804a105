import { inRegion } from '@board/shared/places/regions';
import type { JobWhere, WorkFromAnswer } from '@board/shared/places/types';

/**
 * Whether a job can be done from a country (ISO 3166-1 alpha-2), the question of the board's
 * "I can work from" filter: yes where it has a place in the country (on-site, hybrid, or a remote
 * job's office), or where it is remote and its eligibility is worldwide or names the country or a
 * region the country is in; 'unknown' for a remote job that does not say from where, which the
 * board lists after the others and marks.
 */
export function eligibleFrom(job: Pick<JobWhere, 'places' | 'remote'>, country: string): WorkFromAnswer {
  const code = country.toUpperCase();
  if (job.places.some((place) => place.country === code)) return 'yes';
  const remote = job.remote;
  if (!remote) return 'no';
  if (remote.kind === 'worldwide') return 'yes';
  if (remote.kind === 'not-stated') return 'unknown';
  if (remote.countries.includes(code) || remote.regions.some((region) => inRegion(code, region))) return 'yes';
  return 'no';
}
