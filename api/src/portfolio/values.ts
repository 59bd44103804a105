import { cleanText, oneLine } from '../lib/clean-text';

/**
 * The file's single values, each read by one rule whatever the form (YAML or a spreadsheet's CSV
 * cell): what is accepted, and the one sentence that says why not. Every reader gets the raw text
 * (the YAML is read without its implicit types, so `0.10` stays `0.10`), or `null` for a value
 * left empty.
 */
export type Read<T> = { ok: true; value: T } | { ok: false; message: string };

const ok = <T>(value: T): Read<T> => ({ ok: true, value });
const no = (message: string): Read<never> => ({ ok: false, message });

/** A value as an error quotes it: text in quotes (cut), anything else by its kind. */
export function shown(raw: unknown): string {
  if (typeof raw === 'string') return JSON.stringify(raw.length > 60 ? `${raw.slice(0, 57)}...` : raw);
  if (Array.isArray(raw)) return 'a list';
  if (raw !== null && typeof raw === 'object') return 'a mapping';
  return String(raw);
}

/** Text: trimmed, empty is `null`; one-line text has its runs of white space made one space. */
export function readText(raw: unknown, max: number, lines: 'one' | 'many' = 'one'): Read<string | null> {
  if (raw === null || raw === undefined) return ok(null);
  if (typeof raw !== 'string') return no(`${shown(raw)} is not text`);
  const text = lines === 'one' ? oneLine(raw, Number.MAX_SAFE_INTEGER) : cleanText(raw, Number.MAX_SAFE_INTEGER).trim();
  if (text.length > max) return no(`${shown(raw)} is longer than ${max.toLocaleString('en-GB')} characters`);
  return ok(text === '' ? null : text);
}

const multipliers: Record<string, number> = { '': 0, k: 3, m: 6, mn: 6, b: 9, bn: 9 };
const amountPattern = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?\s*(k|m|mn|b|bn)?$/i;
const maxAmount = 1e12;

/**
 * An amount of US dollars, whole: `12000000`, `12,000,000`, `$12,000,000`, `12M`, `1.5M`, `250k`,
 * `2bn`. Not `12.000.000` or `12,5M` (a decimal comma reads two ways), not a negative amount, not
 * above a trillion (a typo of a few zeros).
 */
export function readAmount(raw: unknown): Read<number | null> {
  if (raw === null || raw === undefined || raw === '') return ok(null);
  if (typeof raw !== 'string') return no(`${shown(raw)} is not an amount`);
  const match = amountPattern.exec(raw.trim());
  if (!match) return no(`${shown(raw)} is not an amount`);
  const [, whole = '', fraction = '', suffix = ''] = match;
  const exponent = (multipliers[suffix.toLowerCase()] ?? 0) - fraction.length;
  let digits = whole.replace(/,/g, '') + fraction;
  if (exponent >= 0) digits += '0'.repeat(exponent);
  else if (/^0*$/.test(digits.slice(exponent))) digits = digits.slice(0, exponent);
  else return no(`${shown(raw)} is not a whole number of dollars`);
  const value = Number(digits);
  if (value > maxAmount) return no(`${shown(raw)} is more than a trillion dollars`);
  return ok(value);
}

/** A count of people: `84`, `1,200`. */
export function readHeadcount(raw: unknown): Read<number | null> {
  if (raw === null || raw === undefined || raw === '') return ok(null);
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (!/^(\d{1,3}(,\d{3})+|\d+)$/.test(text)) return no(`${shown(raw)} is not a number of people`);
  const value = Number(text.replace(/,/g, ''));
  if (value < 1 || value > 10_000_000) return no(`${shown(raw)} is not a number of people`);
  return ok(value);
}

/** A year, four digits: `2021`. */
export function readYear(raw: unknown): Read<number | null> {
  if (raw === null || raw === undefined || raw === '') return ok(null);
  const text = typeof raw === 'string' ? raw.trim() : '';
  const value = Number(text);
  if (!/^\d{4}$/.test(text) || value < 1800 || value > 2100) return no(`${shown(raw)} is not a year`);
  return ok(value);
}

/** A day as ISO 8601 writes it: `2026-03-01` (a real day). */
export function readDate(raw: unknown): Read<string | null> {
  if (raw === null || raw === undefined || raw === '') return ok(null);
  const text = typeof raw === 'string' ? raw.trim() : '';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const day = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!day || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== text)
    return no(`${shown(raw)} is not a date (YYYY-MM-DD)`);
  return ok(text);
}

/** An http(s) address with a host and no user name or password; kept as written. */
export function readWebsite(raw: unknown): Read<string | null> {
  const text = readText(raw, 2000);
  if (!text.ok || text.value === null) return text;
  const url = URL.canParse(text.value) ? new URL(text.value) : null;
  if (!url || !/^https?:$/.test(url.protocol) || !url.hostname || /\s/.test(text.value))
    return no(`${shown(raw)} is not an http(s) address`);
  if (url.username || url.password) return no(`${shown(raw)} holds a user name or password`);
  return ok(text.value);
}

/**
 * A logo: an https address, or a path beside the file (`logos/acme.png`): relative, with `/`
 * between folders, never leaving the file's folder.
 */
export function readLogo(raw: unknown): Read<string | null> {
  const text = readText(raw, 2000);
  if (!text.ok || text.value === null) return text;
  const value = text.value;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) {
    const url = URL.canParse(value) ? new URL(value) : null;
    if (url?.protocol !== 'https:' || !url.hostname || url.username || url.password || /\s/.test(value))
      return no(`${shown(raw)} is neither a path beside the file nor an https address`);
    return ok(value);
  }
  const parts = value.split('/');
  if (value.startsWith('/') || value.startsWith('~') || value.includes('\\') || parts.some((part) => part === '..'))
    return no(`${shown(raw)} is not a path beside the file (relative, with / between folders, no ..)`);
  return ok(value);
}

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A slug: lower-case letters and digits in words joined by `-`, at most 60 characters. */
export function readSlug(raw: unknown): Read<string | null> {
  const text = readText(raw, 200);
  if (!text.ok || text.value === null) return text;
  if (!slugPattern.test(text.value) || text.value.length > 60)
    return no(`${shown(raw)} is not a slug (lower-case letters, digits and -, at most 60)`);
  return ok(text.value);
}

/**
 * The company's slug made from its name, by the one rule the board has for `job_board_slug`:
 * accents dropped, lower case, every run of other characters one `-`, at most 60 characters.
 */
export function slugOf(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'company'
  );
}

/** A board name as the vendors write them: letters, digits, '.', '_', '-' (no path, no query). */
const boardPattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

export function readBoard(raw: unknown, kind: string): Read<string> {
  const text = readText(raw, 200);
  if (!text.ok) return text;
  if (text.value === null) return no(`the ${kind} board's name is missing`);
  if (!boardPattern.test(text.value))
    return no(`${shown(raw)} is not a ${kind} board name: letters, digits, '.', '_' and '-' only`);
  return ok(text.value);
}

/**
 * A cell a spreadsheet would read as a formula (`=`, `+`, `-`, `@`) is written with a `'` before
 * it, as OWASP advises for CSV; reading takes that `'` off again, so text read from a company's
 * site cannot run in the operator's spreadsheet and still comes back as it was.
 */
function guarded(text: string): boolean {
  return /^[=+\-@\t\r]/.test(text) || (text.startsWith("'") && guarded(text.slice(1)));
}

export function guardCell(text: string): string {
  return guarded(text) ? `'${text}` : text;
}

export function unguardCell(text: string): string {
  return text.startsWith("'") && guarded(text.slice(1)) ? text.slice(1) : text;
}
