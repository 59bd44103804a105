import { isCountryCode } from '@board/shared/places/countries';
import { countryByFoldedName } from '@board/shared/places/country-names';
import { fold } from '@board/shared/places/fold';
import { type Area, cityNamed, placeOfCity } from '@board/shared/places/place-names';
import { subdivision, subdivisionsAbbreviated, subdivisionsNamed } from '@board/shared/places/subdivisions';
import type { Place, PostalAddressInput } from '@board/shared/places/types';
import { iso31661Alpha3ToAlpha2 } from 'iso-3166';

/**
 * A place from an ATS's postal address ({ locality, region, country }, as Ashby gives it). The
 * vendor's fields say what each part is, so a locality GeoNames does not know is kept as written.
 */

const clean = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim().slice(0, 100);

/** 'US', 'USA' or 'United States' -> 'US'. */
function countryOf(value: string): string | null {
  const upper = value.toUpperCase();
  if (isCountryCode(upper)) return upper;
  return iso31661Alpha3ToAlpha2[upper] ?? countryByFoldedName(fold(value));
}

/** 'MA', 'US-MA' or 'Massachusetts', in the address's country. */
function regionOf(value: string, country: string): string | null {
  const upper = value.toUpperCase();
  const coded = subdivision(upper.startsWith(`${country}-`) ? upper : `${country}-${upper}`);
  if (coded) return coded.code;
  const named = subdivisionsNamed(fold(value)).find((found) => found.country === country);
  if (named) return named.code;
  return subdivisionsAbbreviated(upper).find((found) => found.country === country)?.code ?? null;
}

export function readAddress(address: PostalAddressInput): Place | null {
  const country = countryOf(clean(address.country));
  if (!country) return null;
  const regionText = clean(address.region);
  const region = regionText ? regionOf(regionText, country) : null;
  const locality = clean(address.locality);
  const area: Area = region ? { country, region } : { country };
  if (!locality) return area;
  const city = cityNamed(locality, [area]);
  if (city) return placeOfCity(city, area);
  return { city: locality, ...area };
}
