import { describe, expect, it } from 'vitest';
import { readPortfolioYaml } from './read-yaml';
import { errorLine } from './validate';

const everyField = `investor: Foundry Ventures          # optional: added to every company's investors.all
companies:
  - name: Acme Robotics             # required, unique
    slug: acme-robotics             # optional; made from the name
    website: https://acme.example   # optional; the site enrichment reads
    overview: Acme builds …         # company_overview
    logo: logos/acme.png            # a path beside the file, or an https URL
    headquarters: Berlin, Germany
    headcount: 84
    founded: 2021
    workspaces: [demo]              # boards it appears on besides the general one
    funding: { total: 12000000, last_round: { amount: 8000000, type: Series A, date: 2026-03-01 } }
    investors: { all: [Atomico, Balderton Capital], last_round: [Atomico] }
    team:
      - { name: Ada García, role: CEO & Co-founder, bio: Former climate scientist }
    equity: { type: Options, percentage: 0.1–0.5%, cliff: 1 year, vesting: 4 years, details: … }
    benefits: [Learning budget of £1,500 a year]
    sources: [{ greenhouse: acme }, { lever: acme-robotics }]
`;

function errorsOf(source: string): string[] {
  const read = readPortfolioYaml(source);
  if (read.ok) throw new Error('the file was read without errors');
  return read.errors.map(errorLine);
}

function companiesOf(source: string) {
  const read = readPortfolioYaml(source);
  if (!read.ok) throw new Error(read.errors.map(errorLine).join('\n'));
  return read.portfolio.companies;
}

