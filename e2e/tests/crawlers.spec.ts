import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { apiJobs } from '../support/api';
import type { Board } from '../support/board';
import { expect, test } from '../support/test';

/**
 * What link-preview crawlers, search engines and feed readers get from the board without running
 * JavaScript: each page's head and status, robots.txt, the sitemap and
 * the Atom feeds, read with an HTTP client; and in Chromium, one JobPosting once the page runs.
 */
const parser = new XMLParser({
  ignoreAttributes: false,
  isArray: (name) => ['url', 'entry', 'sitemap'].includes(name),
});

async function xml(board: Board, path: string) {
  const response = await fetch(new URL(path, board.url));
  expect(response.status, path).toBe(200);
  const text = await response.text();
  expect(XMLValidator.validate(text), `${path} is well-formed XML`).toBe(true);
  return { response, document: parser.parse(text) };
}

/** The ids of the stored jobs the board may show (published, on the board) and of all the others. */
async function jobsByVisibility(board: Board) {
  const stored = await board.storedJobs();
  const isPublic = (job: (typeof stored)[number]) =>
    job.status === 'published' && (job.shownOn === 'job_board' || job.shownOn === 'both');
  const hidden = stored.filter((job) => !isPublic(job));
  // The demo data holds each kind the board must leave out.
  expect(new Set(hidden.map((job) => (job.status === 'published' ? job.shownOn : job.status)))).toEqual(
    new Set(['draft', 'closed', 'linkedin']),
  );
  return { public: stored.filter(isPublic).map((job) => String(job.id)), hidden: hidden.map((job) => String(job.id)) };
}

const jobIdOf = (url: string) => /\/job\/(\d+)$/.exec(url)?.[1];
const tag = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map((match) =>
    JSON.parse(match[1] ?? 'null'),
  );

test.describe('the served HTML (no browser)', () => {
  test('a job page carries its title, preview tags and a valid JobPosting', async ({ request, board }) => {
    const jobs = await apiJobs(board);
    for (const job of jobs.slice(0, 12)) {
      const response = await request.get(`/job/${job.id}`);
      expect(response.status()).toBe(200);
      expect(response.headers()['cache-control']).toBe('public, max-age=0, s-maxage=5');
      const html = await response.text();
      const title = `${job.title} at ${job.organization_name} · Foundry Jobs`;
      expect(html).toContain(`<title>${title}</title>`);
      expect(tag(html, /<meta property="og:title" content="([^"]*)" data-server-head>/)).toBe(title);
      expect(tag(html, /<link rel="canonical" href="([^"]*)" data-server-head>/)).toBe(
        `${board.config.siteUrl}/job/${job.id}`,
      );
      expect(tag(html, /<meta property="og:description" content="([^"]*)" data-server-head>/)).toContain(
        job.organization_name,
      );
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image" data-server-head>');
      expect(tag(html, /<meta property="og:image" content="([^"]*)" data-server-head>/)).toBe(
        `${board.config.siteUrl}/og/job/${job.id}.png`,
      );
      const [posting, ...more] = jsonLd(html);
      expect(more).toEqual([]);
      expect(posting).toMatchObject({
        '@context': 'https://schema.org/',
        '@type': 'JobPosting',
        title: job.title,
        description: expect.stringMatching(/\S/),
        datePosted: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        hiringOrganization: { '@type': 'Organization', name: job.organization_name },
        directApply: expect.any(Boolean),
      });
      // A job whose data names no place gets neither (decision 008: the API does not say where it is).
      if ((job as { location?: string | null }).location)
        expect(posting.jobLocation ?? posting.jobLocationType).toBeTruthy();
      if (posting.baseSalary) expect(posting.baseSalary).toMatchObject({ '@type': 'MonetaryAmount' });
    }
    const withLogo = jobs.find((job) => (job as { logo?: string | null }).logo);
    const html = await (await request.get(`/job/${withLogo?.id}`)).text();
    expect(jsonLd(html)[0].hiringOrganization.logo).toMatch(/\/public\/logos\//);
    // The preview's picture: a 1200×630 PNG card, served under the site's origin.
    const card = await request.get(`/og/job/${withLogo?.id}.png`);
    expect(card.status()).toBe(200);
    expect(card.headers()['content-type']).toBe('image/png');
    const png = await card.body();
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  test('the board, a workspace board and a company page are named in their head', async ({ request, board }) => {
    const home = await (await request.get('/')).text();
    expect(home).toContain('<title>Find your dream job · Foundry Jobs</title>');
    expect(home).toContain(
      `<link rel="alternate" type="application/atom+xml" title="Foundry Jobs: newest jobs" href="${board.config.siteUrl}/feed.xml" data-server-head>`,
    );
    expect(tag(home, /<meta name="description" content="([^"]*)" data-server-head>/)).toMatch(/startup openings/);
    const demo = await (await request.get('/demo')).text();
    expect(demo).toContain('<title>Find your dream job in Demo Ventures · Foundry Jobs</title>');
    expect(demo).toContain(`href="${board.config.siteUrl}/demo/feed.xml"`);
    const [job] = await apiJobs(board);
    const company = await request.get(`/companies/${job?.organization_id}`);
    expect(company.status()).toBe(200);
    expect(await company.text()).toContain(`<title>Jobs at ${job?.organization_name} · Foundry Jobs</title>`);
  });

  test('unknown paths and missing jobs, companies and workspaces are 404, still the board’s page', async ({
    request,
    board,
  }) => {
    const { hidden } = await jobsByVisibility(board);
    const draft = (await board.storedJobs()).find((job) => job.status === 'draft');
    for (const path of ['/a/b/c', '/job/999999', `/job/${draft?.id}`, '/companies/999999', '/no-such-workspace']) {
      const response = await request.get(path);
      expect([path, response.status()]).toEqual([path, 404]);
      expect(await response.text()).toContain('window.__BOARD_BOOT__=');
    }
    expect(hidden.length).toBeGreaterThan(0);
  });
});

