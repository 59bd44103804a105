import { apiJobs, findJob, firstSalaryK } from '../support/api';
import { isRendered, waitForHydration } from '../support/served-html';
import { expect, expectAccessible, test } from '../support/test';

test.describe('jobs board', () => {
  test('shows the first page of 24 jobs from the server, more with the button and as the visitor scrolls', {
    tag: '@spec-api',
  }, async ({ page, visit, board }) => {
    // Every page of the demo board, scrolled through, then axe over 150 cards: a long scenario.
    test.slow();
    const jobs = await apiJobs(board);
    expect(jobs.length).toBeGreaterThan(48);
    const total = jobs.length.toLocaleString('en-GB');
    const pageRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/public-job-posting?')) pageRequests.push(request.url());
    });
    await visit('/', { heading: 'Find your dream job' });
    // The first page is in the server's HTML and its data: the browser asks for nothing more.
    await expect(page.getByText(`24 of ${total} jobs`)).toBeVisible();
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(24);
    const first = jobs[0];
    await expect(cards.first().getByRole('link', { name: first?.title })).toHaveAttribute('href', `/job/${first?.id}`);
    await expect(page.getByText('Salary not disclosed').first()).toBeVisible();
    expect(pageRequests.filter((url) => !url.includes('&limit=24') || url.includes('cursor='))).toEqual([]);

    // Further pages arrive as the visitor scrolls to the end of the list, up to every job.
    while ((await cards.count()) < jobs.length) {
      const shown = await cards.count();
      await page.keyboard.press('End');
      await expect.poll(() => cards.count(), 'scrolling to the end shows more cards').toBeGreaterThan(shown);
    }
    await expect(cards).toHaveCount(jobs.length);
    await expect(page.getByText(`${total} of ${total} jobs`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Show more jobs' })).toHaveCount(0);
    await expect(cards.nth(24).getByRole('link')).toHaveAttribute('href', `/job/${jobs[24]?.id}`);
    await expectAccessible(page);
  });

  test("'Show more jobs' is a real link (the next page's address), which the keyboard follows in place, keeping its focus as pages append", {
    tag: '@spec-api',
  }, async ({ page, visit, board }) => {
    // Without automatic loading (no IntersectionObserver), so that only the button loads pages.
    await page.addInitScript(() => {
      Reflect.deleteProperty(window, 'IntersectionObserver');
    });
    const jobs = await apiJobs(board);
    const total = jobs.length.toLocaleString('en-GB');
    await visit('/', { heading: 'Find your dream job' });
    const cards = page.getByRole('article');
    const more = page.getByRole('link', { name: 'Show more jobs' });
    await expect(more).toHaveAttribute('href', '/?page=2');
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(`48 of ${total} jobs`)).toBeVisible();
    await expect(cards).toHaveCount(48);
    await expect(more).toBeFocused();
    while ((await cards.count()) < jobs.length) {
      const shown = await cards.count();
      await page.keyboard.press('Enter');
      await expect.poll(() => cards.count()).toBeGreaterThan(shown);
    }
    // The last page is in: focus moves to the list's end, which says so.
    await expect(more).toHaveCount(0);
    await expect(page.getByText(`All ${total} jobs are shown.`)).toBeFocused();
  });

  test('Back and a reload return to the same jobs at the same place', { tag: '@spec-api' }, async ({ page, visit }) => {
    await visit('/', { heading: 'Find your dream job' });
    const cards = page.getByRole('article');
    while ((await cards.count()) < 72) {
      const shown = await cards.count();
      await page.keyboard.press('End');
      await expect.poll(() => cards.count()).toBeGreaterThan(shown);
    }
    const loaded = await cards.count();
    const target = cards.nth(60);
    const title = (await target.getByRole('heading').textContent()) ?? '';
    await target.scrollIntoViewIfNeeded();
    const scrollBefore = await page.evaluate(() => window.scrollY);
    expect(scrollBefore).toBeGreaterThan(2000);

    await target.getByRole('link').click();
    await expect(page).toHaveURL(/\/job\/[^/?]+$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(cards).toHaveCount(loaded);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrollBefore - 50);
    await expect(cards.nth(60).getByRole('heading')).toHaveText(title);

    // A reload: the server renders the first page, the browser loads the two others and scrolls back.
    await page.reload();
    await expect(cards).toHaveCount(loaded);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrollBefore - 50);
    await expect(cards.nth(60)).toBeInViewport();
  });

  test("typing: the board shows the answer to the word typed, never another search's results nor placeholders", {
    tag: '@spec-api',
  }, async ({ page, board }) => {
    const jobs = await apiJobs(board);
    const expected = jobs.filter((job) => job.title.toLowerCase().includes('engineer'));
    expect(expected.length).toBeGreaterThan(0);
    // The board as the server renders it, with its first page only: each search then asks the API
    // (a page the loaded server sent unrendered, whose browser read an API answering as the SPEC
    // states, would search the whole list it holds, with no request). Asked for again until so.
    await expect(async () => {
      const response = await page.goto('/');
      expect(isRendered((await response?.text()) ?? '')).toBe(true);
    }).toPass({ timeout: 120_000 });
    await waitForHydration(page);
    // Each search is held until the test lets it go, as a slow API or a busy machine holds it.
    const held: { title: string; answer: () => void }[] = [];
    let holding = true;
    await page.route(`${board.config.apiBaseUrl}/public-job-posting?*`, async (route) => {
      const title = new URL(route.request().url()).searchParams.get('title');
      if (title !== null && holding) await new Promise<void>((answer) => held.push({ title, answer }));
      // A request the page aborted meanwhile cannot be continued.
      await route.continue().catch(() => {});
    });
    const answered: string[] = [];
    const ended: string[] = [];
    const titleOf = (url: string) => new URL(url).searchParams.get('title');
    page.on('requestfinished', (request) => {
      const title = titleOf(request.url());
      if (title !== null) answered.push(title);
    });
    page.on('requestfailed', (request) => {
      const title = titleOf(request.url());
      if (title !== null) ended.push(title);
    });
    // What the visitor sees, at every change of the page: the count, placeholders or not, the titles.
    await page.evaluate(() => {
      const screens: string[] = [];
      const record = () => {
        const count = document.querySelector('p[role="status"]')?.textContent ?? '';
        const loading = document.querySelector('[aria-label="Loading jobs"]') ? 'placeholders' : '';
        const titles = Array.from(document.querySelectorAll('article h3'), (title) => title.textContent).join('|');
        const screen = `${count} ${loading}: ${titles}`;
        if (screens.at(-1) !== screen) screens.push(screen);
      };
      record();
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
      Object.assign(window, { screens });
    });
    const screens = () => page.evaluate(() => (window as unknown as { screens: string[] }).screens);
    expect(await screens()).toEqual([expect.stringMatching(/^24 of [\d,]+ jobs : /)]);

    // A pause after the first key (a long task on a busy machine makes one between two keys): the
    // search for 'e' goes out. The next key supersedes it; its answer, let go right then, arrives
    // while the visitor types on: it neither shows nor counts (the request was aborted).
    const field = page.getByLabel('Job title');
    await field.press('e');
    await expect.poll(() => held.map((search) => search.title)).toEqual(['e']);
    await field.press('n');
    held[0]?.answer();
    await expect.poll(() => [...answered, ...ended]).toContain('e');
    await field.pressSequentially('gineer', { delay: 40 });
    await expect(page).toHaveURL(/\?q=engineer$/);
    // While the answer is out, the jobs on screen stay, marked busy.
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(1);
    await expect.poll(() => held.at(-1)?.title).toBe('engineer');
    holding = false;
    for (const search of held) search.answer();
    await expect(page.getByText(`${Math.min(24, expected.length)} of ${expected.length} jobs`)).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    for (const title of await page.getByRole('article').getByRole('heading').allTextContents())
      expect(title.toLowerCase()).toContain('engineer');
    // Two screens only: the board as it was, then the answer to 'engineer'.
    const answer = `${Math.min(24, expected.length)} of ${expected.length} jobs : `;
    const seen = await screens();
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.slice(1).filter((screen) => !screen.startsWith(answer))).toEqual([]);
    expect(answered).toEqual(['engineer']);

    await page.getByLabel('Job title').fill('zzzz-no-such-role');
    await expect(page.getByText('No job listings found.')).toBeVisible();
    await expect(page.getByText('0 of 0 jobs')).toBeVisible();
  });

  // The first page comes with its data (rendered on the server): the browser's loading and error
  // states show on a page it loads itself, here after a client-side navigation from /companies.
  test('shows 6 placeholder cards while the API is slow', async ({ page, board }) => {
    await page.goto('/companies');
    await waitForHydration(page);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`${board.config.apiBaseUrl}/public-job-posting?*`, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('link', { name: 'Jobs', exact: true }).click();
    const loading = page.getByRole('status', { name: 'Loading jobs' });
    await expect(loading.getByRole('listitem')).toHaveCount(6);
    await expectAccessible(page);
    release();
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(loading).toHaveCount(0);
  });

  test('shows the error state when the API is down', async ({ page, board, guard }) => {
    guard.allowConsoleErrors(/Failed to load resource|ERR_CONNECTION_REFUSED|ERR_FAILED/);
    await page.goto('/companies');
    await waitForHydration(page);
    await page.route(`${board.config.apiBaseUrl}/**`, (route) => route.abort('connectionrefused'));
    await page.getByRole('link', { name: 'Jobs', exact: true }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Unable to load jobs');
    await expect(alert).toContainText('There was an error loading the job listings. Please try again later.');
    await expect(page.getByRole('heading', { level: 1, name: 'Find your dream job' })).toBeVisible();
    await expectAccessible(page);
  });

  test('filters in the URL: shareable, empty state, Clear Filters, and Back returns to them', {
    tag: '@spec-api',
  }, async ({ page, visit }) => {
    await visit('/');
    await page.getByLabel('Job title').fill('zzzz-no-such-role');
    await expect(page.getByText('No job listings found.')).toBeVisible();
    await expect(page).toHaveURL(/\?q=zzzz-no-such-role$/);
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page.getByRole('button', { name: 'Clear Filters' })).toHaveCount(0);

    await page.getByLabel('Job title').fill('engineer');
    const grid = page.getByRole('button', { name: 'Grid view' });
    await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
    await grid.click();
    await expect(grid).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/q=engineer/);
    await expect(page).toHaveURL(/view=grid/);
    // The new results are on screen (the previous ones stay until they arrive).
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const cards = page.getByRole('article');
    for (const title of await cards.getByRole('heading').allTextContents())
      expect(title.toLowerCase()).toContain('engineer');
    const filteredUrl = page.url();

    // Scroll down, open a job, come back: same filters, same layout, same place.
    const target = cards.nth(Math.min(7, (await cards.count()) - 1));
    await target.scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 200);
    const scrollBefore = await page.evaluate(() => window.scrollY);
    expect(scrollBefore).toBeGreaterThan(300);
    await target.getByRole('link').click();
    await expect(page).toHaveURL(/\/job\/[^/?]+$/);
    await page.getByRole('link', { name: 'Back to Jobs' }).click();
    await expect(page).toHaveURL(filteredUrl);
    await expect(page.getByLabel('Job title')).toHaveValue('engineer');
    await expect(grid).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrollBefore - 50);

    // A shared link opens with the same filters.
    await page.goto(filteredUrl);
    await expect(page.getByLabel('Job title')).toHaveValue('engineer');
  });

  test('filters by investor and salary', { tag: '@spec-api' }, async ({ page, visit, board }) => {
    const jobs = await apiJobs(board);
    const investor = jobs.find((job) => (job.investors?.all.length ?? 0) > 0)?.investors?.all[0] ?? '';
    await visit('/');
    await page.getByLabel('Investor', { exact: true }).selectOption(investor);
    await expect(page).toHaveURL(new RegExp(`investor=${encodeURIComponent(investor).replace(/%20/g, '(\\+|%20)')}`));
    const expected = jobs.filter(
      (job) => job.investors?.all.includes(investor) || job.investors?.last_round.includes(investor),
    ).length;
    await expect(
      page.getByText(`${Math.min(24, expected)} of ${expected} ${expected === 1 ? 'job' : 'jobs'}`),
    ).toBeVisible();

    await page.getByLabel('Investor', { exact: true }).selectOption('all');
    const min = page.getByLabel('Min salary (k USD)');
    const lowest = Number(await min.inputValue());
    expect(lowest).toBeGreaterThan(0);
    await min.fill('100');
    await expect(page).toHaveURL(/min=100/);
    // Below 100k is out (a 90k job too); a job that shows no salary is never excluded.
    const paid = jobs.filter((job) => (firstSalaryK(job) ?? 100) >= 100).length;
    expect(paid).toBeLessThan(jobs.length);
    await expect(page.getByText(`${Math.min(24, paid)} of ${paid} jobs`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Clear Filters' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(min).toHaveValue(String(lowest));
  });

  test('a workspace board is titled with its name; an unknown workspace is a 404', { tag: '@spec-api' }, async ({
    page,
    visit,
    guard,
  }) => {
    guard.allowConsoleErrors(/status of 404 .*no-such-workspace/);
    await visit('/demo', { heading: 'Find your dream job in Demo Ventures' });
    await expect(page.getByRole('article').first()).toBeVisible();
    await visit('/no-such-workspace', { heading: 'Page Not Found' });
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("a filtered link comes from the server filtered, counted and paged by the SPEC's rules", {
    tag: '@spec-api',
  }, async ({ page, board }) => {
    const jobs = await apiJobs(board);
    const expected = jobs.filter((job) => job.title.toLowerCase().includes('engineer')).length;
    expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThan(jobs.length);
    await page.goto('/?q=engineer');
    await expect(page.getByText(`${Math.min(24, expected)} of ${expected} jobs`)).toBeVisible();
    const titles = await page.getByRole('article').getByRole('heading').allTextContents();
    expect(titles).toHaveLength(Math.min(24, expected));
    for (const title of titles) expect(title.toLowerCase()).toContain('engineer');
  });
});

test.describe('companies', () => {
  test('lists hiring companies; a card opens the company page, which goes back to companies', {
    tag: '@spec-api',
  }, async ({ page, visit }) => {
    await visit('/companies', { heading: 'Browse companies' });
    const cards = page.getByRole('article');
    expect(await cards.count()).toBeGreaterThanOrEqual(20);
    const name = (await cards.first().getByRole('heading').textContent()) ?? '';
    await expect(cards.first()).toContainText('View job openings');
    await expect(cards.first()).toContainText('@');
    // The whole card is the link: click its corner, away from the button.
    await cards.first().click({ position: { x: 10, y: 10 } });
    await expect(page).toHaveURL(/\/companies\/[^/?]+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('article').first()).toContainText(name);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Back to companies' }).click();
    await expect(page).toHaveURL(/\/companies$/);
  });

  test('workspace companies and the missing-company panel', { tag: '@spec-api' }, async ({ page, visit, guard }) => {
    guard.allowConsoleErrors(/status of 404 .*organization\/999999/);
    await visit('/demo/companies', { heading: 'Browse companies in Demo Ventures' });
    await visit('/companies/999999', { heading: 'Company Not Found' });
    await expect(
      page.getByText("The company you're looking for doesn't exist or has no active job postings."),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Back to Companies' }).click();
    await expect(page).toHaveURL(/\/companies$/);
  });

  test('shows the companies error text when the API is down', async ({ page, board, guard }) => {
    guard.allowConsoleErrors(/Failed to load resource|ERR_CONNECTION_REFUSED|ERR_FAILED/);
    // After a client-side navigation: a first page comes with its data (rendered on the server).
    await page.goto('/');
    await waitForHydration(page);
    await page.route(`${board.config.apiBaseUrl}/**`, (route) => route.abort('connectionrefused'));
    await page.getByRole('link', { name: 'Companies', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('Unable to load companies');
    await expect(page.getByRole('alert')).toContainText(
      'There was an error loading the company listings. Please try again later.',
    );
  });
});

test.describe('job detail', () => {
  test('shows the job with JSON-LD; a missing job offers Browse All Jobs', { tag: '@spec-api' }, async ({
    page,
    visit,
    board,
    guard,
  }) => {
    guard.allowConsoleErrors(/status of 404 .*public-job-posting\/999999/);
    const job = await findJob(board, (candidate) => candidate.application_url === null);
    await visit(`/job/${job.id}`, { heading: job.title });
    await expect(page).toHaveTitle(`${job.title} at ${job.organization_name} · Foundry Jobs`);
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(data).toMatchObject({
      '@type': 'JobPosting',
      title: job.title,
      hiringOrganization: { name: job.organization_name },
    });

    await visit('/job/999999', { heading: 'Job Not Found' });
    await page.getByRole('link', { name: 'Browse All Jobs' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Find your dream job' })).toBeVisible();
  });

  test('Back to Jobs goes home when the job was the first page of the visit', { tag: '@spec-api' }, async ({
    page,
    visit,
    board,
  }) => {
    const job = await findJob(board, () => true);
    await visit(`/job/${job.id}`, { heading: job.title });
    await page.getByRole('link', { name: 'Back to Jobs' }).click();
    await expect(page).toHaveURL(`${board.url}/`);
  });

  test('apply: in-site keeps the talent partner, external opens a tab with a toast, none is disabled', {
    tag: '@spec-api',
  }, async ({ page, context, visit, board }) => {
    const inSite = await findJob(board, (job) => (job.application_url ?? '').startsWith('/job/'));
    await visit(`/job/${inSite.id}?talent_partner_id=tp-42&application_source=partner_portal`, {
      heading: inSite.title,
    });
    await page.getByRole('link', { name: 'Apply for this position' }).click();
    await expect(page).toHaveURL(
      `${board.url}/job/${inSite.id}/apply?talent_partner_id=tp-42&application_source=partner_portal`,
    );

    const external = await findJob(board, (job) => (job.application_url ?? '').startsWith('https://careers.'));
    await context.route('https://careers.**/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Careers</title>' }),
    );
    await visit(`/job/${external.id}`, { heading: external.title });
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: /Apply for this position/ }).click(),
    ]);
    await expect(popup).toHaveURL(external.application_url ?? '');
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await expect(page.getByText('Redirecting to job application page')).toBeVisible();
    await popup.close();

    const none = await findJob(board, (job) => job.application_url === null);
    await visit(`/job/${none.id}`, { heading: none.title });
    const button = page.getByRole('button', { name: 'Apply for this position' });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByText('This job has no application link yet.')).toBeVisible();
    // aria-disabled keeps it focusable and clickable (Playwright would wait for it to be enabled).
    await button.click({ force: true });
    await expect(page.getByText('No external application link available')).toBeVisible();
  });
});

test.describe('mobile at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('board, companies and job detail fit the screen', async ({ page, visit, board }) => {
    const job = await findJob(board, () => true);
    for (const [path, heading] of [
      ['/', 'Find your dream job'],
      ['/companies', 'Browse companies'],
      [`/job/${job.id}`, job.title],
    ] as const) {
      await visit(path, { heading });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

test.describe('jobs board on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('on a phone, each End press at the end of the list brings the next page', async ({ page, visit, board }) => {
    // A card not yet drawn takes a guessed height. A guess far below a phone's card made the page
    // grow under the End key's smooth scroll, which then stopped short of the list's end: nothing
    // loaded until the next scroll.
    const jobs = await apiJobs(board);
    await visit('/', { heading: 'Find your dream job' });
    // Scrolled as a visitor's browser scrolls: smoothly (the suite asks for reduced motion).
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(24);
    while ((await cards.count()) < jobs.length) {
      const shown = await cards.count();
      await page.keyboard.press('End');
      await expect(cards, 'one End press shows the next page').toHaveCount(Math.min(shown + 24, jobs.length));
    }
    await expect(page.getByRole('link', { name: 'Show more jobs' })).toHaveCount(0);
  });
});
