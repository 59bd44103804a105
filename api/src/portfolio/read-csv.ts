import { CsvError, parse } from 'csv-parse/sync';
import { sourceKinds } from '../db/job-board-tables';
import { csvFields } from './model';
import { decode } from './read-yaml';
import { type Path, type PortfolioError, type PortfolioRead, validatePortfolio } from './validate';
import { unguardCell } from './values';

/** The spreadsheet's columns, in the order export writes them; `from_site` only when needed. */
export const csvColumns = [
  'name',
  'slug',
  'website',
  'overview',
  'logo',
  'headquarters',
  'headcount',
  'founded',
  'workspaces',
  'total_funding',
  'last_round_amount',
  'last_round_type',
  'last_round_date',
  'investors',
  'last_round_investors',
  'ats',
  'ats_board',
] as const;
export const fromSiteColumn = 'from_site';

type Column = (typeof csvColumns)[number] | typeof fromSiteColumn;

/**
 * The portfolio as a spreadsheet exports it: a header row naming every column (in any order,
 * `from_site` optional), a company a row, UTF-8 with or without a byte order mark, fields quoted
 * where they need it, `;` between a list's values. Each row is put in the YAML's shape and read by
 * the same rules, so an error names the row's line and the column.
 */
export function readPortfolioCsv(input: string | Uint8Array): PortfolioRead {
  const text = decode(input);
  if (text === null) return failed(1, 'the file', 'the file is not UTF-8 text (save it as "CSV UTF-8")');
  let records: { record: string[]; raw: string }[];
  try {
    records = parse(text, {
      bom: true,
      raw: true,
      relax_column_count: true,
      skip_empty_lines: false,
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines ?? 1;
      return failed(line, 'the file', `not CSV as a spreadsheet writes it: ${error.message}`);
    }
    throw error;
  }
  // The line each row starts on. A row's raw text holds the line breaks of its quoted cells and
  // its own (of a CRLF, csv-parse keeps the CR): one break each.
  let next = 1;
  const rows = records.map(({ record, raw }) => {
    const line = next;
    next += raw.match(/\r\n|\n|\r/g)?.length ?? 0;
    return { cells: record, line };
  });
  const [header, ...body] = rows;
  if (!header) return failed(1, 'the file', 'the file is empty: the first row names the columns');

  const names = header.cells.map((cell) => cell.trim().toLowerCase());
  const errors: PortfolioError[] = [];
  if (names.length === 1 && names[0]?.includes(';'))
    errors.push({ line: 1, at: 'the header', message: 'its columns are separated by ";": save the file with commas' });
  else {
    for (const [position, name] of names.entries()) {
      if (![...csvColumns, fromSiteColumn].includes(name as Column))
        errors.push({
          line: 1,
          at: 'the header',
          message: `${JSON.stringify(name)} is not a column; the columns: ${csvColumns.join(', ')}`,
        });
      else if (names.indexOf(name) !== position)
        errors.push({ line: 1, at: 'the header', message: `the column ${JSON.stringify(name)} is named twice` });
    }
    for (const column of csvColumns)
      if (!names.includes(column))
        errors.push({ line: 1, at: 'the header', message: `the column "${column}" is missing` });
  }
  if (errors.length > 0) return { ok: false, errors };

  const companies: unknown[] = [];
  const rowLines: number[] = [];
  for (const row of body) {
    if (row.cells.every((cell) => cell.trim() === '')) continue;
    if (row.cells.slice(names.length).some((cell) => cell.trim() !== '')) {
      errors.push({
        line: row.line,
        at: 'the row',
        message: `has ${row.cells.length} cells; the header names ${names.length}`,
      });
      continue;
    }
    const cell = (column: Column) => {
      const value = unguardCell(row.cells[names.indexOf(column)]?.trim() ?? '');
      return value === '' ? null : value;
    };
    const list = (column: Column) =>
      (cell(column) ?? '')
        .split(';')
        .map((entry) => entry.trim())
        .filter(Boolean);
    const kinds = list('ats').map((kind) => kind.toLowerCase());
    const boards = list('ats_board');
    if (kinds.length !== boards.length)
      errors.push({
        line: row.line,
        at: 'ats_board',
        message: `names ${boards.length} boards for ${kinds.length} ATSs`,
      });
    companies.push({
      name: cell('name'),
      slug: cell('slug'),
      website: cell('website'),
      overview: cell('overview'),
      logo: cell('logo'),
      headquarters: cell('headquarters'),
      headcount: cell('headcount'),
      founded: cell('founded'),
      workspaces: list('workspaces'),
      funding: {
        total: cell('total_funding'),
        last_round: { amount: cell('last_round_amount'), type: cell('last_round_type'), date: cell('last_round_date') },
      },
      investors: { all: list('investors'), last_round: list('last_round_investors') },
      sources: kinds.slice(0, boards.length).map((kind, position) => ({ [kind]: boards[position] })),
      from_site: list(fromSiteColumn),
    });
    rowLines.push(row.line);
  }

  const locate = (path: Path) => {
    const line = typeof path[1] === 'number' ? (rowLines[path[1]] ?? 1) : 1;
    return { line, at: path.length > 2 ? columnOf(path.slice(2)) : path.length === 2 ? 'the row' : 'the file' };
  };
  const read = validatePortfolio({ companies }, locate, csvFields);
  if (errors.length === 0) return read;
  return { ok: false, errors: [...errors, ...(read.ok ? [] : read.errors)].sort((a, b) => a.line - b.line) };
}

/** The column a value of the YAML's shape came from. */
function columnOf([first, second, third]: Path): string {
  if (first === 'funding') {
    if (second === 'last_round')
      return third === 'type' ? 'last_round_type' : third === 'date' ? 'last_round_date' : 'last_round_amount';
    return 'total_funding';
  }
  if (first === 'investors') return second === 'last_round' ? 'last_round_investors' : 'investors';
  if (first === 'sources')
    return typeof third === 'string' && (sourceKinds as readonly string[]).includes(third) ? 'ats_board' : 'ats';
  return String(first);
}

function failed(line: number, at: string, message: string): { ok: false; errors: PortfolioError[] } {
  return { ok: false, errors: [{ line, at, message }] };
}