test.describe('robots.txt, the sitemap and the feeds', () => {
  test('robots.txt allows all and names the sitemap', async ({ request, board }) => {
    expect(await (await request.get('/robots.txt')).text()).toContain(`Sitemap: ${board.config.siteUrl}/sitemap.xml`);
  });

  test('the sitemap lists every public job with its lastmod, each workspace board and company, nothing else', async ({
    board,
  }) => {
    const { response, document } = await xml(board, '/sitemap.xml');
    expect(response.headers.get('cache-control')).toMatch(
      /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/,
    );
    const urls = document.urlset.url as { loc: string; lastmod?: string }[];
    const jobUrls = urls.filter((url) => jobIdOf(url.loc));
    const visibility = await jobsByVisibility(board);
    expect(jobUrls.map((url) => jobIdOf(url.loc)).sort()).toEqual([...visibility.public].sort());
    for (const url of jobUrls) expect(Number.isNaN(Date.parse(url.lastmod ?? ''))).toBe(false);
    const locs = urls.map((url) => url.loc);
    for (const slug of ['demo', 'climate-collective', 'fintech-guild'])
      expect(locs).toContain(`${board.config.siteUrl}/${slug}`);
    const companies = new Set(
      (await apiJobs(board)).map((job) => `${board.config.siteUrl}/companies/${job.organization_id}`),
    );
    expect(locs.filter((loc) => loc.includes('/companies/')).sort()).toEqual([...companies].sort());
  });

  test('the Atom feeds hold the newest public jobs of the board and of a workspace, no other', async ({ board }) => {
    const visibility = await jobsByVisibility(board);
    const { document: boardFeed } = await xml(board, '/feed.xml');
    const boardIds = (boardFeed.feed.entry as { id: string }[]).map((entry) => jobIdOf(entry.id));
    expect(boardIds).toHaveLength(Math.min(50, visibility.public.length));
    for (const id of boardIds) expect(visibility.public).toContain(id);
    const demoJobs = (await apiJobs(board, 'demo')).map((job) => String(job.id));
    const { document: demoFeed } = await xml(board, '/demo/feed.xml');
    const demoIds = (demoFeed.feed.entry as { id: string }[]).map((entry) => jobIdOf(entry.id));
    expect(demoIds).toHaveLength(Math.min(50, demoJobs.length));
    for (const id of demoIds) expect(demoJobs).toContain(id);
    for (const id of visibility.hidden) expect([...boardIds, ...demoIds]).not.toContain(id);
  });
});

test('in the browser the job page holds exactly one JobPosting once it has rendered', async ({
  page,
  board,
  visit,
}) => {
  const [job] = await apiJobs(board);
  await visit(`/job/${job?.id}`, { heading: job?.title });
  const scripts = page.locator('script[type="application/ld+json"]');
  await expect(scripts).toHaveCount(1);
  const blocks = await scripts.allTextContents();
  expect(blocks.map((text) => JSON.parse(text)['@type'])).toEqual(['JobPosting']);
  expect(JSON.parse(blocks[0] ?? '{}').title).toBe(job?.title);
});
