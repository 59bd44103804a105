import { emptyJobSearch, type JobSearch } from '@board/shared/api/job-search';

/**
 * What a job alert follows, in words ("Engineer · Remote · Sequoia · all jobs"), and the board
 * page that shows the same search: the form, the emails and the manage page say it the same way.
 * `countryName` names the country to work from (a page loads the names when a search has one).
 */
export function describeAlertSearch(
  search: JobSearch,
  board: { name?: string },
  countryName: (code: string) => string,
): string {
  const parts: string[] = [];
  if (search.title) parts.push(search.title);
  if (search.location) parts.push(search.location);
  parts.push(...search.workplaces);
  if (search.jobType) parts.push(search.jobType);
  if (search.level) parts.push(search.level);
  if (search.investor) parts.push(search.investor);
  if (search.from) parts.push(`can work from ${countryName(search.from)}`);
  if (search.visa) parts.push('visa sponsorship');
  if (search.salaryMinK !== undefined && search.salaryMaxK !== undefined)
    parts.push(`${search.salaryMinK}k–${search.salaryMaxK}k`);
  else if (search.salaryMinK !== undefined) parts.push(`from ${search.salaryMinK}k`);
  else if (search.salaryMaxK !== undefined) parts.push(`up to ${search.salaryMaxK}k`);
  parts.push(board.name ?? 'all jobs');
  return parts.join(' · ');
}

/**
 * What an alert follows, term by term, for its emails: each term's label in our words, and its
 * value. `typed` marks what the subscriber typed (the title, location, job type, level and
 * investor filters): an email quotes it as the words searched for, on a line of its own after its
 * label, and never in a subject, so no one can make a sentence of ours out of it. The rest (the
 * workplaces, the country, visa sponsorship and the salary, from the board's own choices and
 * numbers; the board's name) is ours.
 */
export interface AlertSearchTerm {
  label: string;
  value: string;
  typed: boolean;
}

export function alertSearchTerms(
  search: JobSearch,
  board: { name?: string },
  countryName: (code: string) => string,
): AlertSearchTerm[] {
  const terms: AlertSearchTerm[] = [];
  const typed = (label: string, value: string) => {
    if (value) terms.push({ label, value, typed: true });
  };
  typed('Words searched in the job title', search.title);
  typed('Words searched in the location', search.location);
  if (search.workplaces.length > 0)
    terms.push({ label: 'Workplace', value: search.workplaces.join(', '), typed: false });
  typed('Job type searched', search.jobType);
  typed('Level searched', search.level);
  typed('Investor searched', search.investor);
  if (search.from) terms.push({ label: 'Can work from', value: countryName(search.from), typed: false });
  if (search.visa) terms.push({ label: 'Visa sponsorship', value: 'Offered', typed: false });
  const salary =
    search.salaryMinK !== undefined && search.salaryMaxK !== undefined
      ? `${search.salaryMinK}k–${search.salaryMaxK}k`
      : search.salaryMinK !== undefined
        ? `from ${search.salaryMinK}k`
        : search.salaryMaxK !== undefined
          ? `up to ${search.salaryMaxK}k`
          : '';
  if (salary) terms.push({ label: 'Salary (thousands, USD)', value: salary, typed: false });
  terms.push({ label: 'Board', value: alertBoardName(board), typed: false });
  return terms;
}

/** The board an alert follows, by name ("all jobs" for the whole board): what its emails' subjects name. */
export const alertBoardName = (board: { name?: string } = {}): string => board.name ?? 'all jobs';

/**
 * The board's path and query for a search (the board's own parameter names: q, investor, min,
 * max, location, workplace, type, level, from, visa), on all jobs (`/`) or a workspace's board (`/slug`).
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
  set('from', search.from);
  set('visa', search.visa ? '1' : undefined);
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
