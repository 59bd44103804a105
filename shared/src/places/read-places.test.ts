// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readPlaces } from './read-places';
import type { PlaceReading } from './types';

const read = (text: string, more: Parameters<typeof readPlaces>[0] = {}) => readPlaces({ text, ...more });
const only = (reading: PlaceReading) => ({ places: reading.places, remote: reading.remote });

const US = { country: 'US' };
const areas = (countries: string[], regions: string[] = []) => ({ kind: 'areas', countries, regions });

describe('readPlaces: the locations the board is checked with', () => {
  it.each([
    ['Remote - US', [], areas(['US'])],
    ['Remote (EU)', [], areas([], ['EU'])],
    ['Anywhere', [], { kind: 'worldwide' }],
    ['Berlin, Germany', [{ city: 'Berlin', country: 'DE' }], null],
    ['London or Remote (UK)', [{ city: 'London', region: 'GB-ENG', country: 'GB' }], areas(['GB'])],
    [
      'New York, NY; San Francisco, CA',
      [
        { city: 'New York City', region: 'US-NY', country: 'US' },
        { city: 'San Francisco', region: 'US-CA', country: 'US' },
      ],
      null,
    ],
    ['Remote — Americas', [], areas([], ['Americas'])],
    ['Paris', [{ city: 'Paris', country: 'FR' }], null],
    ['Cambridge, MA', [{ city: 'Cambridge', region: 'US-MA', country: 'US' }], null],
    // GeoNames: Cambridge, England 145,674 people; Ontario 129,920; Massachusetts 110,402.
    ['Cambridge', [{ city: 'Cambridge', region: 'GB-ENG', country: 'GB' }], null],
  ])('%s', (text, places, remote) => {
    expect(only(read(text))).toEqual({ places, remote });
  });
});

describe('readPlaces: remote phrasings', () => {
  it.each([
    ['Remote', { kind: 'not-stated' }],
    ['Remote, UK', areas(['GB'])],
    ['Remote-US', areas(['US'])],
    ['Remote (US or Canada)', areas(['US', 'CA'])],
    ['Remote - US/Canada', areas(['US', 'CA'])],
    ['Remote — US & Canada', areas(['US', 'CA'])],
    ['Remote - US | Remote - Canada', areas(['US', 'CA'])],
    ['Remote in the US', areas(['US'])],
    ['Remote (Anywhere in US)', areas(['US'])],
    ['Remote (EU time zones)', areas([], ['EU'])],
    ['Remote within Europe only', areas([], ['Europe'])],
    ['Remote - North America', areas([], ['North America'])],
    ['EMEA', areas([], ['EMEA'])],
    ['LATAM', areas([], ['LATAM'])],
    ['Remote - APAC', areas([], ['APAC'])],
    ['Worldwide', { kind: 'worldwide' }],
    ['Remote - Global', { kind: 'worldwide' }],
    ['Anywhere in the world', { kind: 'worldwide' }],
    ['Work from home (Germany)', areas(['DE'])],
    ['Remote - Austin, TX', areas(['US'])],
    ['Germany / Remote', areas(['DE'])],
    // 'CA' is California and Canada: not guessed.
    ['Remote - CA', { kind: 'not-stated' }],
  ])('%s', (text, remote) => {
    expect(read(text).remote).toEqual(remote);
  });

  it('reads a country written alone as where a remote job may be done from', () => {
    expect(only(read('US only', { workplaceType: 'Remote' }))).toEqual({ places: [], remote: areas(['US']) });
    expect(only(read('US only'))).toEqual({ places: [US], remote: null });
  });

  it('keeps an office named beside a remote part, with remote not stated', () => {
    expect(only(read('Remote; Berlin, Germany'))).toEqual({
      places: [{ city: 'Berlin', country: 'DE' }],
      remote: { kind: 'not-stated' },
    });
  });
});

