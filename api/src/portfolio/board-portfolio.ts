import type { Company, Portfolio } from './model';
import { profileFields } from './model';
import type { Board } from './plan';

/**
 * The board's companies as a portfolio, for `export`: each with its sources (those not removed),
 * in the board's order. `investor` is the portfolio's investor, written once at the top; every
 * company's list is given as the board holds it.
 */
export function boardPortfolio(board: Board, investor: string | null): Portfolio {
  const companies = board.companies.map(
    (company): Company => ({
      ...company,
      sources: board.sources
        .filter((source) => source.company === company.slug && !source.removed)
        .map((source) => ({ kind: source.kind, board: source.board })),
    }),
  );
  return { investor, companies, fields: profileFields };
}
