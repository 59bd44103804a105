import type { BoardFacets } from '@board/shared/api/job-page';
import type { JobSearch, JobSort, PostedWithin } from '@board/shared/api/job-search';

/** What the filter fields offer: the investor select's names, the salary fields' bounds, and the rest. */
export interface BoardOptions {
  investors: string[];
  bounds: { min: number; max: number } | null;
  locations: string[];
  jobTypes: string[];
  levels: string[];
}

export const postedWithinOptions: readonly { value: PostedWithin; label: string }[] = [
  { value: '24h', label: 'Last 24 hours' },
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
];

/** Newest first (the default, the board's own order) or salary high to low. */
export const sortOptions: readonly { value: JobSort; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'salary', label: 'Salary: high to low' },
];

export const jobTypeOrder = ['Full-time', 'Part-time', 'Contract', 'Internship'];
export const levelOrder = ['Intern', 'Junior', 'Mid-level', 'Senior', 'Lead', 'Staff', 'Principal'];

/**
 * The distinct non-empty values, for a select or a datalist: the known ones in their natural order
 * first (Junior before Senior), then any others alphabetically.
 */
export function optionsOf(values: string[], order: readonly string[] = []): string[] {
  const present = [...new Set(values.map((value) => value.trim()).filter(Boolean))];
  const rank = (value: string) => {
    const index = order.indexOf(value);
    return index === -1 ? order.length : index;
  };
  return present.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

const values = (counts: { value: string }[] | undefined) => (counts ?? []).map((entry) => entry.value);

/** The filter fields' options from the board's facets (the whole board, whatever the filters say). */
export function facetOptions(facets: BoardFacets | undefined): BoardOptions {
  return {
    investors: values(facets?.investors).sort((a, b) => a.localeCompare(b)),
    bounds: facets?.salaryK ?? null,
    locations: optionsOf(values(facets?.locations)),
    jobTypes: optionsOf(values(facets?.jobTypes), jobTypeOrder),
    levels: optionsOf(values(facets?.levels), levelOrder),
  };
}

type Bounds = BoardOptions['bounds'];

/** A salary bound counts as a filter only when it differs from the board's own bound (what 'Clear Filters' restores). */
const salaryFiltered = (search: JobSearch, bounds: Bounds) =>
  (search.salaryMinK !== undefined && search.salaryMinK !== bounds?.min) ||
  (search.salaryMaxK !== undefined && search.salaryMaxK !== bounds?.max);

/** How many filters are on (title, investor, salary and each of the others), for the 'Filters' button. */
export function activeFilterCount(search: JobSearch, bounds: Bounds): number {
  return [
    search.title !== '',
    search.investor !== '',
    salaryFiltered(search, bounds),
    search.location !== '',
    search.workplaces.length > 0,
    search.jobType !== '',
    search.level !== '',
    search.postedWithin !== '',
    search.from !== '',
    search.visa,
  ].filter(Boolean).length;
}

/** The skill icon: a code icon for developer, engineer or programmer titles. */
export function isCodeRole(title: string): boolean {
  return /developer|engineer|programmer/i.test(title);
}
