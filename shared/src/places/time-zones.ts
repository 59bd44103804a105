import type { TimeZoneBand } from '@board/shared/places/types';

/**
 * A band of time zones a posting asks for, read from its words: 'UTC-5 to UTC+1', 'GMT+1 ± 3
 * hours', 'CET ± 2h', 'between UTC-3 and UTC+3', 'within 3 hours of EST', or one zone written as an
 * offset or a name ('UTC+2', 'CET'; 'ET' or 'PT' only inside a band). Offsets are in hours; the standard (winter) offset stands for a named zone.
 */

/** Named zones, by their standard offset. Two-letter US names ('ET', 'PT') count only inside a band: alone they are states ('CT'). */
const zoneOffsets: Record<string, number> = {
  UTC: 0,
  GMT: 0,
  WET: 0,
  BST: 1,
  CET: 1,
  CEST: 2,
  WAT: 1,
  EET: 2,
  EEST: 3,
  CAT: 2,
  EAT: 3,
  MSK: 3,
  GST: 4,
  PKT: 5,
  SGT: 8,
  HKT: 8,
  JST: 9,
  KST: 9,
  AEST: 10,
  AEDT: 11,
  NZST: 12,
  EST: -5,
  EDT: -4,
  ET: -5,
  CST: -6,
  CDT: -5,
  CT: -6,
  MST: -7,
  MDT: -6,
  MT: -7,
  PST: -8,
  PDT: -7,
  PT: -8,
  AKST: -9,
  HST: -10,
  BRT: -3,
  ART: -3,
};

/** A word in any case ('to', 'To', 'TO'); the zones' names are matched in capitals only ('CAT' and 'cat'). */
const anyCase = (word: string) =>
  word.replace(/[a-z]/gi, (letter) => `[${letter.toLowerCase()}${letter.toUpperCase()}]`);
const names = Object.keys(zoneOffsets)
  .sort((a, b) => b.length - a.length)
  .join('|');
const offsetZone = `(?:${anyCase('utc')}|${anyCase('gmt')})\\s*[+\\-−–]\\s*\\d{1,2}(?::?[0-5]\\d)?`;
/** A zone: 'UTC-5', 'GMT+05:30', 'UTC−3', 'CET', 'EST'. */
const zone = `(?:${offsetZone}|\\b(?:${names})\\b)`;
const hours = `(\\d{1,2})\\s*(?:${['hours', 'hour', 'hrs', 'hr', 'h'].map(anyCase).join('|')})?`;
const plusMinus = `(?:±|\\+\\s*/\\s*-|\\+-|${anyCase('plus or minus')})`;
const connector = ['to', 'and', 'through', 'till', 'until'].map(anyCase).join('|');

const range = new RegExp(`(?:${anyCase('between')}\\s+)?(${zone})\\s*(?:${connector}|-|–|—)\\s*(${zone})`);
const around = new RegExp(`(${zone})\\s*${plusMinus}\\s*${hours}`);
const within = new RegExp(
  `(?:${anyCase('within')}\\s+|${plusMinus}\\s*)${hours}\\s*(?:${anyCase('of')}|${anyCase('from')})\\s+(${zone})`,
);
const single = new RegExp(offsetZone);
/** A named zone alone: three letters or more, as 'CT' alone is Connecticut. */
const named = new RegExp(
  `\\b(?:${Object.keys(zoneOffsets)
    .filter((name) => name.length >= 3)
    .join('|')})\\b`,
);

/** A zone's offset in hours: 'UTC-5' -> -5, 'GMT+05:30' -> 5.5, 'CET' -> 1. */
function offsetOf(text: string): number | null {
  const written = /^(?:UTC|GMT)\s*([+\-−–])\s*(\d{1,2})(?::?([0-5]\d))?$/i.exec(text.trim());
  if (written) {
    const value = Number(written[2]) + Number(written[3] ?? 0) / 60;
    return value > 14 ? null : written[1] === '+' ? value : -value;
  }
  return zoneOffsets[text.trim().toUpperCase()] ?? null;
}

const band = (a: number, b: number): TimeZoneBand => ({ from: Math.min(a, b), to: Math.max(a, b) });

/** The band and where it was written, so the rest of the text can be read for places. */
export function findTimeZoneBand(text: string): { band: TimeZoneBand; at: number; length: number } | null {
  const ranged = range.exec(text);
  if (ranged?.[1] && ranged[2]) {
    const from = offsetOf(ranged[1]);
    const to = offsetOf(ranged[2]);
    if (from !== null && to !== null) return { band: band(from, to), at: ranged.index, length: ranged[0].length };
  }
  for (const [match, center, spread] of [around, within].map((pattern) => {
    const found = pattern.exec(text);
    if (!found) return [null, null, null] as const;
    return pattern === around ? ([found, found[1], found[2]] as const) : ([found, found[2], found[1]] as const);
  })) {
    if (!match || !center || !spread) continue;
    const middle = offsetOf(center);
    if (middle !== null) {
      const width = Number(spread);
      return { band: band(middle - width, middle + width), at: match.index, length: match[0].length };
    }
  }
  for (const pattern of [single, named]) {
    const one = pattern.exec(text);
    const offset = one ? offsetOf(one[0]) : null;
    if (one && offset !== null) return { band: band(offset, offset), at: one.index, length: one[0].length };
  }
  return null;
}

/** Whether a word is a time zone's name ('EST', 'CET'): a place it is not. */
export function isTimeZoneName(word: string): boolean {
  return Object.hasOwn(zoneOffsets, word.trim());
}

/** The band of time zones a text asks for; null when it names none. */
export function readTimeZoneBand(text: string): TimeZoneBand | null {
  return findTimeZoneBand(text)?.band ?? null;
}
