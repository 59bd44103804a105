import type { JobSort } from '@board/shared/api/job-search';
import { type JobCursor, jobCursorText, readJobCursor } from './cursor';
import type { SearchIndex } from './search-index';

/**
 * One page of call 1's search over the search index: the matches (`searchMatches` in
 * search-index-page.ts) in a sort, after a keyset cursor, with their count.
 */

/** The cursor of the job at `at`, in this sort and part. */
function cursorAt(index: SearchIndex, sort: JobSort, at: number, tier: number): string {
  const postedUs = String(index.postedExact[at] ?? 0n);
  const id = index.ids[at] ?? 0;
  const unstated = tier === 1 ? { unstated: true as const } : {};
  return jobCursorText(
    sort === 'newest'
      ? { sort, postedUs, id, ...unstated }
      : { sort, top: index.salaryTop[at] ?? 0, postedUs, id, ...unstated },
  );
}

/**
 * Whether the job at `at` comes after the cursor's job in its sort: the SQL's row comparison
 * `(salary_top, posted_us, id) < (…)`. Dates compare as Numbers (rounding keeps their order), and
 * exactly, as bigints, when the Numbers tie.
 */
function isAfter(index: SearchIndex, at: number, cursor: JobCursor & { postedNumber: number }): boolean {
  if (cursor.sort === 'salary') {
    const top = index.salaryTop[at] ?? 0;
    if (top !== cursor.top) return top < cursor.top;
  }
  const posted = index.postedUs[at] ?? 0;
  if (posted !== cursor.postedNumber) return posted < cursor.postedNumber;
  const exact = index.postedExact[at] ?? 0n;
  const after = BigInt(cursor.postedUs);
  return exact < after || (exact === after && (index.ids[at] ?? 0) < cursor.id);
}

interface IndexPage {
  /** The page's job ids, in order. */
  ids: number[];
  /** Matches counted, up to `countUpTo` + 1 (more than `countUpTo`: there are more). */
  counted: number;
  nextCursor: string | null;
}

/**
 * One page of a search: the ids of up to `limit` jobs after the cursor, and how many jobs match
 * (counted up to `countUpTo` + 1; without `countUpTo`, not counted). Null for a cursor this API
 * did not give.
 */
export function searchPage(
  index: SearchIndex,
  matches: Uint8Array,
  sort: JobSort,
  page: { limit: number; cursor: string | null },
  countUpTo: number | null | undefined,
): IndexPage | null {
  const read = page.cursor === null ? null : readJobCursor(page.cursor, sort);
  if (read === null && page.cursor !== null) return null;
  const cursor = read && { ...read, postedNumber: Number(read.postedUs) };
  const order = sort === 'salary' ? index.bySalary : null;
  const stopAt = countUpTo === undefined ? 0 : countUpTo === null ? Number.POSITIVE_INFINITY : countUpTo + 1;
  const cursorTier = cursor?.unstated ? 1 : 0;
  const ids: number[] = [];
  let last = -1;
  let lastTier = 0;
  let more = false;
  let counted = 0;
  // One sweep per part of the sort (matches 1, then 2): the jobs of the first part, then the rest.
  const parts = matches.includes(2) ? [0, 1] : [0];
  sweeps: for (const part of parts) {
    for (let step = 0; step < index.size; step++) {
      const at = order ? (order[step] ?? 0) : step;
      if (matches[at] !== part + 1) continue;
      counted++;
      const after = cursor === null || (part === cursorTier ? isAfter(index, at, cursor) : part > cursorTier);
      if (!more && after) {
        if (ids.length < page.limit) {
          ids.push(index.ids[at] ?? 0);
          last = at;
          lastTier = part;
        } else more = true;
      }
      // The page is full and one more job follows it: stop once the count is done too.
      if (more && counted >= stopAt) break sweeps;
    }
  }
  return { ids, counted, nextCursor: more && last >= 0 ? cursorAt(index, sort, last, lastTier) : null };
}
