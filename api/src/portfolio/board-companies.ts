import { parseTeamMemberObject, parseTeamMemberString } from '@board/shared/api/team';
import type { OrganizationRow } from '../db/board-rows';
import type { organizations } from '../db/job-board-tables';
import { amountText } from './amount-text';
import { type Company, isEmptyValue, isSiteField, type SiteField } from './model';
import type { BoardCompany } from './plan';
import { readAmount } from './values';

/**
 * A company of the board's `organizations` table as the portfolio's model reads it, and the
 * model's company as that table stores it. Funding is stored as the text the pages show after `$`
 * ("12M"), team members as the objects call 5 sends, the logo as its content hash (the model's
 * `logo` is compared hash to hash) with the reference the file or the site gave kept beside it.
 */
export interface StoredCompany {
  id: number;
  company: BoardCompany;
  /** What the file or the site named (`logos/acme.png`, an https address), and the digest of those bytes. */
  logoSource: string | null;
  logoSourceDigest: string | null;
  /** The `logo` column as it is (the path the pages show). */
  logoColumn: string | null;
  website: string | null;
}

const textOrNull = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
const amountOf = (text: unknown): number | null => {
  const read = readAmount(typeof text === 'string' ? text.trim() || null : null);
  return read.ok ? read.value : null;
};
const names = (list: unknown): string[] =>
  Array.isArray(list) ? [...new Set(list.map(textOrNull).filter((name): name is string => name !== null))] : [];

export function storedCompany(row: OrganizationRow): StoredCompany {
  const funding = row.funding ?? {};
  const equity = row.equity ?? {};
  const team = row.teamMembers.flatMap((entry) => {
    const member = typeof entry === 'string' ? parseTeamMemberString(entry) : parseTeamMemberObject(entry);
    return member ? [{ name: member.name, role: textOrNull(member.title), bio: textOrNull(member.bio) }] : [];
  });
  return {
    id: row.id,
    logoSource: row.logoSource,
    logoColumn: row.logo,
    logoSourceDigest: row.logoSourceDigest,
    website: row.website,
    company: {
      name: row.name,
      slug: row.jobBoardSlug,
      website: row.website,
      overview: textOrNull(row.overview),
      logo: row.logoHash,
      headquarters: row.headquarters,
      headcount: row.headcount,
      founded: row.founded,
      workspaces: row.workspaceSlug ? [row.workspaceSlug] : [],
      funding: {
        total: amountOf(funding.total_funding_amount),
        lastRound: {
          amount: amountOf(funding.last_round_amount),
          type: textOrNull(funding.last_round_type),
          date: textOrNull(funding.last_round_date),
        },
      },
      investors: { all: names(row.investors?.all), lastRound: names(row.investors?.last_round) },
      team,
      equity: {
        type: textOrNull(equity.type),
        percentage: textOrNull(equity.percentage),
        cliff: textOrNull(equity.cliff_period),
        vesting: textOrNull(equity.vesting_period),
        details: textOrNull(equity.additional_details),
      },
      benefits: names(row.benefits),
      fromSite: row.fromSite.filter(isSiteField) as SiteField[],
    },
  };
}

/** The stored logo a company shows: its PNG by content hash, else the letter mark made from its name. */
export const logoPath = (slug: string, hash: string | null) =>
  hash ? `/public/logos/${hash}.png` : `/public/logos/${slug}.svg`;

/** The columns of `organizations` a company of the model sets (its logo's are the caller's). */
export function organizationColumns(company: Company) {
  const { funding, equity } = company;
  const amount = (dollars: number | null) => (dollars === null ? null : amountText(dollars));
  const orNull = <T>(value: T): T | null => (isEmptyValue(value) ? null : value);
  return {
    name: company.name,
    website: company.website,
    overview: company.overview,
    headquarters: company.headquarters,
    headcount: company.headcount,
    founded: company.founded,
    workspaceSlug: company.workspaces[0] ?? null,
    funding: orNull({
      total_funding_amount: amount(funding.total),
      last_round_amount: amount(funding.lastRound.amount),
      last_round_type: funding.lastRound.type,
      last_round_date: funding.lastRound.date,
    }),
    investors: orNull({ all: company.investors.all, last_round: company.investors.lastRound }),
    teamMembers: company.team.map((member) => ({
      name: member.name,
      title: member.role ?? '',
      bio: member.bio ?? '',
      avatar: null,
    })),
    equity: orNull({
      type: equity.type,
      percentage: equity.percentage,
      cliff_period: equity.cliff,
      vesting_period: equity.vesting,
      additional_details: equity.details,
    }),
    benefits: company.benefits,
    fromSite: company.fromSite,
  } satisfies Partial<typeof organizations.$inferInsert>;
}
