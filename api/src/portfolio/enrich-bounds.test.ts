import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobSources, organizations } from '../db/job-board-tables';
import { type FakeSites, startFakeSites } from '../test/fake-sites';
import { createTestApi, type TestApi } from '../test/test-api';
import { portfolioService } from './portfolio-service';
import { siteReader } from './site-reader';

let api: TestApi;
let sites: FakeSites;
const services: ReturnType<typeof portfolioService>[] = [];
beforeAll(async () => {
  sites = await startFakeSites();
  api = await createTestApi({ seedDemo: false });
});
afterAll(async () => {
  for (const service of services) await service.close();
  await api?.close();
  await sites?.close();
});

/** The portfolio's service with a company's budget of `budgetMs` (15 s in use), and a request's own timeout far past any test. */
function withBudget(budgetMs: number, greenhouseBoard?: (board: string) => Promise<unknown>) {
  const service = portfolioService({
    db: api.db,
    reader: siteReader({ allowHosts: [sites.host], timeoutMs: 600_000 }),
    siteBudgetMs: budgetMs,
    ...(greenhouseBoard ? { greenhouseBoard } : {}),
  });
  services.push(service);
  return service;
}
const page = (head: string) => `<!doctype html><html><head>${head}</head><body></body></html>`;
const description = (text: string) => `<meta name="description" content="${text}">`;
const companies = (entries: { slug: string; path: string }[]) =>
  `companies:\n${entries.map(({ slug, path }) => `  - name: ${slug}\n    slug: ${slug}\n    website: ${sites.url}${path}\n`).join('')}`;
const requestsUnder = (prefix: string) => sites.requests.filter((request) => request.path.startsWith(prefix)).length;
/** A wait that fails a hang, not a slow machine. */
const unlessHung = <T>(work: Promise<T>) =>
  Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('hung')), 240_000))]);

describe("reading a company's site, within bounds", () => {
  it('of a page listing 30,000 icons, tries 5 at most', async () => {
    const icons = Array.from({ length: 30_000 }, (_, n) => `<link rel="icon" sizes="128x128" href="/many/i${n}.png">`);
    sites.set('/many/', page(description('Many icons, none of them there.') + icons.join('')));
    const applied = await withBudget(600_000).apply(companies([{ slug: 'many-icons', path: '/many/' }]), 'yaml');
    expect(applied.enriched).toEqual(['many-icons: read (overview)']);
    expect(requestsUnder('/many/i')).toBe(5);
  });

  it("ends a company's read when its budget is spent, keeps what it read, and reads its neighbour on the same host", async () => {
    const icons = Array.from({ length: 5 }, (_, n) => `<link rel="icon" sizes="128x128" href="/slow/icon/${n}.png">`);
    sites.hang('/slow/icon/');
    sites.set('/slow/', page(description('Slow icons, quick page.') + icons.join('')));
    sites.set('/neighbour/', page(description('The neighbour on the same host.')));
    const applied = await unlessHung(
      withBudget(5_000).apply(
        companies([
          { slug: 'slow-icons', path: '/slow/' },
          { slug: 'neighbour', path: '/neighbour/' },
        ]),
        'yaml',
      ),
    );
    expect(applied.enriched).toEqual([
      'slow-icons: read (overview) (the site: logo not read, more than 5 s on the site)',
      'neighbour: read (overview)',
    ]);
    // The first icon held the read until the budget ended it; the other four were never asked for.
    expect(requestsUnder('/slow/icon/')).toBe(1);
  });

  it('a process stopping ends the round at once: the companies not reached are not read, and wait for the next', async () => {
    const slugs = Array.from({ length: 12 }, (_, n) => `stuck-${n}`);
    await withBudget(600_000).apply(companies(slugs.map((slug) => ({ slug, path: `/stuck/${slug}/` }))), 'yaml');
    const readAt = () =>
      api.db
        .select({ at: organizations.siteReadAt })
        .from(organizations)
        .where(inArray(organizations.jobBoardSlug, slugs));
    const before = { requests: requestsUnder('/stuck/'), readAt: await readAt() };
    // From now on the sites hang, and the round's budget is one no read reaches: only the stop ends it.
    sites.hang('/stuck/');
    const round = withBudget(600_000);
    const stopping = new AbortController();
    const first = sites.next('/stuck/');
    const reading = round.enrich(slugs, { stop: stopping.signal });
    await unlessHung(first);
    stopping.abort();
    const lines = await unlessHung(reading);
    expect(lines).toEqual(slugs.map((slug) => `${slug}: not read (stopped)`));
    // One request at a time per host: the first company's page held it, the eleven others never
    // reached the site; and no company is marked read, so the next round reads them first.
    expect(requestsUnder('/stuck/') - before.requests).toBe(1);
    expect(await readAt()).toEqual(before.readAt);
  });

  it("counts the Greenhouse board's intro in the company's budget: a board that never answers ends with it", async () => {
    sites.set('/intro/', page(description('A page, and a board whose intro never comes.')));
    await withBudget(600_000).apply(companies([{ slug: 'slow-intro', path: '/intro/' }]), 'yaml');
    const [company] = await api.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(inArray(organizations.jobBoardSlug, ['slow-intro']));
    if (!company) throw new Error('the company was not applied');
    await api.db.insert(jobSources).values({ kind: 'greenhouse', board: 'slow-intro', organizationId: company.id });
    let asked = 0;
    const never = () => {
      asked += 1;
      return new Promise<unknown>(() => undefined);
    };
    const lines = await unlessHung(withBudget(2_000, never).enrich(['slow-intro']));
    expect(asked).toBe(1);
    expect(lines).toEqual(['slow-intro: unchanged']);
  });
});