describe('the portfolio file in YAML', () => {
  it("reads a company with every field into the model, the portfolio's investor first", () => {
    const read = readPortfolioYaml(everyField);
    if (!read.ok) throw new Error(read.errors.map(errorLine).join('\n'));
    expect(read.portfolio.investor).toBe('Foundry Ventures');
    expect(read.portfolio.companies).toEqual([
      {
        name: 'Acme Robotics',
        slug: 'acme-robotics',
        website: 'https://acme.example',
        overview: 'Acme builds …',
        logo: 'logos/acme.png',
        headquarters: 'Berlin, Germany',
        headcount: 84,
        founded: 2021,
        workspaces: ['demo'],
        funding: { total: 12_000_000, lastRound: { amount: 8_000_000, type: 'Series A', date: '2026-03-01' } },
        investors: { all: ['Foundry Ventures', 'Atomico', 'Balderton Capital'], lastRound: ['Atomico'] },
        team: [{ name: 'Ada García', role: 'CEO & Co-founder', bio: 'Former climate scientist' }],
        equity: { type: 'Options', percentage: '0.1–0.5%', cliff: '1 year', vesting: '4 years', details: '…' },
        benefits: ['Learning budget of £1,500 a year'],
        sources: [
          { kind: 'greenhouse', board: 'acme' },
          { kind: 'lever', board: 'acme-robotics' },
        ],
        fromSite: [],
      },
    ]);
    expect(read.locate(['companies', 0, 'funding', 'total'])).toEqual({ line: 12, at: 'companies[0].funding.total' });
  });

  it('reads a comma between digits inside [ ] as part of the entry; any other comma separates entries', () => {
    const [company] = companiesOf(`companies:
  - name: Acme
    benefits: [£1,500 learning budget, 30 days of holiday,Health cover, "Quoted, as written", 2, 3]
`);
    expect(company?.benefits).toEqual([
      '£1,500 learning budget',
      '30 days of holiday',
      'Health cover',
      'Quoted, as written',
      '2',
      '3',
    ]);
  });

  it.each([
    ['a slug made from the name', '- name: Ça Va Énergie & Co', { slug: 'ca-va-energie-co' }],
    ['a name without letters gets the slug "company"', '- name: 東京', { slug: 'company' }],
    [
      'text keeps what YAML would read as a number',
      "- { name: '1.10', equity: { percentage: 0.10 } }",
      { name: '1.10' },
    ],
    ['yes is text', '- { name: yes }', { name: 'yes' }],
    ['null, ~ and nothing are empty', '- { name: A, overview: null, headquarters: ~, website: }', { overview: null }],
    ["'null' quoted is text", "- { name: A, overview: 'null' }", { overview: 'null' }],
    [
      'amounts in the forms a spreadsheet writes',
      '- { name: A, funding: { total: "$12,000,000", last_round: { amount: 1.5M } } }',
      { funding: { total: 12_000_000, lastRound: { amount: 1_500_000, type: null, date: null } } },
    ],
    [
      'an investor named twice is listed once',
      '- { name: A, investors: { all: [X, Y, X] } }',
      { investors: { all: ['X', 'Y'], lastRound: [] } },
    ],
    [
      'from_site keeps only fields that hold a value',
      '- { name: A, overview: O, from_site: [logo, overview] }',
      { fromSite: ['overview'] },
    ],
  ])('%s', (_, companies, expected) => {
    expect(companiesOf(`companies:\n  ${companies}\n`)[0]).toMatchObject(expected);
  });

  it('lists every error with its line and path, in the order of the file', () => {
    const file = `investor: [Not, text]
companies:
  - name: Acme Robotics
    webiste: https://acme.example
    website: ftp://acme.example
    funding: { total: ten million, last_round: { date: 2026-02-30 } }
    headcount: -3
    founded: 21
    logo: ../secrets.png
    workspaces: [Demo]
    sources: [{ workday: acme }, { greenhouse: a, lever: b }, { greenhouse: "a/b" }]
    team: [{ role: CEO }]
  - name: acme robotics
  - slug: nameless
  - Just a name
`;
    expect(errorsOf(file)).toEqual([
      'line 1, investor: a list is not text',
      'line 4, companies[0].webiste: "webiste" is not a key here; the keys: name, slug, website, overview, logo, headquarters, headcount, founded, workspaces, funding, investors, team, equity, benefits, sources, from_site',
      'line 5, companies[0].website: "ftp://acme.example" is not an http(s) address',
      'line 6, companies[0].funding.total: "ten million" is not an amount',
      'line 6, companies[0].funding.last_round.date: "2026-02-30" is not a date (YYYY-MM-DD)',
      'line 7, companies[0].headcount: "-3" is not a number of people',
      'line 8, companies[0].founded: "21" is not a year',
      'line 9, companies[0].logo: "../secrets.png" is not a path beside the file (relative, with / between folders, no ..)',
      'line 10, companies[0].workspaces[0]: "Demo" is not a slug (lower-case letters, digits and -, at most 60)',
      'line 11, companies[0].sources[0].workday: "workday" is not an ATS; the ATSs: greenhouse, lever, ashby',
      'line 11, companies[0].sources[1]: names one ATS and its board, e.g. { greenhouse: acme }',
      "line 11, companies[0].sources[2].greenhouse: \"a/b\" is not a greenhouse board name: letters, digits, '.', '_' and '-' only",
      'line 12, companies[0].team[0].name: is required',
      'line 13, companies[1].name: "acme robotics" is also companies[0]\'s name',
      'line 14, companies[2].name: is required',
      'line 15, companies[3]: "Just a name" is not a mapping',
    ]);
  });

  it.each([
    [
      'names, whatever their case',
      '- name: Acme\n  - name: ACME',
      'line 3, companies[1].name: "ACME" is also companies[0]\'s name',
    ],
    [
      'slugs',
      '- { name: A, slug: x }\n  - { name: B, slug: x }',
      'line 3, companies[1].slug: "x" is also companies[0]\'s slug',
    ],
    [
      'slugs made from names',
      '- name: A.B\n  - name: A B',
      'line 3, companies[1].name: the slug made from this name, "a-b", is also companies[0]\'s: give one of them a slug',
    ],
    [
      'sources, whatever the case of the board',
      '- { name: A, sources: [{ lever: acme }] }\n  - { name: B, sources: [{ lever: ACME }] }',
      "line 3, companies[1].sources[0].lever: lever/ACME is also companies[0]'s source",
    ],
  ])('refuses %s given twice', (_, companies, error) => {
    expect(errorsOf(`companies:\n  ${companies}\n`)).toEqual([error]);
  });

  it.each([
    ['a syntax error', 'companies:\n  - name: [A\n', /^line 3, the file: /],
    ['a key given twice', 'companies:\n  - name: A\n    name: B\n', /^line 3, the file: Map keys must be unique/],
    ['a file without companies', 'investor: X\n', /^line 1, companies: is required$/],
    ['companies left empty', 'companies:\n', /^line 1, companies: is empty: list the companies/],
    ['a list at the top', '- name: A\n', /^line 1, the file: a list is not a mapping$/],
    [
      'a list for a mapping',
      'companies:\n  - name: A\n    funding: [1]\n',
      /^line 3, companies\[0\].funding: a list is not a mapping$/,
    ],
    ['an unknown key at the top', 'company: []\ncompanies: []\n', /^line 1, company: "company" is not a key here/],
    [
      'an alias bomb',
      `a: &a [x,x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: [*e,*e,*e,*e,*e,*e,*e,*e,*e,*e]\ncompanies: []\n`,
      /^line 1, the file: the file is too large once its aliases are expanded$/,
    ],
  ])('names the line of %s', (_, file, error) => {
    expect(errorsOf(file)[0]).toMatch(error);
  });

  it('reads UTF-8 bytes with or without a byte order mark, and refuses other encodings', () => {
    const text = 'companies:\n  - name: Zürich Labs\n';
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from(text)]);
    expect(readPortfolioYaml(bom).ok).toBe(true);
    expect(readPortfolioYaml(Buffer.from(text)).ok).toBe(true);
    expect(errorsOf(Buffer.from(text, 'latin1') as unknown as string)).toEqual([
      'line 1, the file: the file is not UTF-8 text',
    ]);
  });
});
