import type { JobSort } from '@board/shared/api/job-search';
import { isTypeable } from '@board/shared/lib/typeable';

/**
 * The keyset cursors of every paged call: base64url JSON of the last row's keys, tagged by kind.
 * A cursor is client input: every field is checked to be one this API could have written (a
 * bigint the column holds, an id an integer column holds, a name the database can store) before
 * any of it reaches SQL. A cursor that fails is `null`; the routes answer it with a 400.
 *
 * - jobs, newest first: `["n", posted_us, id]`;
 * - jobs, by salary: `["s", salary_top, posted_us, id]`;
 * - either, among the jobs a country search lists last (remote, not saying from where): a trailing `1`;
 * - companies by name (call 3): `["o", name, id]`;
 * - by id (the crawler listings): `["i", id]`.
 */

/** Where the next page of jobs starts: the keys of the last row shown. */
export type JobCursor = (
  | { sort: 'newest'; postedUs: string; id: number }
  | { sort: 'salary'; top: number; postedUs: string; id: number }
) & { unstated?: true };

export interface OrganizationCursor {
  name: string;
  id: number;
}

function encode(value: unknown[]): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function decode(cursor: string): unknown[] | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    return Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

const maxInteger = 2_147_483_647;
const minBigint = -(2n ** 63n);
const maxBigint = 2n ** 63n - 1n;

/** A value of an `integer` column that is never negative (ids, salary tops). */
const isNaturalInteger = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= maxInteger;

/** A `bigint` column's value, as text (JSON numbers lose precision past 2^53). */
const isBigintText = (value: unknown): value is string =>
  typeof value === 'string' && /^-?\d{1,19}$/.test(value) && BigInt(value) >= minBigint && BigInt(value) <= maxBigint;

/** Half of a UTF-16 pair without the other half: no text column holds one. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A company name the database can hold and compare (no NUL or other control character). */
const isNameText = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= 1000 && isTypeable(value) && !loneSurrogate.test(value);

export function readJobCursor(cursor: string, sort: JobSort): JobCursor | null {
  const decoded = decode(cursor);
  if (decoded === null) return null;
  const length = sort === 'newest' ? 3 : 4;
  const unstated = decoded.length === length + 1 && decoded[length] === 1;
  const value = unstated ? decoded.slice(0, length) : decoded;
  const read = keysOf(value, sort);
  return read && unstated ? { ...read, unstated } : read;
}

function keysOf(value: unknown[], sort: JobSort): JobCursor | null {
  if (
    sort === 'newest' &&
    value.length === 3 &&
    value[0] === 'n' &&
    isBigintText(value[1]) &&
    isNaturalInteger(value[2])
  )
    return { sort, postedUs: value[1], id: value[2] };
  if (
    sort === 'salary' &&
    value.length === 4 &&
    value[0] === 's' &&
    isNaturalInteger(value[1]) &&
    isBigintText(value[2]) &&
    isNaturalInteger(value[3])
  )
    return { sort, top: value[1], postedUs: value[2], id: value[3] };
  return null;
}

export function jobCursorText(cursor: JobCursor): string {
  const keys =
    cursor.sort === 'newest' ? ['n', cursor.postedUs, cursor.id] : ['s', cursor.top, cursor.postedUs, cursor.id];
  return encode(cursor.unstated ? [...keys, 1] : keys);
}

export function readOrganizationCursor(cursor: string): OrganizationCursor | null {
  const value = decode(cursor);
  if (value === null || value.length !== 3 || value[0] !== 'o') return null;
  const [, name, id] = value;
  return isNameText(name) && isNaturalInteger(id) ? { name, id } : null;
}

export function organizationCursorText(cursor: OrganizationCursor): string {
  return encode(['o', cursor.name, cursor.id]);
}

/** The last id of a page by id; no cursor starts at 0. */
export function readIdCursor(cursor: string | null): number | null {
  if (cursor === null) return 0;
  const value = decode(cursor);
  if (value === null || value.length !== 2 || value[0] !== 'i' || !isNaturalInteger(value[1])) return null;
  return value[1];
}

export function idCursorText(id: number): string {
  return encode(['i', id]);
}
