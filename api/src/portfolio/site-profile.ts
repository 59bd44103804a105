import { type Company, isEmptyValue, type SiteField, siteFields } from './model';
import type { SiteMetadata } from './site-metadata';

/**
 * What a company's site offers for its profile, field by field, each from the source that says
 * it best (docs/decisions/040):
 * - overview: the Organization's own `description` (a statement about the company), then the
 *   Greenhouse board's intro (written for candidates), then `og:description` and the page's
 *   `<meta name="description">` (which describe the page, often in a search engine's words);
 * - logo: candidates to try in order: the Organization's `logo`, the page's icons of 64 px or more
 *   (the largest first), then `og:image` (a wide card, shown whole inside the square); at most
 *   `maxLogoCandidates`, each address once: a page listing thousands of icons is read for five;
 * - headquarters, headcount, founded: the Organization's `address`, `numberOfEmployees`,
 *   `foundingDate` only: no other source states them.
 * The name, funding, investors, team, equity, benefits, workspaces and sources never come from a site.
 */
export interface SiteProfile {
  overview: string | null;
  logos: string[];
  headquarters: string | null;
  headcount: number | null;
  founded: number | null;
}

const minIconSize = 64;
/** The most logo candidates tried for one company: each is a request to the site. */
export const maxLogoCandidates = 5;

export function siteProfile(site: SiteMetadata | null, greenhouseIntro: string | null = null): SiteProfile {
  const organization = site?.organization ?? null;
  const logos = [
    organization?.logo,
    ...(site?.icons ?? []).filter((icon) => icon.size >= minIconSize).map((icon) => icon.url),
    site?.openGraph.image,
  ].filter((url): url is string => typeof url === 'string');
  return {
    overview: organization?.description ?? greenhouseIntro ?? site?.openGraph.description ?? site?.description ?? null,
    logos: [...new Set(logos)].slice(0, maxLogoCandidates),
    headquarters: organization?.headquarters ?? null,
    headcount: organization?.headcount ?? null,
    founded: organization?.founded ?? null,
  };
}

type Filled = Pick<Company, Exclude<SiteField, 'logo'>>;

/**
 * A board company after its site was read: a field the portfolio file set (it holds a value the
 * site did not give) is never touched; an empty field, or one the site gave before, takes what
 * the site says now. A field the site no longer states keeps its last value (a page that lost its
 * markup for a day does not empty a profile). The logo is the caller's: it is fetched and checked
 * from `site.logos` and stored as bytes; here it is only said whether the site may set it.
 */
export function fillFromSite<T extends Pick<Company, SiteField | 'fromSite'>>(
  company: T,
  site: SiteProfile,
): { company: T; changed: SiteField[]; logoOpen: boolean } {
  const open = (field: SiteField) => isEmptyValue(company[field]) || company.fromSite.includes(field);
  const next: T = { ...company, fromSite: [...company.fromSite] };
  const changed: SiteField[] = [];
  for (const field of ['overview', 'headquarters', 'headcount', 'founded'] as const) {
    const value = site[field];
    if (value === null || !open(field)) continue;
    if (next[field] !== value) changed.push(field);
    (next as Filled)[field] = value as never;
    if (!next.fromSite.includes(field)) next.fromSite.push(field);
  }
  next.fromSite = siteFields.filter((field) => next.fromSite.includes(field));
  return { company: next, changed, logoOpen: open('logo') && site.logos.length > 0 };
}
