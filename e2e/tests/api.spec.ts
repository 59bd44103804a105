import { expect, test } from '../support/test';

test('the board origin reads the API across origins (CORS), with the demo data', async ({ page, visit, board }) => {
  await visit('/terms-of-service');
  const result = await page.evaluate(async (api) => {
    const workspace = await fetch(`${api}/public-job-posting/workspace/demo`, {
      headers: { Accept: 'application/json' },
    });
    const jobs = await fetch(`${api}/public-job-posting?workspace_slug=demo&visibility=job_board_only`);
    return {
      status: workspace.status,
      workspace: await workspace.json(),
      jobs: ((await jobs.json()) as { jobs: unknown[] }).jobs.length,
    };
  }, board.config.apiBaseUrl);
  expect(result).toMatchObject({ status: 200, workspace: { slug: 'demo', name: 'Demo Ventures' } });
  expect(result.jobs).toBeGreaterThan(10);
});

test('a page on another origin cannot read the API', async ({ page, board, guard }) => {
  guard.allowConsoleErrors(/blocked by CORS policy|Failed to load resource/);
  await page.goto(`${board.originOf('static')}/remoteEntry.js`);
  const outcome = await page.evaluate(async (api) => {
    try {
      await fetch(`${api}/public-job-posting/workspace/demo`);
      return 'read';
    } catch {
      return 'blocked';
    }
  }, board.config.apiBaseUrl);
  expect(outcome).toBe('blocked');
});
