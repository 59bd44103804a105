import type { WorldRegion } from '@board/shared/places/types';

/**
 * The countries in each region a remote job may name. Continents are the countries-list package's,
 * copied below as codes (a page would otherwise carry the package's 14 KB of capitals, phones and
 * languages to read them; regions.test.ts checks the copy against the package). What no data set
 * says (who is in the EU, what "Middle East" and "Latin America" mean to an employer) is written
 * here, each list with its reason.
 */

/** Each country's continents as countries-list gives them, in its order (the first is its own). */
export const continentCodes: Record<string, string> = {
  AF: 'AC AO BF BI BJ BW CD CF CG CI CM CV DJ DZ EH ER ET GA GH GM GN GQ GW KE KM LR LS LY MA MG ML MR MU MW MZ NA NE NG RE RW SC SD SH SL SN SO SS ST SZ TA TD TG TN TZ UG YT ZA ZM ZW',
  EU: 'AD AL AT AX BA BE BG BY CH CY CZ DE EE ES FI FO FR GB GG GI GR HR HU IE IM IS IT JE LI LT LU LV MC MD ME MK MT NL NO PL PT RO RS SE SI SJ SK SM UA VA XK',
  AS: 'AE AF AM BD BH BN BT CC CN CX HK ID IL IN IO IQ IR JO JP KG KH KP KR KW LA LB LK MM MN MO MV MY NP OM PH PK PS QA SA SG SY TH TJ TM TW UZ VN YE',
  NA: 'AG AI AW BB BL BM BQ BS BZ CA CR CU CW DM DO GD GL GP GT HN HT JM KN KY LC MF MQ MS MX NI PA PM PR SV SX TC TT US VC VG VI',
  AN: 'AQ BV GS HM TF',
  SA: 'AR BO BR CL CO EC FK GF GY PE PY SR UY VE',
  OC: 'AS AU CK FJ FM GU KI MH MP NC NF NR NU NZ PF PG PN PW SB TK TL TO TV UM VU WF WS',
  'AS EU': 'AZ GE KZ RU TR',
  'EU NA': 'DK',
  'AF AS': 'EG',
};

/** The European Union's 27 member states. */
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

/** The Middle East of EMEA (western Asia and Egypt) with the Caucasus' Armenia, which no continent puts in Europe. */
const middleEast = [
  'AE',
  'AM',
  'BH',
  'CY',
  'EG',
  'IL',
  'IQ',
  'IR',
  'JO',
  'KW',
  'LB',
  'OM',
  'PS',
  'QA',
  'SA',
  'SY',
  'TR',
  'YE',
];

/** "North America" in a job posting: the United States, Canada and Mexico, not the Caribbean. */
const northAmerica = ['US', 'CA', 'MX'];

/** The Americas' countries and territories that "Latin America" leaves out. */
const notLatin = ['US', 'CA', 'GL', 'BM', 'PM', 'UM'];

/** What a remote job writes for each region, folded. */
const regionNames: Record<string, WorldRegion> = {
  eu: 'EU',
  'european union': 'EU',
  europe: 'Europe',
  emea: 'EMEA',
  americas: 'Americas',
  'north america': 'North America',
  latam: 'LATAM',
  'latin america': 'LATAM',
  apac: 'APAC',
  'asia pacific': 'APAC',
  'asia pac': 'APAC',
};

/** The English name a label or search engine shows for each region. */
export const regionTitles: Record<WorldRegion, string> = {
  EU: 'European Union',
  Europe: 'Europe',
  EMEA: 'Europe, Middle East and Africa',
  Americas: 'Americas',
  'North America': 'North America',
  LATAM: 'Latin America',
  APAC: 'Asia-Pacific',
};

let members: Map<WorldRegion, ReadonlySet<string>> | null = null;

function load() {
  if (members) return members;
  const all = Object.entries(continentCodes).flatMap(([continents, codes]) =>
    codes.split(' ').map((code) => ({ code, continents: continents.split(' ') })),
  );
  const where = (test: (continents: readonly string[]) => boolean) =>
    all.filter((country) => test(country.continents)).map((country) => country.code);
  const europe = where((continents) => continents[0] === 'EU');
  const emea = new Set([...where((c) => c.includes('EU') || c.includes('AF')), ...middleEast]);
  const americas = where((c) => c.includes('NA') || c.includes('SA')).filter((code) => code !== 'DK');
  const apac = where((c) => c.includes('AS') || c.includes('OC')).filter((code) => !emea.has(code));
  members = new Map<WorldRegion, ReadonlySet<string>>([
    ['EU', new Set(euMembers)],
    ['Europe', new Set(europe)],
    ['EMEA', emea],
    ['Americas', new Set(americas)],
    ['North America', new Set(northAmerica)],
    ['LATAM', new Set(americas.filter((code) => !notLatin.includes(code)))],
    ['APAC', new Set(apac)],
  ]);
  return members;
}

/** The countries (ISO 3166-1 alpha-2) in a region. */
export function regionCountries(region: WorldRegion): ReadonlySet<string> {
  return load().get(region) ?? new Set();
}

/** Whether a country is in a region. */
export function inRegion(country: string, region: WorldRegion): boolean {
  return regionCountries(region).has(country);
}

/** The region a folded name means ('emea', 'latin america'); null when none. */
export function regionByFoldedName(folded: string): WorldRegion | null {
  return regionNames[folded] ?? null;
}
