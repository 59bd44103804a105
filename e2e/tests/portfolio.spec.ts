import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runPortfolio } from '../../api/src/cli/portfolio';
import type { Board } from '../support/board';
import { expect, expectAccessible, test } from '../support/test';

/**
 * A company the operator declares in the portfolio file, with its jobs from its ATS (a local
 * server answering as Greenhouse's Job Board API does): its imported job carries the profile on
 * its page (About, Team, Funding, Investors, Equity & Benefits, JSON-LD), the portfolio's investor
 * finds it, and the company page shows the profile with its logo, as demo companies do.
 */
test.use({ boardOf: 'portfolio', shellCaches: 'short' });

const logoSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" width="60" height="30"><rect width="60" height="30" fill="#0f766e"/></svg>';

const portfolioFile = `investor: Foundry Test Fund
companies:
  - name: Halcyon Tugs
    slug: halcyon-tugs
    overview: Halcyon Tugs moves satellites between orbits.
    logo: logos/halcyon.svg
    headquarters: Lisbon, Portugal
    headcount: 42
    founded: 2022
    workspaces: [demo]
    funding: { total: 12000000, last_round: { amount: 8000000, type: Series A, date: 2026-03-01 } }
    investors: { all: [Atomico], last_round: [Atomico] }
    team:
      - { name: Ada García, role: CEO & Co-founder, bio: Former climate scientist }
    equity: { type: Options, percentage: 0.1–0.5%, cliff: 1 year, vesting: 4 years }
    benefits: [Learning budget of £1,500 a year]
    sources: [{ greenhouse: halcyontugs }]
`;

function halcyonJobs(board: Board) {
  const item = {
    id: 9301,
    title: 'Halcyon Flight Software Engineer',
    updated_at: '2026-11-20T10:00:00-05:00',
    location: { name: 'Lisbon, Portugal' },
    absolute_url: 'https://boards.greenhouse.io/halcyontugs/jobs/9301',
    metadata: [],
    content: '&lt;p&gt;Write the software that flies our tugs.&lt;/p&gt;',
  };
  board.vendors.setJobs('greenhouse', 'halcyontugs', [item], { '9301': item });
}

test.describe('a company declared in the portfolio file', () => {
  let folder: string;
  test.beforeAll(async ({ board }) => {
    folder = await mkdtemp(path.join(tmpdir(), 'portfolio-e2e-'));
    await mkdir(path.join(folder, 'logos'));
    await writeFile(path.join(folder, 'logos', 'halcyon.svg'), logoSvg);
    await writeFile(path.join(folder, 'portfolio.yaml'), portfolioFile);
    halcyonJobs(board);
    // The operator applies the file from its folder, against the running API, as the README says.
    const lines: string[] = [];
    const code = await runPortfolio(
      ['apply', 'portfolio.yaml'],
      { PATH: process.env.PATH, BOARD_ENV: 'test', SOURCES_API_URL: board.apiUrl, INIT_CWD: folder },
      (line) => lines.push(...line.split('\n')),
      () => {},
    );
    expect({ code, lines }).toEqual({ code: 0, lines: ['halcyon-tugs: created'] });
  });
  test.afterAll(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  test('its imported job shows the profile, and the portfolio’s investor finds it', async ({ page, visit }) => {
    // The source the file added syncs at once; the job reaches searches within seconds.
    await expect
      .poll(async () => {
        await visit('/?investor=Foundry%20Test%20Fund');
        return page.getByRole('article').count();
      })
      .toBe(1);
    await page.getByRole('link', { name: /Halcyon Flight Software Engineer/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Halcyon Flight Software Engineer' })).toBeVisible();

    const about = page.locator('section', { has: page.getByRole('heading', { name: 'About Halcyon Tugs' }) });
    await expect(about.getByText('Halcyon Tugs moves satellites between orbits.')).toBeVisible();
    await expect(about.getByText('Ada García')).toBeVisible();
    await expect(about.getByText('CEO & Co-founder')).toBeVisible();
    const funding = page.locator('section', { has: page.getByRole('heading', { name: 'Funding' }) });
    await expect(funding.getByText('12M')).toBeVisible();
    await expect(funding.getByText('Last round (Series A)')).toBeVisible();
    const investors = page.locator('section', { has: page.getByRole('heading', { name: 'Investors' }) });
    await expect(investors.getByText('Foundry Test Fund')).toBeVisible();
    await expect(investors.getByText('Atomico').first()).toBeVisible();
    const equity = page.locator('section', { has: page.getByRole('heading', { name: 'Equity & Benefits' }) });
    await expect(equity.getByText('0.1–0.5% Options')).toBeVisible();
    await expect(equity.getByText('Learning budget of £1,500 a year')).toBeVisible();

    // Search engines read the company with its logo, a square PNG at its content's address.
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}');
    expect(jsonLd.hiringOrganization).toMatchObject({
      name: 'Halcyon Tugs',
      logo: expect.stringMatching(/\/public\/logos\/[0-9a-f]{32}\.png$/),
    });
    const logo = await fetch(jsonLd.hiringOrganization.logo);
    expect(logo.headers.get('content-type')).toBe('image/png');
    await expectAccessible(page);
  });

  test('the company page shows its profile and logo, and its investors link to the jobs they back', async ({
    page,
    visit,
  }) => {
    await visit('/companies', { heading: 'Companies' });
    await page.getByPlaceholder('Search companies...').fill('Halcyon');
    await page
      .getByRole('link', { name: /Halcyon Tugs/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Halcyon Tugs' })).toBeVisible();
    const profile = page.getByRole('region', { name: 'About Halcyon Tugs' });
    await expect(profile.getByText('Halcyon Tugs moves satellites between orbits.')).toBeVisible();
    await expect(profile.getByText('Lisbon, Portugal')).toBeVisible();
    await expect(profile.getByText('42 people')).toBeVisible();
    await expect(profile.getByText('2022')).toBeVisible();
    const logo = page.locator('img[src*="/public/logos/"]').first();
    await expect(logo).toBeVisible();
    expect(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await profile.getByRole('link', { name: 'Foundry Test Fund' }).click();
    await expect(page).toHaveURL(/\/\?investor=Foundry(%20|\+)Test(%20|\+)Fund$/);
    await expect(page.getByRole('link', { name: /Halcyon Flight Software Engineer/ })).toBeVisible();
    await expectAccessible(page);
  });
});
