import { describe, expect, it } from 'vitest';
import { csvColumns, readPortfolioCsv } from './read-csv';
import { errorLine } from './validate';

const header = csvColumns.join(',');

/** A row with the named cells, the rest empty, in the header's order. */
function row(cells: Partial<Record<(typeof csvColumns)[number], string>>): string {
  return csvColumns.map((column) => cells[column] ?? '').join(',');
}

function errorsOf(text: string | Uint8Array): string[] {
  const read = readPortfolioCsv(text);
  if (read.ok) throw new Error('the file was read without errors');
  return read.errors.map(errorLine);
}

describe('the portfolio as a spreadsheet exports it', () => {
  it('reads a row into the same model as YAML, lists split at ";"', () => {
    const text = `\uFEFF${header}\r\n${row({
      name: 'Acme Robotics',
      website: 'https://acme.example',
      overview: '"Acme builds robots, and ""software"".\nTwo lines."',
      headquarters: '"Berlin, Germany"',
      headcount: '"1,200"',
      founded: '2021',
      workspaces: 'demo;climate-collective',
      total_funding: '"$12,000,000"',
      last_round_amount: '8M',
      last_round_type: 'Series A',
      last_round_date: '2026-03-01',
      investors: 'Atomico; Balderton Capital;',
      last_round_investors: 'Atomico',
      ats: 'Greenhouse;lever',
      ats_board: 'acme;acme-robotics',
    })}\r\n`;
    const read = readPortfolioCsv(Buffer.from(text));
    if (!read.ok) throw new Error(read.errors.map(errorLine).join('\n'));
    expect(read.portfolio.fields).not.toContain('team');
    expect(read.portfolio.companies).toEqual([
      {
        name: 'Acme Robotics',
        slug: 'acme-robotics',
        website: 'https://acme.example',
        overview: 'Acme builds robots, and "software".\nTwo lines.',
        logo: null,
        headquarters: 'Berlin, Germany',
        headcount: 1200,
        founded: 2021,
        workspaces: ['demo', 'climate-collective'],
        funding: { total: 12_000_000, lastRound: { amount: 8_000_000, type: 'Series A', date: '2026-03-01' } },
        investors: { all: ['Atomico', 'Balderton Capital'], lastRound: ['Atomico'] },
        team: [],
        equity: { type: null, percentage: null, cliff: null, vesting: null, details: null },
        benefits: [],
        sources: [
          { kind: 'greenhouse', board: 'acme' },
          { kind: 'lever', board: 'acme-robotics' },
        ],
        fromSite: [],
      },
    ]);
  });

  it('reads the columns in any order and in any case, and skips blank rows', () => {
    const columns = [...csvColumns].reverse();
    const text = `${columns.map((column) => column.toUpperCase()).join(',')}\n${','.repeat(columns.length - 1)}\n${columns.map((column) => (column === 'name' ? 'Beta' : '')).join(',')}\n`;
    const read = readPortfolioCsv(text);
    expect(read.ok && read.portfolio.companies.map((company) => company.name)).toEqual(['Beta']);
  });

  it("names each error's line and column; a quoted cell's line breaks count", () => {
    const text = [
      header,
      row({ name: 'Acme', overview: '"one\ntwo"', total_funding: 'ten million' }),
      row({ name: 'Beta', ats: 'workday', ats_board: 'beta' }),
      row({ name: 'Gamma', ats: 'greenhouse;lever', ats_board: 'gamma' }),
      row({ name: 'acme', last_round_date: '01/03/2026', investors: 'A;B' }),
      row({ name: 'ACME', investors: 'A;B' }),
      row({ slug: 'no-name', founded: 'MMXXI' }),
      `${row({ name: 'Delta' })},extra`,
    ].join('\n');
    expect(errorsOf(text)).toEqual([
      'line 2, total_funding: "ten million" is not an amount',
      'line 4, ats: "workday" is not an ATS; the ATSs: greenhouse, lever, ashby',
      'line 5, ats_board: names 1 boards for 2 ATSs',
      'line 6, last_round_date: "01/03/2026" is not a date (YYYY-MM-DD)',
      'line 6, name: "acme" is also companies[0]\'s name',
      'line 7, name: "ACME" is also companies[0]\'s name',
      'line 8, name: is required',
      'line 8, founded: "MMXXI" is not a year',
      'line 9, the row: has 18 cells; the header names 17',
    ]);
  });

  it.each([
    ['an unknown column', `${header},webiste\n`, 'line 1, the header: "webiste" is not a column; the columns:'],
    ['a missing column', `${csvColumns.slice(1).join(',')}\n`, 'line 1, the header: the column "name" is missing'],
    ['a column given twice', `${header},name\n`, 'line 1, the header: the column "name" is named twice'],
    ['columns separated by ";"', `${csvColumns.join(';')}\n`, 'line 1, the header: its columns are separated by ";"'],
    ['a quote left open', `${header}\n"Acme,\n`, 'line 2, the file: not CSV as a spreadsheet writes it'],
    ['an empty file', '', 'line 1, the file: the file is empty'],
    [
      'text that is not UTF-8',
      Buffer.from(`${header}\nZürich\n`, 'latin1'),
      'line 1, the file: the file is not UTF-8 text',
    ],
  ])('refuses %s', (_, text, error) => {
    expect(errorsOf(text)[0]).toContain(error);
  });

  it("takes off the ' export puts before a cell a spreadsheet would run as a formula", () => {
    const read = readPortfolioCsv(`${header}\n${row({ name: "'=HYPERLINK(1)", overview: "'not a guard" })}\n`);
    expect(read.ok && read.portfolio.companies[0]).toMatchObject({ name: '=HYPERLINK(1)', overview: "'not a guard" });
  });
});
