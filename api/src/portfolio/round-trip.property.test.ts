import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { portfolio } from './arbitrary-portfolio';
import { csvFields, emptyEquity, type Portfolio } from './model';
import { readPortfolioCsv } from './read-csv';
import { readPortfolioYaml } from './read-yaml';
import { errorLine, type PortfolioRead } from './validate';
import { writePortfolioCsv } from './write-csv';
import { writePortfolioYaml } from './write-yaml';

function modelOf(read: PortfolioRead): Portfolio {
  if (!read.ok) throw new Error(read.errors.map(errorLine).join('\n'));
  return read.portfolio;
}

describe('export then read', () => {
  it('gives the same model in YAML', () => {
    fc.assert(
      fc.property(portfolio, (written) => {
        expect(modelOf(readPortfolioYaml(writePortfolioYaml(written)))).toEqual(written);
      }),
      { numRuns: 50 },
    );
  });

  it('gives the same model in CSV, less the team, equity and benefits it has no columns for', () => {
    fc.assert(
      fc.property(portfolio, (written) => {
        const expected: Portfolio = {
          investor: null,
          fields: csvFields,
          companies: written.companies.map((entry) => ({ ...entry, team: [], equity: emptyEquity(), benefits: [] })),
        };
        expect(modelOf(readPortfolioCsv(writePortfolioCsv(written)))).toEqual(expected);
      }),
      { numRuns: 50 },
    );
  });
});

describe('reading any text', () => {
  it('never throws, and every error names a line of the file', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc
        .array(
          fc.constantFrom(
            'companies:',
            '\n',
            '  - ',
            'name: ',
            'A',
            ',',
            '"',
            ';',
            '{',
            '[',
            ':',
            '&a ',
            '*a',
            '\uFEFF',
          ),
          { maxLength: 60 },
        )
        .map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(text, (source) => {
        const lines = source.split('\n').length;
        for (const read of [readPortfolioYaml(source), readPortfolioCsv(source)])
          for (const error of read.ok ? [] : read.errors) {
            expect(error.line).toBeGreaterThanOrEqual(1);
            expect(error.line).toBeLessThanOrEqual(lines + 1);
          }
      }),
      { numRuns: 300 },
    );
  });
});
