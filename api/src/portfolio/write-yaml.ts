import { Document, isMap, isSeq, type Node, YAMLMap, YAMLSeq } from 'yaml';
import { type Company, isEmptyValue, type Portfolio } from './model';

const header = [
  ' The portfolio: `pnpm portfolio apply` makes the board match this file (docs/decisions/039).',
  " from_site names the fields read from the company's own site: write such a field here and",
  ' take it off from_site to keep your value; the file always wins over the site.',
].join('\n');

/**
 * The portfolio as YAML in the file's keys, for `export --format yaml`: empty fields left out
 * (absent reads as empty), short groups written inline as the README's example is, and the
 * portfolio's investor once at the top rather than in every company (reading puts it back first).
 */
export function writePortfolioYaml(portfolio: Portfolio): string {
  const data: Record<string, unknown> = {};
  if (portfolio.investor !== null) data.investor = portfolio.investor;
  data.companies = portfolio.companies.map((company) => entryOf(company, portfolio.investor));
  const doc = new Document(data);
  doc.commentBefore = header;
  const companies = doc.get('companies', true);
  if (isSeq(companies))
    for (const company of companies.items) {
      if (!isMap(company)) continue;
      for (const key of ['workspaces', 'equity', 'sources', 'from_site']) inline(company.get(key, true));
      const funding = company.get('funding', true);
      if (isMap(funding)) inline(funding.get('last_round', true));
      const investors = company.get('investors', true);
      if (isMap(investors)) for (const list of investors.items) inline(list.value as Node);
      const team = company.get('team', true);
      if (isSeq(team)) for (const member of team.items) inline(member as Node);
    }
  return doc.toString({ lineWidth: 0, flowCollectionPadding: false });
}

/** A group on one line, as `{ name: Ada, role: CEO }`; one holding text of several lines stays in block style. */
function inline(node: unknown) {
  if ((node instanceof YAMLMap || node instanceof YAMLSeq) && !JSON.stringify(node.toJSON()).includes('\\n')) {
    node.flow = true;
    for (const item of node.items) inline(isMap(node) ? (item as { value: unknown }).value : item);
  }
}

/** A company in the file's keys and order, its empty fields left out. */
function entryOf(company: Company, investor: string | null): Record<string, unknown> {
  const entry: Record<string, unknown> = {
    name: company.name,
    slug: company.slug,
    website: company.website,
    overview: company.overview,
    logo: company.logo,
    headquarters: company.headquarters,
    headcount: company.headcount,
    founded: company.founded,
    workspaces: company.workspaces,
    funding: {
      total: company.funding.total,
      last_round: compact({ ...company.funding.lastRound }),
    },
    investors: {
      all: company.investors.all.filter((name) => name !== investor),
      last_round: company.investors.lastRound,
    },
    team: company.team.map((member) => compact({ ...member })),
    equity: compact({ ...company.equity }),
    benefits: company.benefits,
    sources: company.sources.map((source) => ({ [source.kind]: source.board })),
    from_site: company.fromSite,
  };
  return compact(entry);
}

/** The entries of `object` that hold something. */
function compact(object: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object)) {
    const inner =
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? compact(value as Record<string, unknown>)
        : value;
    if (!isEmptyValue(inner)) kept[key] = inner;
  }
  return kept;
}
