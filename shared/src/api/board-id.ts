import { isEncodedDotSegment } from '@board/shared/lib/request-target';
import { isTypeable } from '@board/shared/lib/typeable';

/** The longest job or company id the board takes (a UUID is 36 characters). */
export const maxBoardIdLength = 128;

/**
 * A job or company id as a platform may spell it (SPEC section 2: `/job/:id`, `/companies/:id`;
 * call 6 sends it back as it came): an integer, a UUID, or an opaque string such as `j-101` or
 * `job_8f3a`. What the board checks is that it is one path segment of every address built from it
 * (its pages, its preview cards, the API's calls 4 and 5), once decoded as the router decodes it:
 * not `.` or `..`; no `/` or `\`; no `%`, so nothing encoded twice (`%2f`, `%2e%2e`, `%252e`) is
 * read as one of those further on; no whitespace or control or invisible formatting characters;
 * at most `maxBoardIdLength` characters. Anything else is a 404 without a call (docs/decisions/018).
 */
export function isBoardId(value: string): boolean {
  return (
    value.length > 0 &&
    value.length <= maxBoardIdLength &&
    value !== '.' &&
    value !== '..' &&
    !/[\s/\\%\p{Cc}\p{Cf}\p{Cs}\p{Z}]/u.test(value)
  );
}

/**
 * An id in our own API's spelling: a positive integer of its tables' range (PostgreSQL `integer`)
 * with no leading zero. Only call 1's `ids`, our API's extension, is limited to these.
 */
export function isIntegerId(value: string): boolean {
  return /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647;
}

/**
 * A workspace slug the API could hold (at most 200 typeable characters) that is also a path
 * segment: `.` and `..` would move the call's URL to another call when it is resolved, and so
 * would `%2e%2e` (`/%2e%2e` as a client sent it, request-target.ts) wherever it is decoded once more.
 */
export function isWorkspaceSlug(value: string): boolean {
  return (
    value.length > 0 &&
    value.length <= 200 &&
    isTypeable(value) &&
    value !== '.' &&
    value !== '..' &&
    !isEncodedDotSegment(value)
  );
}
