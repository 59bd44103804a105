/** The shapes of a company's profile columns kept as JSON (job-board-tables.ts): as the wire sends them. */

export interface Funding {
  total_funding_amount?: string | null;
  last_round_amount?: string | null;
  last_round_type?: string | null;
  last_round_date?: string | null;
}

export interface Investors {
  all: string[];
  last_round: string[];
}

export interface Equity {
  type?: string | null;
  percentage?: string | null;
  cliff_period?: string | null;
  vesting_period?: string | null;
  additional_details?: string | null;
}
