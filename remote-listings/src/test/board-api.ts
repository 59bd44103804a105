import type { FacetCount } from '@board/shared/api/page-bodies';
import type { ServerJobBody } from './create-job';

/**
 * Call 1 with `limit` as the API answers it, over `jobs` (in the API's newest-first order): a
 * page of the search, its total, the next cursor and the facets of every job. The search is a
 * test's stand-in for the database (title, investor, workplace, job type, level and ids); the
 * SPEC's rules themselves are the API's, tested there. Without `limit`: the whole list.
 */
export function jobSearchAnswer(
  jobs: ServerJobBody[],
  { total, totalIsLowerBound }: { total?: number; totalIsLowerBound?: boolean } = {},
) {
  return (url: URL) => {
    const get = (name: string) => url.searchParams.get(name) ?? '';
    if (!url.searchParams.has('limit')) return { jobs };
    const title = get('title').toLowerCase();
    const ids = get('ids') ? get('ids').split(',') : null;
    const workplaces = get('workplace') ? get('workplace').split(',') : null;
    const investors = (job: ServerJobBody) => {
      const value = job.investors as { all?: string[]; last_round?: string[] } | null;
      return [...(value?.all ?? []), ...(value?.last_round ?? [])];
    };
    const matches = jobs.filter(
      (job) =>
        String(job.title).toLowerCase().includes(title) &&
        (!ids || ids.includes(String(job.id))) &&
        (!get('investor') || investors(job).includes(get('investor'))) &&
        (!workplaces || workplaces.includes(String(job.workplace_type))) &&
        (!get('job_type') || job.job_type === get('job_type')) &&
        (!get('level') || job.level === get('level')),
    );
    return {
      ...pageOf(matches, url, 'jobs'),
      ...(total === undefined ? {} : { total }),
      ...(totalIsLowerBound === undefined ? {} : { total_is_lower_bound: totalIsLowerBound }),
      facets: facetsOf(jobs),
    };
  };
}

/** A page of `items` at the request's cursor (an offset here; opaque to the board) and `limit`. */
export function pageOf<K extends string>(items: unknown[], url: URL, name: K) {
  const limit = Number(url.searchParams.get('limit'));
  const start = Number(url.searchParams.get('cursor')?.replace('at', '') || 0);
  const end = start + limit;
  return {
    [name]: items.slice(start, end),
    total: items.length,
    next_cursor: end < items.length ? `at${end}` : null,
  } as Record<K, unknown[]> & { total: number; next_cursor: string | null };
}

function counts(values: unknown[]): FacetCount[] {
  const found = new Map<string, number>();
  for (const value of values) if (typeof value === 'string') found.set(value, (found.get(value) ?? 0) + 1);
  return [...found].map(([value, count]) => ({ value, count }));
}

function facetsOf(jobs: ServerJobBody[]) {
  const salaries = jobs
    .map((job) => (typeof job.salary_min === 'number' && job.salary_min > 0 ? Math.round(job.salary_min / 1000) : null))
    .filter((salary): salary is number => salary !== null);
  return {
    investors: counts(
      jobs.flatMap((job) => {
        const value = job.investors as { all?: string[]; last_round?: string[] } | null;
        return [...new Set([...(value?.all ?? []), ...(value?.last_round ?? [])])];
      }),
    )
      .map(({ value, count }) => ({ name: value, count }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    salary_k: salaries.length ? { min: Math.min(...salaries), max: Math.max(...salaries) } : null,
    job_types: counts(jobs.map((job) => job.job_type)),
    levels: counts(jobs.map((job) => job.level)),
    workplace_types: counts(jobs.map((job) => job.workplace_type)),
    locations: counts(jobs.map((job) => job.location)),
  };
}
