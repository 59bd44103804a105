import type { FacetCount } from '@board/shared/api/page-bodies';
import type { ScopeFacets } from './facets';
import type { Dictionary, SearchIndex } from './search-index';
import { placementCodes } from './search-index';
import type { JobEntry } from './search-index-page';
import { placements, type Scope, scopeKey } from './visible';

/**
 * A scope's facets counted over the search index (the same counts `facets.ts` makes in SQL for the
 * alerts' digests): one pass over the index's columns, about a millisecond at 100,000 jobs, once
 * per index and scope. So a change of the data costs the facets no query: the next index counts
 * them again.
 */
const counted = new WeakMap<SearchIndex, Map<string, ScopeFacets>>();

export function indexFacets(index: SearchIndex, scope: Scope, looked?: (hit: boolean) => void): ScopeFacets {
  let byScope = counted.get(index);
  if (!byScope) {
    byScope = new Map();
    counted.set(index, byScope);
  }
  const key = scopeKey(scope);
  let facets = byScope.get(key);
  looked?.(facets !== undefined);
  if (!facets) {
    facets = countFacets(index, scope);
    byScope.set(key, facets);
  }
  return facets;
}

/** `next`'s facets are `previous`'s: a change that touched no column they count (board-changes/apply-changes.ts). */
export function keepFacets(previous: SearchIndex, next: SearchIndex): void {
  let byScope = counted.get(previous);
  if (!byScope) {
    byScope = new Map();
    counted.set(previous, byScope);
  }
  counted.set(next, byScope);
}

/**
 * The database's order of text (C collation: code points), which the SQL facets used between
 * equal counts. JavaScript's `<` compares UTF-16 units, which differs for the characters above
 * U+FFFF (surrogates) against U+E000–U+FFFF.
 */
export function codePointOrder(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let at = 0; at < length; at++) {
    const x = a.charCodeAt(at);
    const y = b.charCodeAt(at);
    if (x === y) continue;
    const xSurrogate = x >= 0xd800 && x <= 0xdfff;
    const ySurrogate = y >= 0xd800 && y <= 0xdfff;
    if (xSurrogate !== ySurrogate) return xSurrogate ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

/** The values with a count, most frequent first, then in the database's text order. */
function byCount(dictionary: Dictionary, counts: Int32Array, keep: (value: string) => boolean, limit = Infinity) {
  const values: FacetCount[] = [];
  counts.forEach((count, code) => {
    const value = dictionary.values[code] ?? '';
    if (count > 0 && keep(value)) values.push({ value, count });
  });
  values.sort((a, b) => b.count - a.count || codePointOrder(a.value, b.value));
  return values.slice(0, limit);
}

const increment = (counts: Int32Array, at = 0) => {
  counts[at] = (counts[at] ?? 0) + 1;
};

function countFacets(index: SearchIndex, scope: Scope): ScopeFacets {
  const shown = placements(scope.visibility);
  const placementOk = Uint8Array.from(placementCodes, (code) => (shown.includes(code) ? 1 : 0));
  const companyOk = Uint8Array.from(index.companies, (company) =>
    scope.workspaceSlug === undefined || company.workspaceSlug === scope.workspaceSlug ? 1 : 0,
  );
  const jobTypes = new Int32Array(index.jobType.values.length);
  const levels = new Int32Array(index.level.values.length);
  const workplaces = new Int32Array(index.workplace.values.length);
  const locations = new Int32Array(index.locationShown.values.length);
  const perCompany = new Int32Array(index.companies.length);
  let total = 0;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  const { placement, company, salaryFirstK } = index;
  for (let at = 0; at < index.size; at++) {
    const owner = company[at] ?? -1;
    if (placementOk[placement[at] ?? 0] !== 1 || companyOk[owner] !== 1) continue;
    total++;
    increment(perCompany, owner);
    increment(jobTypes, index.jobType.codes[at]);
    increment(levels, index.level.codes[at]);
    increment(workplaces, index.workplace.codes[at]);
    increment(locations, index.locationShown.codes[at]);
    const salary = salaryFirstK[at] ?? Number.NaN;
    if (!Number.isNaN(salary)) {
      if (salary < min) min = salary;
      if (salary > max) max = salary;
    }
  }
  const investors = new Map<string, number>();
  perCompany.forEach((jobs, at) => {
    if (jobs === 0) return;
    for (const name of index.companies[at]?.investorNames ?? []) investors.set(name, (investors.get(name) ?? 0) + jobs);
  });
  const any = () => true;
  const shownValue = (value: string) => value !== '';
  return {
    total,
    facets: {
      investors: [...investors].map(([name, count]) => ({ name, count })).sort((a, b) => a.name.localeCompare(b.name)),
      salary_k: min === Number.POSITIVE_INFINITY ? null : { min, max },
      job_types: byCount(index.jobType, jobTypes, any),
      levels: byCount(index.level, levels, shownValue),
      workplace_types: byCount(index.workplace, workplaces, shownValue),
      locations: byCount(index.locationShown, locations, any, 200),
    },
  };
}

/**
 * Whether a scope's facets (and its total) stay what they were when one job changes from `before`
 * to `after` (null: not in the index), every other job as it was. `salaryK` is the salary range
 * the facets held: a number strictly inside it, before and after, moves neither end, whatever
 * other job holds them.
 */
export function facetsUnmoved(
  scope: Scope,
  salaryK: { min: number; max: number } | null,
  before: JobEntry | null,
  after: JobEntry | null,
): boolean {
  const shown = placements(scope.visibility);
  const inScope = (job: JobEntry | null): job is JobEntry =>
    job !== null &&
    job.company !== undefined &&
    shown.includes(job.placement) &&
    (scope.workspaceSlug === undefined || job.company.workspaceSlug === scope.workspaceSlug);
  const was = inScope(before);
  const is = inScope(after);
  if (!was || !is) return !was && !is;
  const inside = (salary: number) =>
    Number.isNaN(salary) || (salaryK !== null && salary > salaryK.min && salary < salaryK.max);
  return (
    before.company?.id === after.company?.id &&
    before.jobType === after.jobType &&
    before.level === after.level &&
    before.workplace === after.workplace &&
    before.locationShown === after.locationShown &&
    (Object.is(before.salaryFirstK, after.salaryFirstK) || (inside(before.salaryFirstK) && inside(after.salaryFirstK)))
  );
}
