import { isIntegerId } from '@board/shared/api/board-id';
import {
  emptyJobSearch,
  type JobSearch,
  type JobSort,
  jobSorts,
  type PostedWithin,
  postedWithinPeriods,
  same,
  type WorkplaceType,
  workplaceTypes,
} from '@board/shared/api/job-search';
import { isCountryCode } from '@board/shared/places/country-codes';

/**
 * The one codec between a board page's URL and its search (?q=&investor=&min=&max=&location=
 * &workplace=&type=&level=&posted=&from=&visa=&sort=&view=). The shell's server, the listings remote and the
 * tests read the URL through `readBoardUrl` and write it through `boardUrlEntries`, so the page
 * the server renders and the page the browser hydrates have the same search and query key. A
 * value that disables a filter ('all', '', a malformed number) reads as the default, so equal
 * searches are equal objects. Text is trimmed here, once.
 */
export type BoardView = 'list' | 'grid';

export interface BoardUrl {
  search: JobSearch;
  view: BoardView;
  /** The text fields as typed: the search trims them, but a field keeps the space just typed. */
  typed: { title: string; location: string };
  /** How many pages of the list the address shows (?page=N: the first N, as 'Show more jobs' loads them). */
  pages: number;
}

/** The fields a visitor changes, by the search's names; undefined salary bounds remove them. */
export interface BoardChange {
  title?: string;
  investor?: string;
  salaryMinK?: number | undefined;
  salaryMaxK?: number | undefined;
  location?: string;
  workplaces?: readonly WorkplaceType[];
  jobType?: string;
  level?: string;
  postedWithin?: PostedWithin | '';
  /** A country's code; '' = anywhere. */
  from?: string;
  visa?: boolean;
  sort?: JobSort;
  view?: BoardView;
}

/** The URL parameter of each field (these names are a contract: links and alerts hold them). */
const parameters = {
  title: 'q',
  investor: 'investor',
  salaryMinK: 'min',
  salaryMaxK: 'max',
  location: 'location',
  workplaces: 'workplace',
  jobType: 'type',
  level: 'level',
  postedWithin: 'posted',
  from: 'from',
  visa: 'visa',
  sort: 'sort',
  view: 'view',
} as const satisfies Record<keyof BoardChange, string>;

/** The filters' parameters: 'Clear Filters' removes them (the sort and the view stay). */
export const boardFilterParams = [
  parameters.title,
  parameters.investor,
  parameters.salaryMinK,
  parameters.salaryMaxK,
  parameters.location,
  parameters.workplaces,
  parameters.jobType,
  parameters.level,
  parameters.postedWithin,
  parameters.from,
  parameters.visa,
] as const;

const countryCode = (value: string) => (isCountryCode(value.toUpperCase()) ? value.toUpperCase() : '');

/** A number input's value: absent, empty or non-numeric means no bound (SPEC section 5). */
export function salaryInput(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

export function readBoardUrl(params: URLSearchParams): BoardUrl {
  const raw = (name: string) => params.get(name) ?? '';
  const text = (name: string) => raw(name).trim();
  // A GET form's checkboxes repeat the parameter (?workplace=Remote&workplace=Hybrid); links join them.
  const chosen = params.getAll(parameters.workplaces).join(',').split(',');
  const investor = text(parameters.investor);
  const min = salaryInput(params.get(parameters.salaryMinK));
  const max = salaryInput(params.get(parameters.salaryMaxK));
  const posted = raw(parameters.postedWithin);
  const sort = raw(parameters.sort);
  return {
    search: {
      ...emptyJobSearch,
      title: text(parameters.title),
      investor: investor === 'all' ? '' : investor,
      ...(min === undefined ? {} : { salaryMinK: min }),
      ...(max === undefined ? {} : { salaryMaxK: max }),
      location: text(parameters.location),
      workplaces: workplaceTypes.filter((type) => chosen.some((value) => same(value, type))),
      jobType: text(parameters.jobType),
      level: text(parameters.level),
      postedWithin: postedWithinPeriods.find((period) => period === posted) ?? '',
      // A GET form's unchecked box sends nothing; any value but '1' (a hand-made '0') is no filter.
      // A country's code, in any case. The name the picker's form sends before scripts run
      // ('Germany') the shell's server reads as its code before it renders (board-address.ts).
      from: countryCode(text(parameters.from)),
      visa: raw(parameters.visa) === '1',
      sort: jobSorts.find((value) => value === sort) ?? 'newest',
    },
    view: raw(parameters.view) === 'grid' ? 'grid' : 'list',
    typed: { title: raw(parameters.title), location: raw(parameters.location) },
    pages: leadingPages(params),
  };
}

/** The most pages an address may ask the server for at once ('Show more jobs' as a link: ?page=N). */
export const maxLeadingPages = 10;

/** The pages an address asks for (?page=N: the first N), 1 when it names none or a number out of range. */
export function leadingPages(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? Math.min(page, maxLeadingPages) : 1;
}

/** The search alone, for a caller that needs no field (the route table's first call). */
export const boardSearchFromUrl = (params: URLSearchParams): JobSearch => readBoardUrl(params).search;

/** Values that state no choice: their parameter is left out, so equal searches make equal URLs. */
const defaults: Partial<Record<keyof BoardChange, string>> = { investor: 'all', sort: 'newest', view: 'list' };

/** The URL entries of a change: a default value ('', 'all', 'newest', 'list', no bound) removes its parameter. */
export function boardUrlEntries(change: BoardChange): Record<string, string | undefined> {
  const entries: Record<string, string | undefined> = {};
  for (const [field, value] of Object.entries(change) as [keyof BoardChange, BoardChange[keyof BoardChange]][]) {
    const name = parameters[field];
    if (value === undefined) entries[name] = undefined;
    else if (typeof value === 'number') entries[name] = String(value);
    else if (typeof value === 'boolean') entries[name] = value ? '1' : undefined;
    else if (typeof value === 'string') entries[name] = value === '' || value === defaults[field] ? undefined : value;
    else entries[name] = workplaceTypes.filter((type) => value.includes(type)).join(',') || undefined;
  }
  return entries;
}

/** The saved page's search: only these jobs, by the ids call 1's `ids` takes (our API's integers). */
export function savedJobsSearch(ids: string[]): JobSearch {
  return { ...emptyJobSearch, ids: ids.filter(isIntegerId).map(Number) };
}
