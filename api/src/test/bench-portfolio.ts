/**
 * A portfolio file as an operator writes it, of any size (bench:live's portfolio writer): every
 * profile field written by hand, a few companies on a workspace's board, with a logo beside the
 * file or an ATS source; no `website`, so applying it reads no site. Each `round` changes every
 * company's profile (overview, headcount, funding, investors), so applying a later round updates
 * them all; the round's investor (`roundInvestor`) is every company's, which the investor filter
 * finds once the round is applied.
 */
export interface BenchPortfolio {
  /** How many companies. */
  companies: number;
  /** Starts every slug and name: a new prefix is a portfolio of new companies. */
  prefix: string;
  /** 1 as first written; each later round changes every company. */
  round: number;
  /** Paths beside the file, given in turn to every `logoEvery`-th company. */
  logos?: string[];
  logoEvery?: number;
  /** The Ashby boards of every `sourceEvery`-th company, in turn (each named as its company's slug). */
  sourceEvery?: number;
}

const cities = ['Berlin, Germany', 'London, United Kingdom', 'Paris, France', 'Lisbon, Portugal', 'Remote'];
const investors = ['Atomico', 'Balderton Capital', 'Seedcamp', 'Index Ventures', 'Northzone', 'Point Nine'];
const rounds = ['Pre-seed', 'Seed', 'Series A', 'Series B'];
const workspaces = ['demo', 'climate-collective', 'fintech-guild'];

/** The investor every company has in `round`: what the investor filter finds once it is applied. */
export const roundInvestor = (round: number) => `Round ${round} Capital`;

/** The slug of the `index`-th company (from 0). */
export const benchSlug = (prefix: string, index: number) => `${prefix}-company-${String(index + 1).padStart(4, '0')}`;

/** The slugs of the companies given a source. */
export function sourcedSlugs(portfolio: Pick<BenchPortfolio, 'companies' | 'prefix' | 'sourceEvery'>): string[] {
  const every = portfolio.sourceEvery;
  if (!every) return [];
  return Array.from({ length: Math.floor((portfolio.companies - 1) / every) + 1 }, (_, n) =>
    benchSlug(portfolio.prefix, n * every),
  );
}

/** The file's text (YAML). */
export function benchPortfolioYaml(portfolio: BenchPortfolio): string {
  const { prefix, round } = portfolio;
  const lines = [
    `# ${portfolio.companies} companies, round ${round} (bench:live's portfolio writer)`,
    'investor: Bench Portfolio Fund',
    '',
    'companies:',
  ];
  for (let index = 0; index < portfolio.companies; index++) {
    const slug = benchSlug(prefix, index);
    const number = index + 1;
    const lead = investors[index % investors.length] as string;
    const other = investors[(index + 1 + (round % 2)) % investors.length] as string;
    const raised = (index % 40) + 1;
    lines.push(
      `  - name: ${prefix.toUpperCase()} Company ${number}`,
      `    slug: ${slug}`,
      '    overview: >-',
      `      ${prefix.toUpperCase()} Company ${number} builds software for teams of ${number % 90} to`,
      `      ${(number % 90) + 50} people. Round ${round}: hiring across product, data and sales.`,
      `    headquarters: ${cities[index % cities.length]}`,
      `    headcount: ${10 + (index % 300) + round}`,
      `    founded: ${2005 + (index % 20)}`,
    );
    if (portfolio.logos?.length && portfolio.logoEvery && index % portfolio.logoEvery === 0)
      lines.push(`    logo: ${portfolio.logos[(index / portfolio.logoEvery) % portfolio.logos.length]}`);
    if (index % 25 === 0) lines.push(`    workspaces: [${workspaces[(index / 25) % workspaces.length]}]`);
    lines.push(
      '    funding:',
      `      total: ${raised * 1_500_000 + round * 10_000}`,
      `      last_round: { amount: ${raised}M, type: ${rounds[index % rounds.length]}, date: 2026-0${(index % 9) + 1}-15 }`,
      `    investors: { all: [${lead}, ${other}, ${roundInvestor(round)}], last_round: [${lead}] }`,
      '    team:',
      `      - { name: Alex Founder ${number}, role: CEO & Co-founder, bio: Ran sales at two start-ups }`,
      `      - { name: Sam Builder ${number}, role: CTO & Co-founder, bio: Built data platforms for ten years }`,
      `    equity: { type: Options, percentage: 0.1–0.5%, cliff: 1 year, vesting: 4 years }`,
      '    benefits:',
      '      - "Learning budget of £1,500 a year"',
      `      - ${25 + (index % 6)} days of holiday`,
    );
    if (portfolio.sourceEvery && index % portfolio.sourceEvery === 0) lines.push(`    sources: [{ ashby: ${slug} }]`);
  }
  return `${lines.join('\n')}\n`;
}
