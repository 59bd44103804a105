/**
 * A board page's search as its URL states it (?q=&investor=&min=&max=&location=&workplace=&type=
 * &level=&posted=&sort=) and as call 1 asks for it. The shell's server and the listings remote read
 * the URL through this one function, so the query the server renders and the query the browser
 * hydrates have the same key. Only what filters or orders the list is kept (not ?view=), and
 * nothing that disables a filter ('all', '', a malformed number), so equal searches are equal
 * objects.
 */
export interface BoardSearch {
  title?: string;
  investor?: string;
  salaryMinK?: number;
  salaryMaxK?: number;
  location?: string;
  workplace?: string[];
  jobType?: string;
  level?: string;
  postedWithin?: '24h' | '7d' | '30d';
  sort?: 'salary';
}

const workplaceTypes = ['Remote', 'Hybrid', 'On-site'];
const periods = ['24h', '7d', '30d'] as const;

/** A number input's value in the URL: absent, empty or non-numeric means no bound. */
function salaryParam(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

export function boardSearchFromUrl(params: URLSearchParams): BoardSearch {
  const search: BoardSearch = {};
  const title = params.get('q')?.trim();
  if (title) search.title = title;
  const investor = params.get('investor');
  if (investor && investor !== 'all') search.investor = investor;
  const min = salaryParam(params.get('min'));
  if (min !== undefined) search.salaryMinK = min;
  const max = salaryParam(params.get('max'));
  if (max !== undefined) search.salaryMaxK = max;
  const location = params.get('location')?.trim();
  if (location) search.location = location;
  const chosen = (params.get('workplace') ?? '').split(',').map((value) => value.trim().toLowerCase());
  const workplace = workplaceTypes.filter((type) => chosen.includes(type.toLowerCase()));
  if (workplace.length > 0) search.workplace = workplace;
  const jobType = params.get('type')?.trim();
  if (jobType) search.jobType = jobType;
  const level = params.get('level')?.trim();
  if (level) search.level = level;
  const posted = periods.find((period) => period === params.get('posted'));
  if (posted) search.postedWithin = posted;
  if (params.get('sort') === 'salary') search.sort = 'salary';
  return search;
}

/** Call 1's query parameters for a search (see the API's README: call 1). */
export function boardSearchQuery(search: BoardSearch): Record<string, string | undefined> {
  return {
    title: search.title,
    investor: search.investor,
    salary_min_k: search.salaryMinK === undefined ? undefined : String(search.salaryMinK),
    salary_max_k: search.salaryMaxK === undefined ? undefined : String(search.salaryMaxK),
    location: search.location,
    workplace: search.workplace?.join(','),
    job_type: search.jobType,
    level: search.level,
    posted_within: search.postedWithin,
    sort: search.sort,
  };
}
