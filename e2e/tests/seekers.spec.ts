import type { Page } from '@playwright/test';
import { type ApiJob, apiJobs, findJob } from '../support/api';
import { expect, expectAccessible, test } from '../support/test';

/** The fields of call 1 these tests narrow by (the filters after the SPEC's four). */
type SeekerJob = ApiJob & {
  location: string | null;
  job_type: string | null;
  workplace_type: string | null;
  level: string | null;
  posted_date: string | null;
};

const week = 7 * 86_400_000;
const cards = (page: Page) => page.getByRole('article');

test.describe('a job seeker on a phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test('sees jobs on the first screen and narrows them in a sheet: remote, full-time, this week, newest first', async ({
    page,
    visit,
    board,
  }) => {
    const jobs = (await apiJobs(board)) as SeekerJob[];
    await visit('/', { heading: 'Find your dream job' });
    const first = await cards(page).first().boundingBox();
    expect(first?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(667 - 100);
    await expect(page.getByLabel('Job title')).toBeHidden();

    const button = page.getByRole('button', { name: /^Filters/ });
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await button.click();
    await expect(sheet).toBeVisible();
    expect(await sheet.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(button).toBeFocused();

    await button.click();
    await sheet.getByRole('checkbox', { name: 'Remote' }).check();
    await sheet.getByLabel('Job type').selectOption('Full-time');
    await sheet.getByLabel('Posted within').selectOption('7d');
    const expected = jobs.filter(
      (job) =>
        job.workplace_type === 'Remote' &&
        (job.job_type ?? 'Full-time') === 'Full-time' &&
        Date.now() - Date.parse(job.posted_date ?? '') <= week,
    );
    expect(expected.length).toBeGreaterThan(1);
    // The board follows each change at once; 'Apply filters' (the form's submit) closes the sheet.
    await expect(page.getByText(`${Math.min(24, expected.length)} of ${expected.length} jobs`)).toBeAttached();
    await sheet.getByRole('button', { name: 'Apply filters' }).click();
    await expect(sheet).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toContainText('3 active');
    await expect(page).toHaveURL(/\?workplace=Remote&type=Full-time&posted=7d$/);
    const shown = Math.min(24, expected.length);
    await expect(page.getByText(`${shown} of ${expected.length} jobs`)).toBeVisible();
    await expect(page.getByLabel('Sort by')).toHaveValue('newest');
    await expect(cards(page)).toHaveCount(shown);
    for (const text of await cards(page).allTextContents()) expect(text).toContain('Full-time · Remote');
    // Newest first: the API's own order.
    await expect(cards(page).first().getByRole('heading')).toHaveText(expected[0]?.title ?? '');
    await expect(cards(page).first()).toContainText(/Posted (just now|\d+ hours? ago|yesterday|\d days ago)/);
  });
});

