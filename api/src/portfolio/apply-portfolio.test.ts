import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardWritten } from '../board-changes/board-written';
import { jobPostings, jobSources, organizations, workspaces } from '../db/job-board-tables';
import { type FakeVendors, startFakeVendors } from '../test/fake-vendors';
import { createTestApi, type TestApi } from '../test/test-api';
import { greenhouseDocsJob, greenhouseDocsList } from '../test/vendor-samples';
import { portfolioService } from './portfolio-service';
import type { SiteReader } from './site-reader';

let api: TestApi;
let fake: FakeVendors;
beforeAll(async () => {
  fake = await startFakeVendors();
  api = await createTestApi({ seedDemo: false, vendorUrls: fake.urls });
  await api.db.insert(workspaces).values({ slug: 'portfolio', name: 'Portfolio' });
  boardWritten(api.db);
  fake.setJobs('greenhouse', 'acme', greenhouseDocsList.jobs, { '127817': greenhouseDocsJob });
});
afterAll(async () => {
  await api?.close();
  await fake?.close();
});

const company = async (slug: string) =>
  (await api.db.select().from(organizations).where(eq(organizations.jobBoardSlug, slug)))[0];

const acme = (sources = '[{ greenhouse: acme }]', workspaces = '[portfolio]') => `companies:
  - name: Acme Robotics
    slug: acme-robotics
    workspaces: ${workspaces}
    team:
      - { name: Ada García, role: CEO, bio: Builds robots }
    equity: { type: Options, percentage: 0.5% }
    benefits: [Learning budget]
    sources: ${sources}
`;

describe('applying a portfolio to the board', () => {
  it("attaches a source `pnpm sources add` made to the file's company, with its jobs, never making it twice", async () => {
    const { source } = await api.sources.add('greenhouse', 'acme', { company: 'acme' });
    await api.sources.sync([source.id]);
    const applied = await api.portfolio.apply(acme(), 'yaml');
    expect(applied).toMatchObject({ errors: [], lines: ['acme-robotics: created'], refused: [] });
    const created = await company('acme-robotics');
    const rows = await api.db.select().from(jobSources).where(eq(jobSources.board, 'acme'));
    expect(rows).toMatchObject([{ id: source.id, organizationId: created?.id, removedAt: null }]);
    const jobs = await api.db.select().from(jobPostings).where(eq(jobPostings.sourceId, source.id));
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs.every((job) => job.organizationId === created?.id)).toBe(true);
    // The company `pnpm sources add` made no longer has the source: applying again changes nothing.
    expect((await api.portfolio.apply(acme(), 'yaml')).lines).toEqual(['acme-robotics: unchanged']);
  });

  it('a CSV leaves the team, equity and benefits it has no columns for as the board has them', async () => {
    const header = [
      'name,slug,website,overview,logo,headquarters,headcount,founded,workspaces,total_funding',
      'last_round_amount,last_round_type,last_round_date,investors,last_round_investors,ats,ats_board',
    ].join(',');
    const csv = `${header}\r\nAcme Robotics,acme-robotics,,,,,,,portfolio,,,,,,,greenhouse,acme\r\n`;
    expect((await api.portfolio.apply(csv, 'csv')).lines).toEqual(['acme-robotics: unchanged']);
    expect(await company('acme-robotics')).toMatchObject({
      teamMembers: [{ name: 'Ada García', title: 'CEO', bio: 'Builds robots', avatar: null }],
      equity: { type: 'Options', percentage: '0.5%' },
      benefits: ['Learning budget'],
    });
  });

  it("refuses a workspace the board does not have, or two, with the company's line, and changes nothing", async () => {
    const before = await company('acme-robotics');
    const applied = await api.portfolio.apply(acme('[]', '[portfolio, nowhere]'), 'yaml');
    expect(applied).toEqual({
      errors: [
        'line 4, companies[0].workspaces: the board lists a company on one workspace besides the general one',
        'line 4, companies[0].workspaces: "nowhere" is not a workspace of the board (the workspaces: portfolio)',
      ],
      lines: [],
      refused: [],
      enriched: [],
      held: null,
    });
    expect(await company('acme-robotics')).toEqual(before);
    expect(await api.db.select().from(jobSources).where(eq(jobSources.board, 'acme'))).toMatchObject([
      { removedAt: null },
    ]);
  });

  it('a source the file no longer names is removed, and its open jobs close', async () => {
    const applied = await api.portfolio.apply(acme('[]'), 'yaml', { dryRun: true });
    expect(applied.lines).toEqual(['acme-robotics: updated (sources)']);
    expect(await api.db.select().from(jobSources).where(eq(jobSources.board, 'acme'))).toMatchObject([
      { removedAt: null },
    ]);
    expect((await api.portfolio.apply(acme('[]'), 'yaml')).lines).toEqual(['acme-robotics: updated (sources)']);
    const [source] = await api.db.select().from(jobSources).where(eq(jobSources.board, 'acme'));
    expect(source?.removedAt).not.toBeNull();
    const open = await api.db
      .select()
      .from(jobPostings)
      .where(and(eq(jobPostings.sourceId, source?.id ?? 0), eq(jobPostings.status, 'published')));
    expect(open).toEqual([]);
  });

  it('answers once its wait for the sites is over, and reads the slow ones on', async () => {
    let reads = 0;
    const never: SiteReader = {
      page: () => {
        reads++;
        return new Promise(() => {});
      },
      image: () => new Promise(() => {}),
      close: async () => {},
    };
    const service = portfolioService({ db: api.db, reader: never, enrichWaitMs: 50 });
    const applied = await service.apply(
      'companies:\n  - name: Slow Site\n    website: https://slow.example/\n',
      'yaml',
    );
    expect(applied.lines).toEqual(['slow-site: created']);
    expect(applied.enriched).toEqual([
      'still reading the sites of 1 company (in the background; pnpm portfolio enrich reads them again)',
    ]);
    expect(reads).toBe(1);
  });

  it('serves a stored logo only at its hash, and nothing at a hash it does not have', async () => {
    const missing = await api.app.request(`/public/logos/${'0'.repeat(32)}.png`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control') ?? '').not.toMatch(/immutable/);
    expect((await api.app.request('/public/logos/not-a-hash.png')).status).toBe(404);
  });
});
