import { countries as data } from 'countries-list';
import englishNames from 'countries-list/minimal/countries.en.min.json' with { type: 'json' };
import { iso31661Alpha2ToAlpha3 } from 'iso-3166/1-a2-to-1-a3.js';
import { describe, expect, it } from 'vitest';
import { countryList, countryName, isCountryCode, unassignedCodes } from './countries';
import { countryCodes } from './country-codes';
import { countryByFoldedName } from './country-names';
import { fold } from './fold';
import { shortNames } from './labels';
import { continentCodes, inRegion, regionCountries } from './regions';
import type { WorldRegion } from './types';

describe('countryList', () => {
  it('lists every ISO 3166-1 country (and Kosovo) once, sorted by English name', () => {
    const list = countryList();
    expect(list.length).toBe(250);
    expect(new Set(list.map((country) => country.code)).size).toBe(list.length);
    const names = list.map((country) => country.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(list).toContainEqual({ code: 'GB', name: 'United Kingdom' });
    expect(list).toContainEqual({ code: 'XK', name: 'Kosovo' });
    // Ascension Island's AC is reserved, not a country code.
    expect(isCountryCode('AC')).toBe(false);
  });
});

describe('the copies of countries-list pages carry', () => {
  it('codes ISO 3166-1 has not assigned: the ones the board leaves out, Kosovo’s aside', () => {
    const named = Object.keys(englishNames);
    const unassigned = named.filter((code) => !(code in iso31661Alpha2ToAlpha3) && code !== 'XK');
    expect([...unassignedCodes].sort()).toEqual(unassigned.sort());
    expect(Object.keys(iso31661Alpha2ToAlpha3).filter((code) => !named.includes(code))).toEqual([]);
  });

  it('codes: the names’ table’s, the unassigned left out', () => {
    const named = Object.keys(englishNames).filter((code) => !unassignedCodes.includes(code));
    expect(countryCodes()).toEqual(named.sort());
    expect(['DE', 'XK', 'GB'].map(isCountryCode)).toEqual([true, true, true]);
    expect(['de', 'AC', 'D', 'DEU', 'E ', ''].map(isCountryCode)).toEqual([false, false, false, false, false, false]);
  });

  const entries = Object.entries(data).filter(([code]) => isCountryCode(code));

  it('short names: each country’s alias of two or three capitals, its own code first', () => {
    const derived = Object.fromEntries(
      entries.flatMap(([code, country]) => {
        const aliases: readonly string[] = 'alias' in country ? (country.alias as readonly string[]) : [];
        const short = aliases.includes(code) ? code : aliases.find((alias) => /^[A-Z]{2,3}$/.test(alias));
        return short ? [[code, short]] : [];
      }),
    );
    expect(shortNames).toEqual(derived);
  });

  it('continents: each country’s, in the package’s order', () => {
    const copied = new Map(
      Object.entries(continentCodes).flatMap(([continents, codes]) =>
        codes.split(' ').map((code) => [code, continents]),
      ),
    );
    for (const [code, country] of Object.entries(data)) {
      const continents = 'continents' in country ? (country.continents as readonly string[]) : [country.continent];
      expect(copied.get(code), code).toBe(continents.join(' '));
    }
    expect(copied.size).toBe(Object.keys(data).length);
  });
});

describe('country names', () => {
  it.each([
    ['US', 'United States', 'US'],
    ['GB', 'United Kingdom', 'UK'],
    ['AE', 'United Arab Emirates', 'UAE'],
    ['DE', 'Germany', 'Germany'],
  ])('%s is %s, %s for short', (code, name, short) => {
    expect(countryName(code)).toBe(name);
    expect(shortNames[code] ?? name).toBe(short);
  });

  it.each([
    ['UK', 'GB'],
    ['Great Britain', 'GB'],
    ['U.S.A.', 'US'],
    ['United States of America', 'US'],
    ['Deutschland', 'DE'],
    ['Holland', 'NL'],
    ['Czech Republic', 'CZ'],
    ['Côte d’Ivoire', 'CI'],
    ['Türkiye', 'TR'],
    ['Turkey', 'TR'],
  ])('%s -> %s', (name, code) => {
    expect(countryByFoldedName(fold(name))).toBe(code);
  });
});

describe('regions', () => {
  it.each<[WorldRegion, string[], string[]]>([
    ['EU', ['DE', 'FR', 'IE', 'CY'], ['GB', 'CH', 'NO']],
    ['Europe', ['GB', 'CH', 'NO', 'DE'], ['US', 'TR']],
    ['EMEA', ['GB', 'DE', 'AE', 'IL', 'NG', 'ZA', 'EG', 'TR'], ['US', 'IN', 'BR']],
    ['Americas', ['US', 'CA', 'MX', 'BR', 'AR'], ['GB', 'DK']],
    ['North America', ['US', 'CA', 'MX'], ['BR', 'CU']],
    ['LATAM', ['MX', 'BR', 'AR', 'CO', 'CU'], ['US', 'CA']],
    ['APAC', ['JP', 'IN', 'AU', 'NZ', 'SG'], ['AE', 'IL', 'RU', 'TR', 'EG']],
  ])('%s has %o and not %o', (region, members, others) => {
    for (const code of members) expect(inRegion(code, region), code).toBe(true);
    for (const code of others) expect(inRegion(code, region), code).toBe(false);
  });

  it('counts the EU’s 27 member states', () => {
    expect(regionCountries('EU').size).toBe(27);
  });
});
