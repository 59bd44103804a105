import { emptyJobSearch, type JobSearch } from '@board/shared/api/job-search';

/**
 * What a job alert follows, in words ("Engineer · Remote · Sequoia · all jobs"), and the board
 * page that shows the same search: the form, the emails and the manage page say it the same way.
 */
export function describeAlertSearch(search: JobSearch, board: { name?: string } = {}): string {
  const parts: string[] = [];
  if (search.title) parts.push(search.title);
  if (search.location) parts.push(search.location);
  parts.push(...search.workplaces);
  if (search.jobType) parts.push(search.jobType);
  if (search.level) parts.push(search.level);
  if (search.investor) parts.push(search.investor);
  if (search.salaryMinK !== undefined && search.salaryMaxK !== undefined)
    parts.push(`${search.salaryMinK}k–${search.salaryMaxK}k`);
  else if (search.salaryMinK !== undefined) parts.push(`from ${search.salaryMinK}k`);
  else if (search.salaryMaxK !== undefined) parts.push(`up to ${search.salaryMaxK}k`);
  parts.push(board.name ?? 'all jobs');
  return parts.join(' · ');
}

/**
 * The board's path and query for a search (the board's own parameter names: q, investor, min,
 * max, location, workplace, type, level), on all jobs (`/`) or a workspace's board (`/slug`).
 */
export function boardSearchPath(search: JobSearch, workspaceSlug?: string): string {
  const params = new URLSearchParams();
  const set = (name: string, value: string | number | undefined) => {
    if (value !== undefined && value !== '') params.set(name, String(value));
  };
  set('q', search.title);
  set('investor', search.investor);
  set('min', search.salaryMinK);
  set('max', search.salaryMaxK);
  set('location', search.location);
  set('workplace', search.workplaces.join(','));
  set('type', search.jobType);
  set('level', search.level);
  const query = params.toString();
  const path = workspaceSlug ? `/${encodeURIComponent(workspaceSlug)}` : '/';
  return query ? `${path}?${query}` : path;
}

/** A stored search read back (missing keys take the defaults of an empty search). */
export function storedJobSearch(value: unknown): JobSearch {
  // An alert follows new jobs: no order of its own, and never a fixed list of jobs.
  const {
    ids: _ids,
    sort: _sort,
    ...stored
  } = (typeof value === 'object' && value !== null ? value : {}) as Partial<JobSearch>;
  return { ...emptyJobSearch, ...stored };
}