test.describe('filters and sort at 1280 px', () => {
  test('stay in the URL, survive a job page and Back, and Clear Filters clears them all', async ({ page, visit }) => {
    await visit('/');
    await expect(page.getByRole('button', { name: /^Filters/ })).toHaveCount(0);
    await page.getByLabel('Location').fill('London');
    await page.getByRole('checkbox', { name: 'Hybrid' }).check();
    await page.getByRole('checkbox', { name: 'On-site' }).check();
    await page.getByLabel('Sort by').selectOption('salary');
    await expect(page).toHaveURL(/location=London&workplace=Hybrid%2COn-site&sort=salary$/);
    // The new results are on screen (the previous ones stay until they arrive).
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const count = await page.getByText(/^[\d,]+ of [\d,]+ jobs?$/).textContent();
    for (const text of await cards(page).allTextContents()) {
      expect(text).toContain('London');
      expect(text).toMatch(/Hybrid|On-site/);
    }
    await expect(cards(page).first()).not.toContainText('Salary not disclosed');
    const filteredUrl = page.url();

    await cards(page).first().getByRole('link').click();
    await expect(page).toHaveURL(/\/job\/\d+$/);
    await page.goBack();
    await expect(page).toHaveURL(filteredUrl);
    await expect(page.getByLabel('Location')).toHaveValue('London');
    await expect(page.getByRole('checkbox', { name: 'Hybrid' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Remote' })).not.toBeChecked();
    await expect(page.getByLabel('Sort by')).toHaveValue('salary');
    await expect(page.getByText(count ?? '')).toBeVisible();

    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page).toHaveURL(/\/\?sort=salary$/);
    await expect(page.getByLabel('Location')).toHaveValue('');
    await expect(page.getByRole('checkbox', { name: 'Hybrid' })).not.toBeChecked();
    await expect(page.getByRole('button', { name: 'Clear Filters' })).toHaveCount(0);
  });
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test.describe(`saved jobs at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('save two jobs, find them after a reload and a new browser, un-save one', async ({
      page,
      visit,
      browser,
      board,
    }) => {
      await visit('/');
      const savedLink = page.getByRole('banner').getByRole('link', { name: /^Saved jobs/ });
      await expect(savedLink).toHaveAccessibleName('Saved jobs: 0');
      const titles = await cards(page).getByRole('heading').allTextContents();
      const [first = '', , third = ''] = titles;
      const saveButton = (on: Page, index: number, title: string) =>
        cards(on)
          .nth(index)
          .getByRole('button', { name: `Save ${title}` });
      await saveButton(page, 0, first).click();
      await saveButton(page, 2, third).click();
      await expect(saveButton(page, 0, first)).toHaveAttribute('aria-pressed', 'true');
      await expect(savedLink).toHaveAccessibleName('Saved jobs: 2');
      await expect(page).toHaveURL(`${board.url}/`);

      await page.reload();
      await expect(savedLink).toHaveAccessibleName('Saved jobs: 2');
      await savedLink.click();
      await expect(page.getByRole('heading', { level: 1, name: 'Saved jobs' })).toBeVisible();
      await expect(cards(page).getByRole('heading')).toHaveText([third, first]);
      await expectAccessible(page);

      // Close the browser and come back: a new context with what the old one kept.
      const state = await page.context().storageState();
      const again = await browser.newContext({ storageState: state, viewport, baseURL: board.url });
      const later = await again.newPage();
      const errors: string[] = [];
      later.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      await later.goto('/saved');
      await expect(cards(later).getByRole('heading')).toHaveText([third, first]);
      await saveButton(later, 0, third).click();
      await expect(cards(later)).toHaveCount(1);
      await later.reload();
      await expect(cards(later).getByRole('heading')).toHaveText([first]);
      await expect(later.getByRole('banner').getByRole('link', { name: /^Saved jobs/ })).toHaveAccessibleName(
        'Saved jobs: 1',
      );
      expect(errors).toEqual([]);
      await again.close();
    });
  });
}

test('a saved job that has left the board says so instead of vanishing', async ({ page, visit, guard }) => {
  guard.allowConsoleErrors(/status of 404 .*public-job-posting\/999999/);
  await page.addInitScript(() => {
    if (!localStorage.getItem('board:saved-jobs'))
      localStorage.setItem(
        'board:saved-jobs',
        JSON.stringify([{ id: '999999', title: 'Chief Vibes Officer', company: 'Gone Ltd', savedAt: '' }]),
      );
  });
  await visit('/saved', { heading: 'Saved jobs' });
  const gone = cards(page).first();
  await expect(gone).toContainText('Chief Vibes Officer at Gone Ltd');
  await expect(gone).toContainText('This job is no longer on the board.');
  await gone.getByRole('button', { name: 'Remove Chief Vibes Officer' }).click();
  await expect(page.getByText(/You have no saved jobs yet/)).toBeVisible();
});

test.describe('sharing a job', () => {
  test('copies the canonical link, without the visitor’s query string, with a toast', async ({
    page,
    context,
    visit,
    board,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: board.url });
    // A browser without the Web Share API (desktop Chromium on Linux has none; make sure).
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'share', { value: undefined }));
    const job = await findJob(board, () => true);
    await visit(`/job/${job.id}?talent_partner_id=tp-42&application_source=partner_portal`, { heading: job.title });
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByText('Link copied to the clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${board.url}/job/${job.id}`);
    await expect(page.getByRole('time').first()).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  });

  test.describe('on a phone with the Web Share API', () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test('opens the share sheet with the job’s title and canonical link', async ({ page, visit, board }) => {
      await page.addInitScript(() => {
        Object.defineProperty(Navigator.prototype, 'share', {
          value: async (data: ShareData) => {
            (window as unknown as { shared: ShareData[] }).shared = [
              ...((window as unknown as { shared?: ShareData[] }).shared ?? []),
              data,
            ];
          },
        });
      });
      const job = await findJob(board, () => true);
      await visit(`/job/${job.id}?talent_partner_id=tp-42`, { heading: job.title });
      await page.getByRole('button', { name: 'Share' }).click();
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData[] }).shared))
        .toEqual([{ title: `${job.title} at ${job.organization_name}`, url: `${board.url}/job/${job.id}` }]);
    });
  });
});
