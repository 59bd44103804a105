/**
 * The country a job's location text names, for search engines that ask where a remote job's
 * applicants may live (JobPosting's applicantLocationRequirements). The API gives a location as
 * free text ('London', 'Remote (EU)', 'Berlin, Germany'): a country is read from it only when
 * the text names one or one of the cities below; otherwise none is guessed.
 */
export interface Country {
  /** ISO 3166-1 alpha-2. */
  code: string;
  name: string;
}

const countries: Record<string, string> = {
  AT: 'Austria',
  BE: 'Belgium',
  BG: 'Bulgaria',
  CA: 'Canada',
  CH: 'Switzerland',
  CY: 'Cyprus',
  CZ: 'Czechia',
  DE: 'Germany',
  DK: 'Denmark',
  EE: 'Estonia',
  ES: 'Spain',
  FI: 'Finland',
  FR: 'France',
  GB: 'United Kingdom',
  GR: 'Greece',
  HR: 'Croatia',
  HU: 'Hungary',
  IE: 'Ireland',
  IT: 'Italy',
  LT: 'Lithuania',
  LU: 'Luxembourg',
  LV: 'Latvia',
  MT: 'Malta',
  NL: 'Netherlands',
  NO: 'Norway',
  PL: 'Poland',
  PT: 'Portugal',
  RO: 'Romania',
  SE: 'Sweden',
  SI: 'Slovenia',
  SK: 'Slovakia',
  US: 'United States',
};

/** The European Union's member states: 'Remote (EU)' lets applicants live in any of them. */
const euMembers = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
];

/** Other names of a country, and the cities the board's companies hire in, by country code. */
const aliases: Record<string, string> = {
  uk: 'GB',
  'great britain': 'GB',
  britain: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  usa: 'US',
  us: 'US',
  'united states of america': 'US',
  deutschland: 'DE',
  holland: 'NL',
  'the netherlands': 'NL',
  london: 'GB',
  manchester: 'GB',
  edinburgh: 'GB',
  bristol: 'GB',
  cambridge: 'GB',
  berlin: 'DE',
  munich: 'DE',
  hamburg: 'DE',
  amsterdam: 'NL',
  rotterdam: 'NL',
  paris: 'FR',
  lisbon: 'PT',
  porto: 'PT',
  dublin: 'IE',
  stockholm: 'SE',
  copenhagen: 'DK',
  helsinki: 'FI',
  oslo: 'NO',
  madrid: 'ES',
  barcelona: 'ES',
  milan: 'IT',
  zurich: 'CH',
  vienna: 'AT',
  warsaw: 'PL',
  tallinn: 'EE',
  'new york': 'US',
  'san francisco': 'US',
  boston: 'US',
  austin: 'US',
  toronto: 'CA',
};

const byName = new Map<string, string>([
  // Names, not two-letter codes: 'San Diego, CA' is not in Canada, nor 'Dover, DE' in Germany.
  ...Object.entries(countries).map(([code, name]): [string, string] => [name.toLowerCase(), code]),
  ...Object.entries(aliases),
]);

const country = (code: string): Country => ({ code, name: countries[code] ?? code });

/**
 * The countries a place names: 'London' -> United Kingdom, 'Berlin, Germany' -> Germany (the last
 * part that names one), 'EU' -> its member states; [] when it names none that is known.
 */
export function placeCountries(place: string): Country[] {
  const parts = place
    .split(/[,/|]/)
    .map((part) => part.trim().toLowerCase().replace(/\s+/g, ' '))
    .filter(Boolean)
    .reverse();
  for (const part of parts) {
    if (part === 'eu' || part === 'european union') return euMembers.map(country);
    const code = byName.get(part);
    if (code) return [country(code)];
  }
  return [];
}
