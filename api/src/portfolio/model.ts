import type { SourceKind } from '../db/job-board-tables';

/**
 * The portfolio as the board reads it from an operator's file (YAML or CSV) and writes it back:
 * one model whatever the form, every value already checked and in one canonical shape (text
 * trimmed, empty text and absent keys are `null`, lists without blanks or repeats), so that two
 * models are equal exactly when applying them would write the same thing.
 * docs/decisions/039-the-portfolio-file.md
 */
export interface Portfolio {
  /** The investor behind the whole portfolio: first in every company's `investors.all`. */
  investor: string | null;
  companies: Company[];
  /**
   * The profile fields the file states. A CSV has no columns for team, equity and benefits, so
   * applying one leaves those as the board has them; a YAML file states every field.
   */
  fields: readonly ProfileField[];
}

export interface Company {
  name: string;
  /** The company's address on the board (`job_board_slug`) and its identity across applies. */
  slug: string;
  website: string | null;
  overview: string | null;
  /** A path beside the file (`logos/acme.png`) or an https URL. */
  logo: string | null;
  headquarters: string | null;
  headcount: number | null;
  /** The year. */
  founded: number | null;
  /** The workspaces whose boards list the company besides the general one. */
  workspaces: string[];
  funding: Funding;
  investors: Investors;
  team: TeamMember[];
  equity: Equity;
  benefits: string[];
  sources: Source[];
  /** The fields whose values were read from the company's site, not written by the portfolio team. */
  fromSite: SiteField[];
}

/** Whole US dollars (the board shows funding with a `$`). */
export interface Funding {
  total: number | null;
  lastRound: { amount: number | null; type: string | null; date: string | null };
}

export interface Investors {
  all: string[];
  lastRound: string[];
}

export interface TeamMember {
  name: string;
  role: string | null;
  bio: string | null;
}

export interface Equity {
  type: string | null;
  percentage: string | null;
  cliff: string | null;
  vesting: string | null;
  details: string | null;
}

/** A company's job board on its ATS (`pnpm sources`): the kind and the board's name there. */
export interface Source {
  kind: SourceKind;
  board: string;
}

/** The profile's fields, in the file's order: the order a plan names what changed. */
export const profileFields = [
  'name',
  'website',
  'overview',
  'logo',
  'headquarters',
  'headcount',
  'founded',
  'workspaces',
  'funding',
  'investors',
  'team',
  'equity',
  'benefits',
] as const;
export type ProfileField = (typeof profileFields)[number];

/** What a CSV states: every field but those it has no column for. */
export const csvFields: readonly ProfileField[] = profileFields.filter(
  (field) => field !== 'team' && field !== 'equity' && field !== 'benefits',
);

/** The fields a company's own site can fill when the file leaves them empty (decision 040). */
export const siteFields = ['overview', 'logo', 'headquarters', 'headcount', 'founded'] as const;
export type SiteField = (typeof siteFields)[number];

export function isSiteField(value: string): value is SiteField {
  return (siteFields as readonly string[]).includes(value);
}

export const emptyFunding = (): Funding => ({ total: null, lastRound: { amount: null, type: null, date: null } });
export const emptyEquity = (): Equity => ({ type: null, percentage: null, cliff: null, vesting: null, details: null });

/** A company with only its name and slug: what a created company starts from. */
export function bareCompany(name: string, slug: string): Company {
  return {
    name,
    slug,
    website: null,
    overview: null,
    logo: null,
    headquarters: null,
    headcount: null,
    founded: null,
    workspaces: [],
    funding: emptyFunding(),
    investors: { all: [], lastRound: [] },
    team: [],
    equity: emptyEquity(),
    benefits: [],
    sources: [],
    fromSite: [],
  };
}

/** Whether a field holds nothing: what the site may fill and what export leaves out. */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.values(value).every(isEmptyValue);
  return false;
}
