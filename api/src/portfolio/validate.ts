import * as v from 'valibot';
import { type Company, isEmptyValue, type Portfolio, type ProfileField, siteFields } from './model';
import { type CompanyEntry, companySchema, portfolioSchema } from './schema';
import { readSlug, readText, shown, slugOf } from './values';

/** Where an error is: its line, and its path in the file (`companies[3].funding.total`) or CSV column. */
export interface PortfolioError {
  line: number;
  at: string;
  message: string;
}

export type Path = readonly (string | number)[];

/** How a form names the place of a value of the YAML-shaped data it was read into. */
export type Locate = (path: Path) => { line: number; at: string };

export type PortfolioRead =
  | { ok: true; portfolio: Portfolio; locate: Locate }
  | { ok: false; errors: PortfolioError[] };

/** `line 42, companies[3].funding.total: "ten million" is not an amount` */
export function errorLine(error: PortfolioError): string {
  return `line ${error.line}, ${error.at}: ${error.message}`;
}

/** The path as the errors write it: `companies[3].funding.total`. */
export function pathText(path: Path): string {
  return path.map((key, index) => (typeof key === 'number' ? `[${key}]` : index === 0 ? key : `.${key}`)).join('');
}

/**
 * Checks data in the file's shape (read from YAML, or from a CSV put in that shape) and makes it
 * the model. Every error is listed, each with its place, in the file's order; a file with one
 * error gives no model at all, so that applying it changes nothing.
 */
export function validatePortfolio(raw: unknown, locate: Locate, fields: readonly ProfileField[]): PortfolioRead {
  const errors: PortfolioError[] = [];
  const report = (path: Path, message: string) => errors.push({ ...locate(path), message });
  const reportIssues = (issues: readonly v.BaseIssue<unknown>[], prefix: Path) => {
    for (const issue of issues) {
      const path = [...prefix, ...(issue.path ?? []).map((item) => item.key as string | number)];
      const key = path[path.length - 1];
      report(path, issue.type === 'never' ? `${JSON.stringify(String(key))} ${issue.message}` : issue.message);
    }
  };

  const top = v.safeParse(portfolioSchema, raw ?? {}, { abortEarly: false });
  if (!top.success) reportIssues(top.issues, []);
  const investor = top.success ? top.output.investor : null;
  const entries = (raw as { companies?: unknown } | null)?.companies;
  const companies: Company[] = [];
  // Each company's name, slug and sources, as far as they read: a company with an error elsewhere
  // is still checked against the others.
  const identities: { index: number; company: Pick<Company, 'name' | 'slug' | 'sources'>; slugMade: boolean }[] = [];
  for (const [index, entry] of (Array.isArray(entries) ? entries : []).entries()) {
    const parsed = v.safeParse(companySchema, entry, { abortEarly: false });
    if (parsed.success) {
      const company = companyOf(parsed.output, investor);
      companies.push(company);
      identities.push({ index, company, slugMade: parsed.output.slug === null });
      continue;
    }
    reportIssues(parsed.issues, ['companies', index]);
    const raw = (entry ?? {}) as { name?: unknown; slug?: unknown };
    const name = readText(raw.name, 200);
    const slug = readSlug(raw.slug);
    if (name.ok && name.value !== null && slug.ok)
      identities.push({
        index,
        company: { name: name.value, slug: slug.value ?? slugOf(name.value), sources: [] },
        slugMade: slug.value === null,
      });
  }

  const firsts = new Map<string, number>();
  for (const { index, company, slugMade } of identities) {
    const once = (key: string, path: Path, message: (first: number) => string) => {
      const first = firsts.get(key);
      if (first === undefined) firsts.set(key, index);
      else report(['companies', index, ...path], message(first));
      return first === undefined;
    };
    const nameOnce = once(
      `name ${company.name.toLowerCase()}`,
      ['name'],
      (first) => `${shown(company.name)} is also companies[${first}]'s name`,
    );
    // A slug made from a name given twice says nothing the name's error has not.
    if (nameOnce || !slugMade)
      once(`slug ${company.slug}`, [slugMade ? 'name' : 'slug'], (first) =>
        slugMade
          ? `the slug made from this name, ${shown(company.slug)}, is also companies[${first}]'s: give one of them a slug`
          : `${shown(company.slug)} is also companies[${first}]'s slug`,
      );
    for (const [position, source] of company.sources.entries())
      once(`source ${source.kind} ${source.board.toLowerCase()}`, ['sources', position, source.kind], (first) =>
        first === index
          ? `${source.kind}/${source.board} is named twice`
          : `${source.kind}/${source.board} is also companies[${first}]'s source`,
      );
  }

  if (errors.length > 0) return { ok: false, errors: errors.sort((a, b) => a.line - b.line) };
  return { ok: true, portfolio: { investor, companies, fields }, locate };
}

function companyOf(entry: CompanyEntry, investor: string | null): Company {
  const all =
    investor === null ? entry.investors.all : [investor, ...entry.investors.all.filter((name) => name !== investor)];
  const company: Company = {
    name: entry.name,
    slug: entry.slug ?? slugOf(entry.name),
    website: entry.website,
    overview: entry.overview,
    logo: entry.logo,
    headquarters: entry.headquarters,
    headcount: entry.headcount,
    founded: entry.founded,
    workspaces: entry.workspaces,
    funding: {
      total: entry.funding.total,
      lastRound: {
        amount: entry.funding.last_round.amount,
        type: entry.funding.last_round.type,
        date: entry.funding.last_round.date,
      },
    },
    investors: { all, lastRound: entry.investors.last_round },
    team: entry.team.map((member) => ({ name: member.name, role: member.role, bio: member.bio })),
    equity: { ...entry.equity },
    benefits: entry.benefits,
    sources: entry.sources,
    fromSite: [],
  };
  // Only a field that holds a value can have come from the site.
  company.fromSite = siteFields.filter((field) => entry.from_site.includes(field) && !isEmptyValue(company[field]));
  return company;
}
