import type { Page } from '@playwright/test';
import { type ApiJob, apiJobs } from '../support/api';
import { fillRequired, solveLocalCaptcha } from '../support/application';
import { asMarkup, isRendered, rootMarkup } from '../support/served-html';
import { expect, expectAccessible, test } from '../support/test';

/**
 * A visitor's tour of the board against another platform's API (the `spec-api` project: call 1 as
 * SPEC section 7 states it, and job and company ids spelled the platform's way, UUIDs and
 * `j-…`/`org-…`): a filtered board, a job, its application and confirmation, the companies, a
 * company, and Back onto the filtered board; each page once as the browser renders it (the
 * visitor moves on in the page) and once as the server does (the page's first load).
 */

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const platformId = new RegExp(`${uuid.source}|^(?:j|org)-\\d+$`);
const inSite = (job: ApiJob) => /\/job\/[^/]+\/apply$/.test(job.application_url ?? '');

/** The id at the end of the page's address. */
const idOf = (page: Page) => decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '');

/** Applies for the job whose form is on screen, as Ada; resolves on the confirmation. */
async function apply(page: Page, id: string) {
  await fillRequired(page);
  await solveLocalCaptcha(page);
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/job/${id}/apply/success`);
  await expect(page.getByRole('heading', { level: 1, name: 'Application Submitted Successfully!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Job Details' })).toHaveAttribute('href', `/job/${id}`);
}

test.describe("another platform's ids", { tag: '@spec-api' }, () => {
  test('the API spells jobs and companies its own way: UUIDs and j-… / org-…', async ({ board }) => {
    const jobs = await apiJobs(board);
    for (const job of jobs) {
      expect(String(job.id)).toMatch(platformId);
      expect(String(job.organization_id)).toMatch(platformId);
    }
    expect(jobs.some((job) => String(job.id).startsWith('j-'))).toBe(true);
    expect(jobs.some((job) => uuid.test(String(job.id)))).toBe(true);
    expect(jobs.some((job) => String(job.organization_id).startsWith('org-'))).toBe(true);
    expect(jobs.some((job) => uuid.test(String(job.organization_id)))).toBe(true);
  });

  test('rendered by the browser: a filtered board, a job and Back, an application, the companies and a company', async ({
    page,
    visit,
    board,
  }) => {
    test.slow();
    const jobs = await apiJobs(board);
    const byId = new Map(jobs.map((job) => [String(job.id), job]));
    await visit('/', { heading: 'Find your dream job' });
    await page.getByLabel('Job title').fill('engineer');
    await page.getByRole('button', { name: 'Grid view' }).click();
    await expect(page).toHaveURL(/\/\?q=engineer&view=grid$/);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const filtered = page.url();
    const cards = page.getByRole('article');
    const hrefs = await cards
      .locator('a[href^="/job/"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    const shown = hrefs.flatMap((href) => byId.get(decodeURIComponent(href?.replace('/job/', '') ?? '')) ?? []);
    expect(shown.length).toBeGreaterThan(1);
    const job = shown.find(inSite);
    if (!job) throw new Error('no engineer job with an in-site application on the first page');

    // The job, and Back onto the board as it was filtered and laid out.
    await page.locator(`a[href="/job/${job.id}"]`).click();
    await expect(page.getByRole('heading', { level: 1, name: job.title })).toBeVisible();
    expect(idOf(page)).toBe(job.id);
    await expect(page).toHaveTitle(`${job.title} at ${job.organization_name} · Foundry Jobs`);
    const posting = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(posting).toMatchObject({ '@type': 'JobPosting', title: job.title, url: `${board.url}/job/${job.id}` });
    await expectAccessible(page);
    await page.goBack();
    await expect(page).toHaveURL(filtered);
    await expect(page.getByLabel('Job title')).toHaveValue('engineer');
    await expect(page.getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'true');
    for (const title of await cards.getByRole('heading').allTextContents())
      expect(title.toLowerCase()).toContain('engineer');

    // Apply, from the job page; the confirmation; our API stored the application under its job.
    await page.locator(`a[href="/job/${job.id}"]`).click();
    await page.getByRole('link', { name: 'Apply for this position' }).click();
    await expect(page).toHaveURL((url) => url.pathname === `/job/${job.id}/apply`);
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(job.title) })).toBeVisible();
    await expectAccessible(page);
    await apply(page, String(job.id));
    await expectAccessible(page);
    expect((await board.applications()).at(-1)).toMatchObject({
      jobPostingId: board.storedJobId(job.id),
      candidateName: 'Ada Lovelace',
    });

    // The companies, one company's page, and back to the list.
    await page.getByRole('link', { name: 'Browse More Jobs' }).click();
    await page.getByRole('link', { name: 'Companies', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Browse companies' })).toBeVisible();
    const company = page.getByRole('article').first();
    const name = (await company.getByRole('heading').textContent()) ?? '';
    await company.getByRole('link', { name: `View Jobs at ${name}` }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    expect(idOf(page)).toMatch(platformId);
    await expect(page.getByRole('article').first()).toContainText(name);
    const jobLink = page.getByRole('article').first().locator('a[href^="/job/"]').first();
    expect(decodeURIComponent(((await jobLink.getAttribute('href')) ?? '').replace('/job/', ''))).toMatch(platformId);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Back to companies' }).click();
    await expect(page).toHaveURL(/\/companies$/);
  });

  test('rendered by the server: each page of the tour as its first load, and Back onto the filtered board', async ({
    page,
    request,
    visit,
    board,
  }) => {
    test.slow();
    const jobs = await apiJobs(board);
    const job = jobs.find((candidate) => inSite(candidate) && uuid.test(String(candidate.id)));
    if (!job) throw new Error('no job with a UUID and an in-site application');
    const company = jobs.find((candidate) => String(candidate.organization_id).startsWith('org-'));
    if (!company) throw new Error('no company spelled org-…');
    /** The page's HTML as the server sends it: rendered, holding `markup`. */
    const rendered = async (path: string, markup: string) => {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      expect(isRendered(html), `${path} is rendered on the server`).toBe(true);
      expect(rootMarkup(html)).toContain(markup);
      return html;
    };

    const html = await rendered(`/job/${job.id}`, `${asMarkup(job.title)}</h1>`);
    expect(html).toContain(`<meta property="og:image" content="${board.url}/og/job/${job.id}.png"`);
    const card = await request.get(`/og/job/${job.id}.png`);
    expect(card.status()).toBe(200);
    expect(card.headers()['content-type']).toBe('image/png');
    await rendered(`/job/${job.id}/apply`, 'Submit Application');
    await rendered(`/companies/${company.organization_id}`, `${asMarkup(company.organization_name)}</h1>`);
    const companies = await rendered('/companies', 'Browse companies</h1>');
    const links = [...rootMarkup(companies).matchAll(/href="\/companies\/([^"]+)"/g)].map((link) => link[1]);
    expect(links.length).toBeGreaterThan(1);
    for (const id of links) expect(id).toMatch(platformId);

    await visit(`/job/${job.id}/apply`, { heading: new RegExp(job.title) });
    await apply(page, String(job.id));
    await visit(`/job/${job.id}/apply/success`, { heading: 'Application Submitted Successfully!' });
    await visit(`/companies/${company.organization_id}`, { heading: company.organization_name });

    // A filtered board loaded as a link opens it; a job loaded from it; Back.
    await page.goto('/?q=engineer&view=grid');
    const first = page.getByRole('article').first().getByRole('link');
    const href = (await first.getAttribute('href')) ?? '';
    expect(decodeURIComponent(href.replace('/job/', ''))).toMatch(platformId);
    await page.goto(href);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/\?q=engineer&view=grid$/);
    await expect(page.getByLabel('Job title')).toHaveValue('engineer');
    await expect(page.getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'true');
  });
});
