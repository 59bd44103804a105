import { describe, expect, it } from 'vitest';
import { placeCountries } from './place-country';

const names = (place: string) => placeCountries(place).map((country) => country.name);

describe('placeCountries', () => {
  it.each([
    ['London', ['United Kingdom']],
    ['new  york', ['United States']],
    ['Berlin, Germany', ['Germany']],
    ['Cork, Ireland', ['Ireland']],
    ['Anywhere / UK', ['United Kingdom']],
    ['USA', ['United States']],
    ['San Diego, CA', []],
    ['Dover, DE', []],
    ['Europe', []],
    ['Remote', []],
    ['', []],
  ])('%s -> %o', (place, expected) => {
    expect(names(place)).toEqual(expected);
  });

  it('reads the EU as its 27 member states, with their ISO codes', () => {
    const eu = placeCountries('EU');
    expect(eu).toHaveLength(27);
    expect(eu).toContainEqual({ code: 'DE', name: 'Germany' });
    expect(eu.map((country) => country.code)).not.toContain('GB');
  });
});