describe('readPlaces: names', () => {
  it.each([
    // A region or country beside a name decides; alone, the most populous place.
    ['Dover, DE', { city: 'Dover', region: 'US-DE', country: 'US' }],
    ['Berlin, DE', { city: 'Berlin', country: 'DE' }],
    ['Atlanta, Georgia', { city: 'Atlanta', region: 'US-GA', country: 'US' }],
    ['Georgia', { country: 'GE' }],
    ['Portland', { city: 'Portland', region: 'US-OR', country: 'US' }],
    ['Portland, ME', { city: 'Portland', region: 'US-ME', country: 'US' }],
    ['Dublin', { city: 'Dublin', country: 'IE' }],
    ['Dublin, CA', { city: 'Dublin', region: 'US-CA', country: 'US' }],
    ['London, ON', { city: 'London', region: 'CA-ON', country: 'CA' }],
    ['Perth, WA', { city: 'Perth', region: 'AU-WA', country: 'AU' }],
    ['Toronto, ON, Canada', { city: 'Toronto', region: 'CA-ON', country: 'CA' }],
    ['Boston MA', { city: 'Boston', region: 'US-MA', country: 'US' }],
    ['Washington, D.C.', { city: 'Washington', region: 'US-DC', country: 'US' }],
    ['Munich, Bavaria, Germany', { city: 'Munich', country: 'DE' }],
    ['Bengaluru, Karnataka, India', { city: 'Bengaluru', region: 'IN-KA', country: 'IN' }],
    // Other names and spellings.
    ['NYC', { city: 'New York City', region: 'US-NY', country: 'US' }],
    ['Cologne', { city: 'Köln', country: 'DE' }],
    ['Zurich', { city: 'Zürich', country: 'CH' }],
    ['Kiev', { city: 'Kyiv', country: 'UA' }],
    ['Sao Paulo', { city: 'São Paulo', country: 'BR' }],
    ['Deutschland', { country: 'DE' }],
    ['United States of America', US],
    ['USA', US],
    ['The Netherlands', { country: 'NL' }],
    // States and countries alone; a state's name is a city's only for a city of 500,000 or more.
    ['Texas', { region: 'US-TX', country: 'US' }],
    ['Ontario', { region: 'CA-ON', country: 'CA' }],
    ['New York', { city: 'New York City', region: 'US-NY', country: 'US' }],
    ['Manchester', { city: 'Manchester', region: 'GB-ENG', country: 'GB' }],
    ['California, USA', { region: 'US-CA', country: 'US' }],
    ['Scotland', { region: 'GB-SCT', country: 'GB' }],
    ['Singapore', { country: 'SG' }],
    // A small place beside its state is kept as written.
    ['Sausalito, CA', { city: 'Sausalito', region: 'US-CA', country: 'US' }],
    ['Multiple Locations, US', US],
    // Workplace words around a place.
    ['Hybrid - London', { city: 'London', region: 'GB-ENG', country: 'GB' }],
    ['Austin, TX (Hybrid)', { city: 'Austin', region: 'US-TX', country: 'US' }],
  ])('%s', (text, place) => {
    expect(read(text).places).toEqual([place]);
  });

  it.each(['Hybrid: Berlin or Munich', 'Berlin / Munich', 'Berlin | Munich', 'Berlin; Munich', 'Berlin · Munich'])(
    'reads %s as two places',
    (text) => {
      expect(read(text).places.map((place) => place.city)).toEqual(['Berlin', 'Munich']);
    },
  );

  it.each(['Mars Base Alpha', 'SF Bay Area', 'CA', 'Somewhere nice', '   '])(
    'guesses no place for %j and keeps the text as written',
    (text) => {
      expect(read(text)).toEqual({ places: [], remote: null, timeZones: null, text: text.trim() });
    },
  );
});

describe('readPlaces: time zones', () => {
  it.each([
    ['Remote - UTC-5 to UTC+1', { from: -5, to: 1 }],
    ['Remote (GMT+1 ± 3 hours)', { from: -2, to: 4 }],
    ['Remote (CET ± 2h)', { from: -1, to: 3 }],
    ['Remote - between UTC-3 and UTC+3', { from: -3, to: 3 }],
    ['Remote: within 3 hours of EST', { from: -8, to: -2 }],
    ['Remote, US (PST)', { from: -8, to: -8 }],
    ['Remote (Europe, UTC−1 – UTC+3)', { from: -1, to: 3 }],
    ['Hartford, CT', null],
    ['Remote - US', null],
  ])('%s', (text, band) => {
    expect(read(text).timeZones).toEqual(band);
  });

  it('reads the places beside a band', () => {
    expect(read('Remote (Europe, UTC−1 – UTC+3)').remote).toEqual(areas([], ['Europe']));
  });
});
