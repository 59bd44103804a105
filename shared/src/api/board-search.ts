import { emptyJobSearch, type JobSearch, postedWithinPeriods, workplaceTypes } from '@board/shared/api/job-search';

/**
 * A board page's search as its URL states it (?q=&investor=&min=&max=&location=&workplace=&type=
 * &level=&posted=&sort=), as call 1 runs it. The shell's server and the listings remote read the
 * URL through this one function, so the page the server renders and the page the browser hydrates
 * have the same query key. Only what filters or orders the list counts (not ?view=), and a value
 * that disables a filter ('all', '', a malformed number) is the default, so equal searches are
 * equal objects.
 */
export function boardSearchFromUrl(params: URLSearchParams): JobSearch {
  const text = (name: string) => params.get(name)?.trim() ?? '';
  const chosen = params
    .getAll('workplace')
    .join(',')
    .split(',')
    .map((value) => value.trim().toLowerCase());
  const investor = text('investor');
  const min = salaryParam(params.get('min'));
  const max = salaryParam(params.get('max'));
  return {
    ...emptyJobSearch,
    title: text('q'),
    investor: investor === 'all' ? '' : investor,
    ...(min === undefined ? {} : { salaryMinK: min }),
    ...(max === undefined ? {} : { salaryMaxK: max }),
    location: text('location'),
    workplaces: workplaceTypes.filter((type) => chosen.includes(type.toLowerCase())),
    jobType: text('type'),
    level: text('level'),
    postedWithin: postedWithinPeriods.find((period) => period === params.get('posted')) ?? '',
    sort: params.get('sort') === 'salary' ? 'salary' : 'newest',
  };
}

/** A number input's value in the URL: absent, empty or non-numeric means no bound. */
function salaryParam(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/** The saved page's search: only these jobs (ids the API cannot hold are left out: never on the board). */
export function savedJobsSearch(ids: string[]): JobSearch {
  return { ...emptyJobSearch, ids: ids.filter((id) => /^\d{1,10}$/.test(id)).map(Number) };
}
