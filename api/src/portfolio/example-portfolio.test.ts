import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeLogo } from './logo-image';
import { csvFields, emptyEquity } from './model';
import { readPortfolioCsv } from './read-csv';
import { readPortfolioYaml } from './read-yaml';
import { errorLine, type PortfolioRead } from './validate';

/** The repository's example portfolio, which the README walks through. */
const example = (name: string) => readFileSync(new URL(`../../../examples/${name}`, import.meta.url));

function modelOf(read: PortfolioRead) {
  if (!read.ok) throw new Error(read.errors.map(errorLine).join('\n'));
  return read.portfolio;
}

describe('the example portfolio', () => {
  const yaml = modelOf(readPortfolioYaml(example('portfolio.yaml')));

  it('reads without an error, in both forms, to the same companies', () => {
    expect(yaml.companies.map((company) => company.slug)).toEqual([
      'acme-robotics',
      'tidewater-energy',
      'kestrel-health',
    ]);
    const csv = modelOf(readPortfolioCsv(example('portfolio.csv')));
    expect(csv).toEqual({
      investor: null,
      fields: csvFields,
      companies: yaml.companies.map((company) => ({ ...company, team: [], equity: emptyEquity(), benefits: [] })),
    });
  });

  it('has logos beside it that make logos', async () => {
    const paths = yaml.companies.flatMap((company) => (company.logo ? [company.logo] : []));
    expect(paths).toHaveLength(2);
    for (const path of paths) expect((await makeLogo(example(path))).side).toBe(256);
  });
});
