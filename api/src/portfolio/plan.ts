import { isDeepStrictEqual } from 'node:util';
import {
  bareCompany,
  type Company,
  isEmptyValue,
  type Portfolio,
  type ProfileField,
  profileFields,
  type SiteField,
  type Source,
  siteFields,
} from './model';

/**
 * What applying a portfolio file would do to the board, worked out from the file's model and the
 * board's companies and sources as they are (given as data: this module reads no database). The
 * plan is what `--dry-run` prints and what applying carries out, so the two cannot disagree.
 * docs/decisions/039-the-portfolio-file.md
 */

/** A company as the board holds it. Its `logo` is compared as text: the caller gives the file's and the board's in one form (e.g. the content hash). */
export type BoardCompany = Omit<Company, 'sources'>;

/** A source on the board: its company's slug, and whether it was removed (kept so its jobs keep their ids). */
export interface BoardSource extends Source {
  company: string;
  removed: boolean;
}

export interface Board {
  companies: BoardCompany[];
  sources: BoardSource[];
}

export interface SourceChanges {
  /** Sources the board does not have: made. */
  add: Source[];
  /** Sources the board has under another company, or removed: given to this company (never made twice). */
  attach: (Source & { from: string; removed: boolean })[];
  /** This company's sources the file no longer names, and no other company of the file takes. */
  remove: Source[];
  /** This company's sources another company of the file takes. */
  leave: (Source & { to: string })[];
}

export type Change = ProfileField | 'sources';

export type CompanyPlan =
  | {
      slug: string;
      action: 'created' | 'updated' | 'unchanged';
      changed: Change[];
      company: Company;
      sources: SourceChanges;
    }
  | { slug: string; action: 'removed'; sources: SourceChanges };

const sourceKey = (source: Source) => `${source.kind}/${source.board.toLowerCase()}`;

/** One plan a company of the file, in the file's order; with `prune`, then one for each company the file leaves out. */
export function planPortfolio(file: Portfolio, board: Board, options: { prune?: boolean } = {}): CompanyPlan[] {
  const onBoard = new Map(board.companies.map((company) => [company.slug, company]));
  const boardSources = new Map(board.sources.map((source) => [sourceKey(source), source]));
  const claimedBy = new Map<string, string>();
  for (const company of file.companies)
    for (const source of company.sources) claimedBy.set(sourceKey(source), company.slug);

  /** What happens to the sources the board gives `slug` and the file gives it (`wanted`). */
  const sourceChanges = (slug: string, wanted: Source[]): SourceChanges => {
    const changes: SourceChanges = { add: [], attach: [], remove: [], leave: [] };
    for (const source of wanted) {
      const existing = boardSources.get(sourceKey(source));
      if (!existing) changes.add.push(source);
      else if (existing.company !== slug || existing.removed)
        changes.attach.push({ ...source, from: existing.company, removed: existing.removed });
    }
    for (const existing of board.sources) {
      if (existing.company !== slug || existing.removed) continue;
      const taker = claimedBy.get(sourceKey(existing));
      const source = { kind: existing.kind, board: existing.board };
      if (taker === undefined) changes.remove.push(source);
      else if (taker !== slug) changes.leave.push({ ...source, to: taker });
    }
    return changes;
  };

  const plans: CompanyPlan[] = file.companies.map((wanted) => {
    const current = onBoard.get(wanted.slug);
    const sources = sourceChanges(wanted.slug, wanted.sources);
    const company = desired(wanted, current, file.fields);
    const changed: Change[] = current
      ? profileFields.filter((field) => fieldChanged(field, company, current))
      : profileFields.filter((field) => !isEmptyValue(company[field]));
    if (sources.add.length + sources.attach.length + sources.remove.length + sources.leave.length > 0)
      changed.push('sources');
    const action = !current ? 'created' : changed.length > 0 ? 'updated' : 'unchanged';
    return { slug: wanted.slug, action, changed, company, sources };
  });
  if (options.prune) {
    const inFile = new Set(file.companies.map((company) => company.slug));
    for (const company of board.companies)
      if (!inFile.has(company.slug))
        plans.push({ slug: company.slug, action: 'removed', sources: sourceChanges(company.slug, []) });
  }
  return plans;
}

/** `acme-robotics: created`, `acme-robotics: updated (overview, investors)`, `acme-robotics: unchanged`. */
export function planLine(plan: CompanyPlan): string {
  if (plan.action === 'updated') return `${plan.slug}: updated (${plan.changed.join(', ')})`;
  return `${plan.slug}: ${plan.action}`;
}

/**
 * The company the board should hold: the file's values; for the fields the file does not state
 * (a CSV's team, equity, benefits) the board's; and for a field the site fills, the site's value
 * where the file leaves it empty, or marks it `from_site` unchanged (decision 040).
 */
function desired(wanted: Company, current: BoardCompany | undefined, fields: readonly ProfileField[]): Company {
  const base = current ?? bareCompany(wanted.name, wanted.slug);
  const company: Company = { ...wanted, fromSite: [] };
  for (const field of profileFields)
    if (!fields.includes(field)) (company as unknown as Record<string, unknown>)[field] = base[field];
  for (const field of siteFields) {
    if (!fields.includes(field)) {
      if (base.fromSite.includes(field)) company.fromSite.push(field);
      continue;
    }
    const boardHasSite = current?.fromSite.includes(field) === true && !isEmptyValue(current[field]);
    if (isEmptyValue(wanted[field])) {
      if (boardHasSite && current) {
        (company as unknown as Record<SiteField, unknown>)[field] = current[field];
        company.fromSite.push(field);
      }
    } else if (
      wanted.fromSite.includes(field) &&
      (isEmptyValue(current?.[field]) || (boardHasSite && same(wanted[field], current?.[field])))
    )
      company.fromSite.push(field);
  }
  return company;
}

function fieldChanged(field: ProfileField, company: Company, current: BoardCompany): boolean {
  const value = company[field];
  const before = current[field];
  const equal =
    field === 'workspaces' ? same([...company.workspaces].sort(), [...current.workspaces].sort()) : same(value, before);
  if (!equal) return true;
  // The same value, now the file's where it was the site's (or the other way): enrichment's rights change.
  const site = (slug: Company | BoardCompany) =>
    (siteFields as readonly string[]).includes(field) && slug.fromSite.includes(field as SiteField);
  return !isEmptyValue(value) && site(company) !== site(current);
}

/** Equal as data: whatever the key order (PostgreSQL's jsonb reorders keys) or the objects' prototypes. */
function same(a: unknown, b: unknown): boolean {
  return isDeepStrictEqual(JSON.parse(JSON.stringify(a ?? null)), JSON.parse(JSON.stringify(b ?? null)));
}
