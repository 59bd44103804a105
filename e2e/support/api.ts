import type { Board } from './board';

/**
 * A job as the API delivers it (call 1), for finding demo jobs with a given property. Its ids are
 * the API's: integers from ours, strings from another platform's (the `spec-api` project).
 */
export interface ApiJob {
  id: number | string;
  title: string;
  organization_id: number | string;
  organization_name: string;
  application_url: string | null;
  salary_min: number | null;
  salary_max: number | null;
  investors: { all: string[]; last_round: string[] } | null;
}

export async function apiJobs(board: Board, workspaceSlug?: string): Promise<ApiJob[]> {
  const url = new URL('/public-job-posting', board.config.apiBaseUrl);
  if (workspaceSlug) url.searchParams.set('workspace_slug', workspaceSlug);
  const response = await fetch(url);
  return ((await response.json()) as { jobs: ApiJob[] }).jobs;
}

/** The first number of the job's salary text in thousands (SPEC section 5), null when it shows none. */
export function firstSalaryK(job: ApiJob): number | null {
  const k = (value: number | null) => (value && value > 0 ? Math.round(value / 1000) : 0);
  return k(job.salary_min) || k(job.salary_max) || null;
}

export async function findJob(board: Board, matches: (job: ApiJob) => boolean): Promise<ApiJob> {
  const job = (await apiJobs(board)).find(matches);
  if (!job) throw new Error('no demo job matches');
  return job;
}
