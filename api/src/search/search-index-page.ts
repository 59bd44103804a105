import { type JobSearch, postedWithinMs, same } from '@board/shared/api/job-search';
import type { WorkFromAnswer } from '@board/shared/places/types';
import { workFromAnswer } from '@board/shared/places/work-from';
import type { OrganizationRow } from '../db/board-rows';
import { type Dictionary, placementCodes, type SearchIndex } from './search-index';
import { placements, type Scope } from './visible';

/**
 * Call 1's search over the search index (search-index.ts): the rules of `filters.ts` as one test
 * per job (a page of the matches: search-page.ts).
 */

/** Which of a dictionary's values pass a test (1) or not (0): each distinct value tested once. */
export function passing(dictionary: Dictionary, test: (value: string) => boolean): Uint8Array {
  return Uint8Array.from(dictionary.values, (value) => (test(value) ? 1 : 0));
}

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

/** The job at `at` of `index`. */
export function entryAt(index: SearchIndex, at: number): JobEntry {
  const value = (dictionary: Dictionary) => dictionary.values[dictionary.codes[at] ?? 0] ?? '';
  return {
    id: index.ids[at] ?? 0,
    placement: placementCodes[index.placement[at] ?? 0] ?? 'job_board',
    company: index.companies[index.company[at] ?? -1],
    title: value(index.title),
    location: value(index.location),
    locationShown: value(index.locationShown),
    workplace: value(index.workplace),
    jobType: value(index.jobType),
    level: value(index.level),
    workFrom: value(index.workFrom),
    visa: value(index.visa),
    salaryFirstK: index.salaryFirstK[at] ?? Number.NaN,
    postedUs: index.postedUs[at] ?? 0,
    postedExact: index.postedExact[at] ?? 0n,
    salaryTop: index.salaryTop[at] ?? 0,
  };
}

/**
 * The rules of `filters.ts`, one test per column value (null: the column is not filtered). The
 * search over the index (`searchTest`) and the test of one job (`entryMatches`) are both made of
 * them, so a kept answer is tested against a changed job by the very rules that built it.
 * Case-insensitive 'contains' compares the database's lower case on both sides, as the SQL does:
 * the job's (`title_lower`, `location_lower`) and the searched text's (`lowered`, from the database
 * too: JavaScript's differs for a few letters, such as İ and final sigma).
 */
export interface SearchRules {
  placement: (code: (typeof placementCodes)[number]) => boolean;
  /** The scope's workspace and the investor. */
  company: (company: OrganizationRow) => boolean;
  title: ((value: string) => boolean) | null;
  location: ((value: string) => boolean) | null;
  workplace: ((value: string) => boolean) | null;
  jobType: ((value: string) => boolean) | null;
  level: ((value: string) => boolean) | null;
  /** "I can work from": a job's answer from its tokens ('unknown' is listed after the others). */
  workFrom: ((tokens: string) => WorkFromAnswer) | null;
  visa: ((value: string) => boolean) | null;
  salaryFirstK: (firstK: number) => boolean;
  postedUs: (postedUs: number) => boolean;
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
    placement: (code) => shown.includes(code),
    company: (company) =>
      (scope.workspaceSlug === undefined || company.workspaceSlug === scope.workspaceSlug) &&
      (search.investor === '' || (company.investorNames ?? []).includes(search.investor)),
    title: title === '' ? null : (value) => value.includes(title),
    location: location === '' ? null : (value) => value.includes(location),
    workplace:
      search.workplaces.length === 0 ? null : (value) => search.workplaces.some((wanted) => same(value, wanted)),
    jobType: search.jobType === '' ? null : (value) => same(value, search.jobType),
    level: search.level === '' ? null : (value) => same(value, search.level),
    workFrom: search.from === '' ? null : (tokens) => workFromAnswer(tokens ? tokens.split(',') : [], search.from),
    visa: search.visa ? (value) => value === 'yes' : null,
    // NaN (no number in the salary) is never below or above a bound.
    salaryFirstK: (firstK) =>
      !(salaryMinK !== undefined && firstK < salaryMinK) && !(salaryMaxK !== undefined && firstK > salaryMaxK),
    postedUs: (postedUs) => postedSince === null || postedUs >= postedSince,
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
    rules.company(job.company) &&
    (rules.title === null || rules.title(job.title)) &&
    (rules.location === null || rules.location(job.location)) &&
    (rules.workplace === null || rules.workplace(job.workplace)) &&
    (rules.jobType === null || rules.jobType(job.jobType)) &&
    (rules.level === null || rules.level(job.level)) &&
    (rules.workFrom === null || rules.workFrom(job.workFrom) !== 'no') &&
    (rules.visa === null || rules.visa(job.visa)) &&
    rules.salaryFirstK(job.salaryFirstK) &&
    rules.postedUs(job.postedUs) &&
    (rules.id === null || rules.id(job.id))
  );
}

/**
 * The rules over the index: a test of one job (its position), each distinct value of a text
 * column tested once.
 */
export function searchTest(index: SearchIndex, rules: SearchRules): (at: number) => boolean {
  const placementOk = Uint8Array.from(placementCodes, (code) => (rules.placement(code) ? 1 : 0));
  const companyOk = Uint8Array.from(index.companies, (company) => (rules.company(company) ? 1 : 0));
  const maybe = (dictionary: Dictionary, test: ((value: string) => boolean) | null) =>
    test === null ? null : passing(dictionary, test);
  const titleOk = maybe(index.title, rules.title);
  const locationOk = maybe(index.location, rules.location);
  const workplaceOk = maybe(index.workplace, rules.workplace);
  const jobTypeOk = maybe(index.jobType, rules.jobType);
  const levelOk = maybe(index.level, rules.level);
  const workFromOk = maybe(index.workFrom, rules.workFrom && ((tokens) => rules.workFrom?.(tokens) !== 'no'));
  const visaOk = maybe(index.visa, rules.visa);
  const { placement, company, postedUs, salaryFirstK } = index;
  const { salaryFirstK: salaryOk, postedUs: postedOk, id: idOk } = rules;
  return (at: number) =>
    placementOk[placement[at] ?? 0] === 1 &&
    companyOk[company[at] ?? 0] === 1 &&
    (titleOk === null || titleOk[index.title.codes[at] ?? 0] === 1) &&
    (locationOk === null || locationOk[index.location.codes[at] ?? 0] === 1) &&
    (workplaceOk === null || workplaceOk[index.workplace.codes[at] ?? 0] === 1) &&
    (jobTypeOk === null || jobTypeOk[index.jobType.codes[at] ?? 0] === 1) &&
    (levelOk === null || levelOk[index.level.codes[at] ?? 0] === 1) &&
    (workFromOk === null || workFromOk[index.workFrom.codes[at] ?? 0] === 1) &&
    (visaOk === null || visaOk[index.visa.codes[at] ?? 0] === 1) &&
    salaryOk(salaryFirstK[at] ?? 0) &&
    postedOk(postedUs[at] ?? 0) &&
    (idOk === null || idOk(index.ids[at] ?? 0));
}
