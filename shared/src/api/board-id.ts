import { isTypeable } from '@board/shared/lib/typeable';

/** The largest id the API's tables hold (PostgreSQL `integer`). */
const maxId = 2_147_483_647;

/**
 * A job or company id as the API writes it: a positive integer in its tables' range, in its one
 * canonical spelling. `0012`, `1e0`, `+12` or `12.0` name no job of the board's: each would be
 * another address for job 12 (another cache entry, another database read), so they are not found,
 * without a call.
 */
export function isBoardId(value: string): boolean {
  return /^[1-9]\d{0,9}$/.test(value) && Number(value) <= maxId;
}

/**
 * A workspace slug the API could hold (at most 200 typeable characters) that is also a path
 * segment: `.` and `..` (however they are spelled once decoded) would move the call's URL to
 * another call when it is resolved.
 */
export function isWorkspaceSlug(value: string): boolean {
  return value.length > 0 && value.length <= 200 && isTypeable(value) && value !== '.' && value !== '..';
}
