import { describe, expect, it } from 'vitest';
import { countryByFoldedName, countryList, countryName, countryShortName, isCountryCode } from './countries';
import { fold } from './fold';
import { inRegion, regionCountries } from './regions';
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

describe('country names', () => {
  it.each([
    ['US', 'United States', 'US'],
    ['GB', 'United Kingdom', 'UK'],
    ['AE', 'United Arab Emirates', 'UAE'],
    ['DE', 'Germany', 'Germany'],
  ])('%s is %s, %s for short', (code, name, short) => {
    expect(countryName(code)).toBe(name);
    expect(countryShortName(code)).toBe(short);
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
