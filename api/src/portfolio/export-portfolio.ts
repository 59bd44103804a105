import type { Database } from '../db/database';
import { boardPortfolio } from './board-portfolio';
import { readBoardState } from './board-state';
import type { Portfolio } from './model';
import { readLogo } from './values';
import { writePortfolioCsv } from './write-csv';
import { writePortfolioYaml } from './write-yaml';

export type ExportFormat = 'yaml' | 'csv';

/**
 * The board's companies as a portfolio file, which `apply` reads back as `unchanged`: each logo as
 * the file or the site named it (a site's address the file could not name, an http one, is left
 * out: the board keeps the site's logo for a field the file leaves empty), and the portfolio's
 * investor once at the top when every company's investors start with it.
 */
export async function exportPortfolio(db: Database, format: ExportFormat): Promise<string> {
  const state = await readBoardState(db);
  const board = {
    ...state.board,
    companies: state.stored.map(({ company, logoSource }) => {
      const reference = logoSource !== null && readLogo(logoSource).ok ? logoSource : null;
      return { ...company, logo: company.logo === null ? null : reference };
    }),
  };
  const portfolio = boardPortfolio(board, commonInvestor(board.companies));
  return format === 'csv' ? writePortfolioCsv(portfolio) : writePortfolioYaml(portfolio);
}

function commonInvestor(companies: Portfolio['companies'] | { investors: { all: string[] } }[]): string | null {
  const first = companies[0]?.investors.all[0];
  if (first === undefined) return null;
  return companies.every((company) => company.investors.all[0] === first) ? first : null;
}
