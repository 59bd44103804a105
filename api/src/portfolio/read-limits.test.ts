import { describe, expect, it } from 'vitest';
import { readPortfolioCsv } from './read-csv';
import { readPortfolioYaml } from './read-yaml';
import { errorLine } from './validate';

/**
 * A small file must cost little to read, however it is written: the work is linear in the file,
 * and a list's length is checked before anything costs more. The limits below catch a hang (the
 * old reader took over a minute for each of these files), they do not measure speed.
 */
const hangLimit = 60_000;

function errorsOf(read: ReturnType<typeof readPortfolioYaml>): string[] {
  if (read.ok) throw new Error('the file was read without errors');
  return read.errors.map(errorLine);
}

describe('a small portfolio file that would cost much to read', () => {
  it(
    'reads 5,000 aliases, each resolved once',
    () => {
      const companies = Array.from(
        { length: 5_000 },
        (_, index) => `  - { name: Company ${index}, headquarters: *hq }`,
      );
      const file = `companies:\n  - { name: Anchor, headquarters: &hq Berlin }\n${companies.join('\n')}\n`;
      const read = readPortfolioYaml(file);
      if (!read.ok) throw new Error(read.errors.map(errorLine).join('\n'));
      expect(read.portfolio.companies).toHaveLength(5_001);
      expect(read.portfolio.companies.every((company) => company.headquarters === 'Berlin')).toBe(true);
      expect(read.locate(['companies', 5_000, 'headquarters']).line).toBe(5_002);
    },
    hangLimit,
  );

  it(
    'refuses 20,000 benefits for their number',
    () => {
      const benefits = Array.from({ length: 20_000 }, (_, index) => `Benefit number ${index}`);
      const file = `companies:\n  - name: Acme\n    benefits: [${benefits.join(', ')}]\n`;
      expect(errorsOf(readPortfolioYaml(file))).toEqual(['line 3, companies[0].benefits: has more than 50 benefits']);
    },
    hangLimit,
  );

  it(
    "refuses 20,000 investors in a spreadsheet's cell for their number",
    () => {
      const header =
        'name,slug,website,overview,logo,headquarters,headcount,founded,workspaces,total_funding,last_round_amount,last_round_type,last_round_date,investors,last_round_investors,ats,ats_board';
      const investors = Array.from({ length: 20_000 }, (_, index) => `Investor ${index}`).join(';');
      const read = readPortfolioCsv(`${header}\nAcme,,,,,,,,,,,,,${investors},,,\n`);
      expect(errorsOf(read)).toEqual(['line 2, investors: has more than 200 investors']);
    },
    hangLimit,
  );

  it('counts the entries as written: one given twice counts twice, and is kept once', () => {
    const benefits = (count: number) => Array.from({ length: count }, (_, index) => `Benefit ${index % 40}`).join(', ');
    const read = readPortfolioYaml(`companies:\n  - name: Acme\n    benefits: [${benefits(50)}]\n`);
    expect(read.ok && read.portfolio.companies[0]?.benefits).toHaveLength(40);
    expect(errorsOf(readPortfolioYaml(`companies:\n  - name: Acme\n    benefits: [${benefits(51)}]\n`))).toEqual([
      'line 3, companies[0].benefits: has more than 50 benefits',
    ]);
  });
});

describe("keys named like JavaScript's own", () => {
  it.each([
    ['__proto__', 'companies:\n  - name: Acme\n    __proto__: { name: B }\n', 'line 3, companies[0].__proto__'],
    ['constructor', 'companies:\n  - name: Acme\n    constructor: x\n', 'line 3, companies[0].constructor'],
    ['prototype', 'prototype: x\ncompanies: []\n', 'line 1, prototype'],
    [
      'constructor in a funding',
      'companies:\n  - name: Acme\n    funding: { total: 1M, constructor: 2M }\n',
      'line 3, companies[0].funding.constructor',
    ],
  ])('refuses %s as an unknown key', (key, file, place) => {
    const errors = errorsOf(readPortfolioYaml(file));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(`${place}: ${JSON.stringify(key.split(' ')[0])} is not a key here; the keys: `);
  });

  it('refuses an ATS named constructor in a spreadsheet', () => {
    const header =
      'name,slug,website,overview,logo,headquarters,headcount,founded,workspaces,total_funding,last_round_amount,last_round_type,last_round_date,investors,last_round_investors,ats,ats_board';
    const read = readPortfolioCsv(`${header}\nAcme,,,,,,,,,,,,,,,constructor,acme\n`);
    expect(errorsOf(read)).toEqual([expect.stringMatching(/^line 2, ats: "constructor" is not an ATS; the ATSs: /)]);
  });
});
