import { stringify } from 'csv-stringify/sync';
import type { Portfolio } from './model';
import { csvColumns, fromSiteColumn } from './read-csv';
import { guardCell } from './values';

/**
 * The portfolio as a spreadsheet reads it, for `export --format csv`: the header row, a company a
 * row, `;` between a list's values, CRLF line ends and a byte order mark (so a spreadsheet opens
 * the accents as UTF-8). It has no columns for team, equity and benefits, so applying it leaves
 * those as they are. `from_site` is a column only when some field came from a site.
 */
export function writePortfolioCsv(portfolio: Portfolio): string {
  const withSite = portfolio.companies.some((company) => company.fromSite.length > 0);
  const columns: string[] = [...csvColumns, ...(withSite ? [fromSiteColumn] : [])];
  const rows = portfolio.companies.map((company) => {
    const cells: Record<string, string | number | null> = {
      name: company.name,
      slug: company.slug,
      website: company.website,
      overview: company.overview,
      logo: company.logo,
      headquarters: company.headquarters,
      headcount: company.headcount,
      founded: company.founded,
      workspaces: company.workspaces.join(';'),
      total_funding: company.funding.total,
      last_round_amount: company.funding.lastRound.amount,
      last_round_type: company.funding.lastRound.type,
      last_round_date: company.funding.lastRound.date,
      investors: company.investors.all.join(';'),
      last_round_investors: company.investors.lastRound.join(';'),
      ats: company.sources.map((source) => source.kind).join(';'),
      ats_board: company.sources.map((source) => source.board).join(';'),
      from_site: company.fromSite.join(';'),
    };
    return columns.map((column) => {
      const value = cells[column];
      return typeof value === 'string' ? guardCell(value) : value === null || value === undefined ? '' : String(value);
    });
  });
  return stringify([columns, ...rows], { bom: true, record_delimiter: '\r\n' });
}
