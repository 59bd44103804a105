import { type JobSearch, type JobSort, postedWithinMs, same } from '@board/shared/api/job-search';
import { type JobCursor, jobCursorText, readJobCursor } from './cursor';
import { type Dictionary, placementCodes, type SearchIndex } from './search-index';
import { placements, type Scope } from './visible';

/**
 * Call 1's search over the search index (search-index.ts): the rules of `filters.ts` as one test
 * per job, and a page of the matches in a sort, after a keyset cursor, with their count.
 */

/** Which of a dictionary's values pass a test (1) or not (0): each distinct value tested once. */
function passing(dictionary: Dictionary, test: (value: string) => boolean): Uint8Array {
  return Uint8Array.from(dictionary.values, (value) => (test(value) ? 1 : 0));
}

/**
 * The rules of `filters.ts`, over the index: a test of one job (its position). Case-insensitive
 * 'contains' compares the database's lower case on both sides, as the SQL does: the job's
 * (`title_lower`, `location_lower`) and the searched text's (`lowered`, from the database too:
 * JavaScript's differs for a few letters, such as İ and final sigma). `filtered` is false when only
 * the scope applies.
 */
export function searchTest(
  index: SearchIndex,
  scope: Scope,
  search: JobSearch,
  lowered: { title: string; location: string },
  now: number,
): { test: (at: number) => boolean; filtered: boolean } {
  const shown = placements(scope.visibility);
  const placementOk = Uint8Array.from(placementCodes, (code) => (shown.includes(code) ? 1 : 0));
  const companyOk = Uint8Array.from(index.companies, (company) =>
    (scope.workspaceSlug === undefined || company.workspaceSlug === scope.workspaceSlug) &&
    (search.investor === '' || (company.investorNames ?? []).includes(search.investor))
      ? 1
      : 0,
  );
  const { title, location } = lowered;
  const titleOk = title === '' ? null : passing(index.title, (value) => value.includes(title));
  const locationOk = location === '' ? null : passing(index.location, (value) => value.includes(location));
  const workplaceOk =
    search.workplaces.length === 0
      ? null
      : passing(index.workplace, (value) => search.workplaces.some((wanted) => same(value, wanted)));
  const jobTypeOk = search.jobType === '' ? null : passing(index.jobType, (value) => same(value, search.jobType));
  const levelOk = search.level === '' ? null : passing(index.level, (value) => same(value, search.level));
  const { salaryMinK, salaryMaxK } = search;
  // Undated jobs hold the lowest posted_us: never within a period. A future date counts as just posted.
  const postedSince = search.postedWithin === '' ? null : (now - postedWithinMs[search.postedWithin]) * 1000;
  const ids = search.ids === undefined ? null : new Set(search.ids);
  const { placement, company, postedUs, salaryFirstK } = index;
  const filtered =
    search.investor !== '' ||
    [titleOk, locationOk, workplaceOk, jobTypeOk, levelOk, postedSince, ids].some((part) => part !== null) ||
    salaryMinK !== undefined ||
    salaryMaxK !== undefined;
  const test = (at: number) =>
    placementOk[placement[at] ?? 0] === 1 &&
    companyOk[company[at] ?? 0] === 1 &&
    (titleOk === null || titleOk[index.title.codes[at] ?? 0] === 1) &&
    (locationOk === null || locationOk[index.location.codes[at] ?? 0] === 1) &&
    (workplaceOk === null || workplaceOk[index.workplace.codes[at] ?? 0] === 1) &&
    (jobTypeOk === null || jobTypeOk[index.jobType.codes[at] ?? 0] === 1) &&
    (levelOk === null || levelOk[index.level.codes[at] ?? 0] === 1) &&
    // NaN (no number in the salary) is never below or above a bound.
    !(salaryMinK !== undefined && (salaryFirstK[at] ?? 0) < salaryMinK) &&
    !(salaryMaxK !== undefined && (salaryFirstK[at] ?? 0) > salaryMaxK) &&
    (postedSince === null || (postedUs[at] ?? 0) >= postedSince) &&
    (ids === null || ids.has(index.ids[at] ?? 0));
  return { test, filtered };
}

/** The cursor of the job at `at`, in this sort. */
function cursorAt(index: SearchIndex, sort: JobSort, at: number): string {
  const postedUs = String(index.postedExact[at] ?? 0n);
  const id = index.ids[at] ?? 0;
  return jobCursorText(
    sort === 'newest' ? { sort, postedUs, id } : { sort, top: index.salaryTop[at] ?? 0, postedUs, id },
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
  test: (at: number) => boolean,
  sort: JobSort,
  page: { limit: number; cursor: string | null },
  countUpTo: number | null | undefined,
): IndexPage | null {
  const read = page.cursor === null ? null : readJobCursor(page.cursor, sort);
  if (read === null && page.cursor !== null) return null;
  const cursor = read && { ...read, postedNumber: Number(read.postedUs) };
  const order = sort === 'salary' ? index.bySalary : null;
  const stopAt = countUpTo === undefined ? 0 : countUpTo === null ? Number.POSITIVE_INFINITY : countUpTo + 1;
  const ids: number[] = [];
  let last = -1;
  let more = false;
  let counted = 0;
  for (let step = 0; step < index.size; step++) {
    const at = order ? (order[step] ?? 0) : step;
    if (!test(at)) continue;
    counted++;
    if (!more && (cursor === null || isAfter(index, at, cursor))) {
      if (ids.length < page.limit) {
        ids.push(index.ids[at] ?? 0);
        last = at;
      } else more = true;
    }
    // The page is full and one more job follows it: stop once the count is done too.
    if (more && counted >= stopAt) break;
  }
  return { ids, counted, nextCursor: more && last >= 0 ? cursorAt(index, sort, last) : null };
}
