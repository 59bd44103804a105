import { type JobSearch, postedWithinMs, same } from '@board/shared/api/job-search';
import type { WorkFromAnswer } from '@board/shared/places/types';
import { workFromAnswer } from '@board/shared/places/work-from';
import type { OrganizationRow } from '../db/board-rows';
import { type Dictionary, placementCodes, type SearchIndex } from './search-index';
import { placements, type Scope } from './visible';

/**
 * Call 1's search over the search index (search-index.ts): the rules of `filters.ts` as tests of
 * a job's values (each job's match: search-matches.ts; a page of the matches: search-page.ts).
 */

/** One job as an index holds it: what a search tests, and what the facets count. */
export interface JobEntry {
  id: number;
  placement: (typeof placementCodes)[number];
  company: OrganizationRow | undefined;
  /** title_lower, location_lower. */
  title: string;
  location: string;
  locationShown: string;
  workplace: string;
  jobType: string;
  level: string;
  /** The `work_from` tokens, comma-separated; the visa sponsorship. */
  workFrom: string;
  visa: string;
  /** NaN when the salary shows no number. */
  salaryFirstK: number;
  postedUs: number;
  /** The sorts' keys (with `id`). */
  postedExact: bigint;
  salaryTop: number;
}

/** A dictionary's value at `at` (of the module: tsx names each closure made per call, at a cost). */
const valueAt = (dictionary: Dictionary, at: number) => dictionary.values[dictionary.codes[at] ?? 0] ?? '';

/** The job at `at` of `index`. */
export function entryAt(index: SearchIndex, at: number): JobEntry {
  return {
    id: index.ids[at] ?? 0,
    placement: placementCodes[index.placement[at] ?? 0] ?? 'job_board',
    company: index.companies[index.company[at] ?? -1],
    title: valueAt(index.title, at),
    location: valueAt(index.location, at),
    locationShown: valueAt(index.locationShown, at),
    workplace: valueAt(index.workplace, at),
    jobType: valueAt(index.jobType, at),
    level: valueAt(index.level, at),
    workFrom: valueAt(index.workFrom, at),
    visa: valueAt(index.visa, at),
    salaryFirstK: index.salaryFirstK[at] ?? Number.NaN,
    postedUs: index.postedUs[at] ?? 0,
    postedExact: index.postedExact[at] ?? 0n,
    salaryTop: index.salaryTop[at] ?? 0,
  };
}

/**
 * The rules of `filters.ts`, one test per column value (null: the column is not filtered). The
 * search over the index (`searchMatches`, search-matches.ts) and the test of one job (`entryMatches`) are both made of
 * them, so a kept answer is tested against a changed job by the very rules that built it.
 * Case-insensitive 'contains' compares the database's lower case on both sides, as the SQL does:
 * the job's (`title_lower`, `location_lower`) and the searched text's (`lowered`, from the database
 * too: JavaScript's differs for a few letters, such as İ and final sigma).
 */
export interface SearchRules {
  /** Where the search looks: the placements and the workspace. */
  scope: Scope;
  placement: (code: (typeof placementCodes)[number]) => boolean;
  workspace: (company: OrganizationRow) => boolean;
  investor: ((company: OrganizationRow) => boolean) | null;
  title: ((value: string) => boolean) | null;
  location: ((value: string) => boolean) | null;
  workplace: ((value: string) => boolean) | null;
  jobType: ((value: string) => boolean) | null;
  level: ((value: string) => boolean) | null;
  /** "I can work from": a job's answer from its tokens ('unknown' is listed after the others). */
  workFrom: ((tokens: string) => WorkFromAnswer) | null;
  visa: ((value: string) => boolean) | null;
  /** Null: no bound (every job passes). */
  salaryFirstK: ((firstK: number) => boolean) | null;
  postedUs: ((postedUs: number) => boolean) | null;
  id: ((id: number) => boolean) | null;
  /** False when only the scope applies. */
  filtered: boolean;
}

export function searchRules(
  scope: Scope,
  search: JobSearch,
  lowered: { title: string; location: string },
  now: number,
): SearchRules {
  const shown = placements(scope.visibility);
  const { title, location } = lowered;
  const { salaryMinK, salaryMaxK } = search;
  // Undated jobs hold the lowest posted_us: never within a period. A future date counts as just posted.
  const postedSince = search.postedWithin === '' ? null : (now - postedWithinMs[search.postedWithin]) * 1000;
  const ids = search.ids === undefined ? null : new Set(search.ids);
  const rules: Omit<SearchRules, 'filtered'> = {
    scope,
    placement: (code) => shown.includes(code),
    workspace: (company) => scope.workspaceSlug === undefined || company.workspaceSlug === scope.workspaceSlug,
    investor: search.investor === '' ? null : (company) => (company.investorNames ?? []).includes(search.investor),
    title: title === '' ? null : (value) => value.includes(title),
    location: location === '' ? null : (value) => value.includes(location),
    workplace:
      search.workplaces.length === 0 ? null : (value) => search.workplaces.some((wanted) => same(value, wanted)),
    jobType: search.jobType === '' ? null : (value) => same(value, search.jobType),
    level: search.level === '' ? null : (value) => same(value, search.level),
    workFrom: search.from === '' ? null : (tokens) => workFromAnswer(tokens ? tokens.split(',') : [], search.from),
    visa: search.visa ? (value) => value === 'yes' : null,
    // NaN (no number in the salary) is never below or above a bound.
    salaryFirstK:
      salaryMinK === undefined && salaryMaxK === undefined
        ? null
        : (firstK) =>
            !(salaryMinK !== undefined && firstK < salaryMinK) && !(salaryMaxK !== undefined && firstK > salaryMaxK),
    postedUs: postedSince === null ? null : (postedUs) => postedUs >= postedSince,
    id: ids === null ? null : (id) => ids.has(id),
  };
  const filtered =
    search.investor !== '' ||
    [
      rules.title,
      rules.location,
      rules.workplace,
      rules.jobType,
      rules.level,
      rules.workFrom,
      rules.visa,
      postedSince,
      ids,
    ].some((part) => part !== null) ||
    salaryMinK !== undefined ||
    salaryMaxK !== undefined;
  return { ...rules, filtered };
}

/** Whether one job passes the rules. */
export function entryMatches(rules: SearchRules, job: JobEntry): boolean {
  return (
    rules.placement(job.placement) &&
    job.company !== undefined &&
    rules.workspace(job.company) &&
    (rules.investor === null || rules.investor(job.company)) &&
    (rules.title === null || rules.title(job.title)) &&
    (rules.location === null || rules.location(job.location)) &&
    (rules.workplace === null || rules.workplace(job.workplace)) &&
    (rules.jobType === null || rules.jobType(job.jobType)) &&
    (rules.level === null || rules.level(job.level)) &&
    (rules.workFrom === null || rules.workFrom(job.workFrom) !== 'no') &&
    (rules.visa === null || rules.visa(job.visa)) &&
    (rules.salaryFirstK === null || rules.salaryFirstK(job.salaryFirstK)) &&
    (rules.postedUs === null || rules.postedUs(job.postedUs)) &&
    (rules.id === null || rules.id(job.id))
  );
}
