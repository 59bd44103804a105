import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { portfolio } from './arbitrary-portfolio';
import { boardPortfolio } from './board-portfolio';
import { bareCompany, type Company, csvFields, type Portfolio, profileFields } from './model';
import { type Board, type BoardCompany, type BoardSource, planLine, planPortfolio } from './plan';
import { readPortfolioCsv } from './read-csv';
import { readPortfolioYaml } from './read-yaml';
import { writePortfolioCsv } from './write-csv';
import { writePortfolioYaml } from './write-yaml';

function company(overrides: Partial<Company> & { name: string }): Company {
  return {
    ...bareCompany(overrides.name, overrides.slug ?? overrides.name.toLowerCase().replace(/ /g, '-')),
    ...overrides,
  };
}

const acme = company({
  name: 'Acme Robotics',
  overview: 'Acme builds robots.',
  website: 'https://acme.example',
  workspaces: ['demo', 'climate'],
  investors: { all: ['Atomico'], lastRound: [] },
  sources: [{ kind: 'greenhouse', board: 'acme' }],
});

const file = (...companies: Company[]): Portfolio => ({ investor: null, companies, fields: profileFields });
const onBoard = ({ sources: _, ...profile }: Company): BoardCompany => profile;
const source = (kind: BoardSource['kind'], board: string, owner: string, removed = false): BoardSource => ({
  kind,
  board,
  company: owner,
  removed,
});
const boardOf = (companies: Company[], sources: BoardSource[] = []): Board => ({
  companies: companies.map(onBoard),
  sources: [
    ...companies.flatMap((entry) => entry.sources.map((item) => source(item.kind, item.board, entry.slug))),
    ...sources,
  ],
});
const lines = (wanted: Portfolio, board: Board, prune = false) => planPortfolio(wanted, board, { prune }).map(planLine);

