import { emptyJobSearch, type JobSearch } from '@board/shared/api/job-search';
import { jobSearchQuery } from '@board/shared/api/job-search-query';
import type { JobPageBody } from '@board/shared/api/page-bodies';
import { describe, expect, it } from 'vitest';
import { scopeFacetsCache } from '../search/caches';
import { jobsPublishedBetween } from '../search/published-between';
import { useTestApi } from '../test/use-test-api';

const api = useTestApi();

const searches: [string, Partial<JobSearch>, string | undefined][] = [
  ['everything', {}, undefined],
  ['a title', { title: 'engineer' }, undefined],
  ['a workspace', {}, 'demo'],
  ['location and workplace', { location: 'London', workplaces: ['Hybrid', 'On-site'] }, undefined],
  ['salary bounds', { salaryMinK: 60, salaryMaxK: 120 }, 'climate-collective'],
  ['type and level', { jobType: 'full-time', level: 'senior' }, undefined],
  ['an investor', { investor: 'Atomico' }, undefined],
  ['a country to work from', { from: 'DE' }, undefined],
  ['a country and its region', { from: 'FR', workplaces: ['Remote'] }, undefined],
  ['visa sponsorship', { visa: true }, undefined],
];

describe('a digest matches what the board’s search shows', () => {
  it('for each saved search, the window’s jobs are call 1’s answer cut to that window, newest first', async () => {
    const now = new Date();
    const after = new Date(now.getTime() - 40 * 24 * 3600_000);
    const found = await jobsPublishedBetween(
      api.db,
      searches.map(([, search, workspaceSlug]) => ({
        scope: { visibility: 'job_board_only', ...(workspaceSlug ? { workspaceSlug } : {}) },
        search: { ...emptyJobSearch, ...search },
      })),
      { after, until: now },
      20,
      scopeFacetsCache(),
    );
    for (const [index, [name, search, workspaceSlug]] of searches.entries()) {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(jobSearchQuery({ ...emptyJobSearch, ...search }, { limit: 100 })))
        if (value !== undefined) params.set(key, value);
      if (workspaceSlug) params.set('workspace_slug', workspaceSlug);
      const body = (await (await api.app.request(`/public-job-posting?${params}`)).json()) as JobPageBody;
      const inWindow = body.jobs.filter((job) => {
        const posted = typeof job.posted_date === 'string' ? Date.parse(job.posted_date) : Number.NaN;
        return posted > after.getTime() && posted <= now.getTime();
      });
      const result = found[index];
      // Call 1 lists the remote jobs that do not say from where last; a digest, newest first.
      const newestFirst = search.from
        ? [...inWindow].sort((a, b) => ((a.posted_date ?? '') < (b.posted_date ?? '') ? 1 : -1))
        : inWindow;
      expect(
        result?.rows.map((row) => row.job.id),
        name,
      ).toEqual(newestFirst.slice(0, 20).map((job) => job.id));
      expect(result?.more, name).toBe(inWindow.length > 20);
      expect(inWindow.length, `${name} has jobs to compare`).toBeGreaterThan(0);
    }
  });
});
