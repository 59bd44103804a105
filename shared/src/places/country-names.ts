import { isCountryCode } from '@board/shared/places/countries';
import { fold } from '@board/shared/places/fold';
import { countries as data } from 'countries-list';
import { iso31661 } from 'iso-3166';

/**
 * The countries a location text may name, by every name people write: the English name, the
 * native name, countries-list's aliases ('UK', 'USA', 'Deutschland', 'Holland') and ISO's own
 * name ('United Kingdom of Great Britain and Northern Ireland'), folded (see fold). The server's
 * (reading a text); pages name countries through countries.ts.
 */
let byName: Map<string, string> | null = null;

function load(): Map<string, string> {
  if (byName) return byName;
  const names = new Map<string, string>();
  // ISO's own names first, so a common name or alias that folds the same wins.
  for (const entry of iso31661) if (isCountryCode(entry.alpha2)) names.set(fold(entry.name), entry.alpha2);
  for (const [code, country] of Object.entries(data)) {
    if (!isCountryCode(code)) continue;
    const aliases: readonly string[] = 'alias' in country ? (country.alias as readonly string[]) : [];
    for (const name of [country.native, ...aliases, country.name]) names.set(fold(name), code);
  }
  byName = names;
  return names;
}

/** The country a name means ('Deutschland', 'U.S.A.', 'the Netherlands'), already folded; null when none. */
export function countryByFoldedName(folded: string): string | null {
  return load().get(folded) ?? null;
}