describe('the plan of an apply', () => {
  it.each<[string, Company[], Company, string]>([
    ['a company the board lacks', [], acme, 'acme-robotics: created'],
    ['a company as the board holds it', [acme], acme, 'acme-robotics: unchanged'],
    [
      'its workspaces in another order',
      [acme],
      { ...acme, workspaces: ['climate', 'demo'] },
      'acme-robotics: unchanged',
    ],
    [
      'changed fields, named in the order of the file',
      [acme],
      { ...acme, investors: { all: ['Atomico', 'Accel'], lastRound: [] }, overview: 'Acme builds better robots.' },
      'acme-robotics: updated (overview, investors)',
    ],
    ['a field the file empties', [acme], { ...acme, website: null }, 'acme-robotics: updated (website)'],
    [
      'a source added',
      [acme],
      { ...acme, sources: [...acme.sources, { kind: 'lever', board: 'acme' }] },
      'acme-robotics: updated (sources)',
    ],
    [
      "a source's name in another case",
      [acme],
      { ...acme, sources: [{ kind: 'greenhouse', board: 'ACME' }] },
      'acme-robotics: unchanged',
    ],
  ])('%s', (_, current, wanted, line) => {
    expect(lines(file(wanted), boardOf(current))).toEqual([line]);
  });

  it('keeps what the site filled where the file is empty, and lets the file win where it is not', () => {
    const filled = { ...acme, headquarters: 'Berlin', headcount: 80, fromSite: ['headquarters', 'headcount'] as const };
    const board = boardOf([{ ...filled, fromSite: [...filled.fromSite] }]);
    const [kept] = planPortfolio(file(acme), board);
    expect(kept).toMatchObject({
      action: 'unchanged',
      company: { headquarters: 'Berlin', headcount: 80, fromSite: ['headquarters', 'headcount'] },
    });
    const [won] = planPortfolio(file({ ...acme, headcount: 95 }), board);
    expect(won).toMatchObject({
      action: 'updated',
      changed: ['headcount'],
      company: { headcount: 95, fromSite: ['headquarters'] },
    });
  });

  it("reads from_site: the site's value unchanged stays the site's; edited, it is the file's", () => {
    const board = boardOf([{ ...acme, headquarters: 'Berlin', fromSite: ['headquarters'] }]);
    const marked = { ...acme, headquarters: 'Berlin', fromSite: ['headquarters' as const] };
    expect(planPortfolio(file(marked), board)[0]).toMatchObject({
      action: 'unchanged',
      company: { fromSite: ['headquarters'] },
    });
    expect(planPortfolio(file({ ...marked, headquarters: 'Munich' }), board)[0]).toMatchObject({
      changed: ['headquarters'],
      company: { headquarters: 'Munich', fromSite: [] },
    });
    // Unmarked, the same value becomes the file's: enrichment may no longer change it.
    expect(lines(file({ ...marked, fromSite: [] }), board)).toEqual(['acme-robotics: updated (headquarters)']);
  });

  it('leaves the fields a CSV has no columns for as the board has them', () => {
    const withTeam = { ...acme, team: [{ name: 'Ada', role: 'CEO', bio: null }], benefits: ['Budget'] };
    const plan = planPortfolio({ ...file(acme), fields: csvFields }, boardOf([withTeam]));
    expect(plan).toMatchObject([{ action: 'unchanged', company: { team: withTeam.team, benefits: ['Budget'] } }]);
  });

  it('adds a new source, attaches one the board has elsewhere or removed, removes one the file dropped', () => {
    const beta = company({
      name: 'Beta',
      sources: [
        { kind: 'ashby', board: 'beta' },
        { kind: 'lever', board: 'shared' },
      ],
    });
    const board = boardOf([beta], [source('greenhouse', 'acme', 'acme'), source('lever', 'old', 'gone', true)]);
    const wanted = {
      ...acme,
      sources: [
        { kind: 'greenhouse', board: 'acme' },
        { kind: 'lever', board: 'old' },
        { kind: 'lever', board: 'shared' },
        { kind: 'ashby', board: 'new' },
      ] as Company['sources'],
    };
    const plans = planPortfolio(file(wanted, { ...beta, sources: [] }), board);
    expect(plans.map((plan) => [plan.slug, plan.sources])).toEqual([
      [
        'acme-robotics',
        {
          add: [{ kind: 'ashby', board: 'new' }],
          attach: [
            { kind: 'greenhouse', board: 'acme', from: 'acme', removed: false },
            { kind: 'lever', board: 'old', from: 'gone', removed: true },
            { kind: 'lever', board: 'shared', from: 'beta', removed: false },
          ],
          remove: [],
          leave: [],
        },
      ],
      [
        'beta',
        {
          add: [],
          attach: [],
          remove: [{ kind: 'ashby', board: 'beta' }],
          leave: [{ kind: 'lever', board: 'shared', to: 'acme-robotics' }],
        },
      ],
    ]);
    expect(plans.map(planLine)).toEqual(['acme-robotics: created', 'beta: updated (sources)']);
  });

  it('with --prune, removes the companies the file leaves out, their sources with them; without, leaves them', () => {
    const gone = company({ name: 'Gone', sources: [{ kind: 'lever', board: 'gone' }] });
    const board = boardOf([acme, gone]);
    expect(lines(file(acme), board)).toEqual(['acme-robotics: unchanged']);
    const plans = planPortfolio(file(acme), board, { prune: true });
    expect(plans.map(planLine)).toEqual(['acme-robotics: unchanged', 'gone: removed']);
    expect(plans[1]?.sources.remove).toEqual([{ kind: 'lever', board: 'gone' }]);
  });
});

describe('export, then apply what it wrote', () => {
  /** The board after applying `applied`: its companies and their sources. */
  const boardAfter = (applied: Portfolio): Board => boardOf(applied.companies);

  it.each([
    ['YAML', (written: Portfolio) => readPortfolioYaml(writePortfolioYaml(written))],
    ['CSV', (written: Portfolio) => readPortfolioCsv(writePortfolioCsv(written))],
  ])('in %s, plans every company unchanged', (_, roundTrip) => {
    fc.assert(
      fc.property(portfolio, (applied) => {
        const board = boardAfter(applied);
        const read = roundTrip(boardPortfolio(board, applied.investor));
        if (!read.ok) throw new Error(JSON.stringify(read.errors));
        for (const line of lines(read.portfolio, board, true)) expect(line).toMatch(/: unchanged$/);
      }),
      { numRuns: 25 },
    );
  });
});
