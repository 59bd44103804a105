import { describe, expect, it } from 'vitest';
import type { Portfolio } from '../portfolio/model';
import { type Board, planPortfolio } from '../portfolio/plan';
import { readPortfolioYaml } from '../portfolio/read-yaml';
import { errorLine } from '../portfolio/validate';
import { benchPortfolioYaml, roundInvestor, sourcedSlugs } from './bench-portfolio';

const options = {
  companies: 500,
  prefix: 'pb1',
  logos: ['logos/a.svg', 'logos/b.svg'],
  logoEvery: 100,
  sourceEvery: 100,
};

function read(round: number): Portfolio {
  const read = readPortfolioYaml(benchPortfolioYaml({ ...options, round }));
  if (!read.ok) throw new Error(read.errors.map(errorLine).join('\n'));
  return read.portfolio;
}

/** The board once `portfolio` is applied, as the plan compares it. */
const boardOf = (portfolio: Portfolio): Board => ({
  companies: portfolio.companies.map(({ sources, ...company }) => company),
  sources: portfolio.companies.flatMap((company) =>
    company.sources.map((source) => ({ ...source, company: company.slug, removed: false })),
  ),
});

describe("bench:live's portfolio file", () => {
  it('reads without an error: 500 companies, every name and slug its own, every profile field written', () => {
    const { companies, investor } = read(1);
    expect(investor).toBe('Bench Portfolio Fund');
    expect(companies).toHaveLength(500);
    expect(new Set(companies.map((company) => company.slug)).size).toBe(500);
    expect(new Set(companies.map((company) => company.name)).size).toBe(500);
    for (const company of companies) {
      expect(company.website).toBeNull();
      expect(company).toMatchObject({ overview: expect.any(String), headquarters: expect.any(String) });
      expect(company.team).toHaveLength(2);
      expect(company.benefits).toContain('Learning budget of £1,500 a year');
      expect(company.investors.all).toContain(roundInvestor(1));
      expect(company.funding.total).toBeGreaterThan(0);
      expect(company.equity.percentage).toBe('0.1–0.5%');
    }
  });

  it('gives a few companies a logo beside the file, a workspace or an Ashby source named as the company', () => {
    const { companies } = read(1);
    expect(companies.filter((company) => company.logo !== null).map((company) => company.logo)).toEqual([
      'logos/a.svg',
      'logos/b.svg',
      'logos/a.svg',
      'logos/b.svg',
      'logos/a.svg',
    ]);
    expect(companies.filter((company) => company.workspaces.length > 0)).toHaveLength(20);
    const sourced = companies.filter((company) => company.sources.length > 0);
    expect(sourced.map((company) => company.slug)).toEqual(sourcedSlugs(options));
    expect(sourced.map((company) => company.sources)).toEqual(
      sourced.map((company) => [{ kind: 'ashby', board: company.slug }]),
    );
  });

  it('creates every company when first applied, and a later round updates every one', () => {
    const first = read(1);
    const created = planPortfolio(first, { companies: [], sources: [] });
    expect(created.map((plan) => plan.action)).toEqual(Array(500).fill('created'));
    expect(created.flatMap((plan) => plan.sources.add)).toHaveLength(5);

    const later = planPortfolio(read(2), boardOf(first));
    expect(later.map((plan) => plan.action)).toEqual(Array(500).fill('updated'));
    expect(new Set(later.map((plan) => ('changed' in plan ? plan.changed.join(', ') : plan.action)))).toEqual(
      new Set(['overview, headcount, funding, investors']),
    );
    expect(later.flatMap((plan) => [...plan.sources.add, ...plan.sources.attach, ...plan.sources.remove])).toEqual([]);
    expect(planPortfolio(read(2), boardOf(read(2))).every((plan) => plan.action === 'unchanged')).toBe(true);
  });
});
