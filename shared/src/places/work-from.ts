import { inRegion } from '@board/shared/places/regions';
import {
  type Place,
  type RemoteEligibility,
  type WorkFromAnswer,
  type WorldRegion,
  worldRegions,
} from '@board/shared/places/types';

/**
 * A job's answer to "I can work from" as one list of tokens, which the API stores with the job
 * (`work_from`) and its search reads: the countries of its places and of its remote eligibility,
 * the world regions it is open to, `anywhere` and `notStated`. No country code is one of the other
 * tokens ('EU' is ISO 3166's reserved code, never a country's). The same answer as eligibleFrom.
 */
const anywhere = '*';
export const notStated = '?';

export function workFromTokens(where: { places: readonly Place[]; remote: RemoteEligibility | null }): string[] {
  const tokens = new Set(where.places.map((place) => place.country));
  const { remote } = where;
  if (remote?.kind === 'worldwide') tokens.add(anywhere);
  else if (remote?.kind === 'not-stated') tokens.add(notStated);
  else if (remote) for (const token of [...remote.countries, ...remote.regions]) tokens.add(token);
  return [...tokens].sort();
}

const isRegion = (token: string): token is WorldRegion => (worldRegions as readonly string[]).includes(token);

/** What the stored tokens answer for a country (ISO 3166-1 alpha-2, upper case). */
export function workFromAnswer(tokens: readonly string[], country: string): WorkFromAnswer {
  let answer: WorkFromAnswer = 'no';
  for (const token of tokens) {
    if (token === country || token === anywhere || (isRegion(token) && inRegion(country, token))) return 'yes';
    if (token === notStated) answer = 'unknown';
  }
  return answer;
}

/** The tokens that make a job open to a country: the country, anywhere, and each region it is in. */
export function tokensOpenTo(country: string): string[] {
  return [country, anywhere, ...worldRegions.filter((region) => inRegion(country, region))];
}
