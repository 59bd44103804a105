import type { Board } from './board';

/** A job as the API delivers it (call 1), for finding demo jobs with a given property. */
export interface ApiJob {
  id: number;
  title: string;
  organization_id: number;
  organization_name: string;
  application_url: string | null;
  investors: { all: string[]; last_round: string[] } | null;
}

export async function apiJobs(board: Board, workspaceSlug?: string): Promise<ApiJob[]> {
  const url = new URL('/public-job-posting', board.config.apiBaseUrl);
  if (workspaceSlug) url.searchParams.set('workspace_slug', workspaceSlug);
  const response = await fetch(url);
  return ((await response.json()) as { jobs: ApiJob[] }).jobs;
}

export async function findJob(board: Board, matches: (job: ApiJob) => boolean): Promise<ApiJob> {
  const job = (await apiJobs(board)).find(matches);
  if (!job) throw new Error('no demo job matches');
  return job;
}
