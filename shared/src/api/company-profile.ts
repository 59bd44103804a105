import { fundingOf, investorsOf, type Job, platformId } from '@board/shared/api/job';
import { webAddress } from '@board/shared/api/job-display';
import { OrganizationProfileWire } from '@board/shared/api/page-bodies';
import { objectReadingOf } from '@board/shared/api/wire-reading';
import * as v from 'valibot';

/**
 * A company's profile as its page's header shows it (call 5's `organization`): the SPEC's job
 * fields it shares with the company's jobs (funding, investors, overview, logo) read by the same
 * rules, and what only the company has: its website, headquarters, headcount and founding year.
 */
export interface CompanyProfile {
  id: string | null;
  name: string;
  logo: string | null;
  overview: string;
  /** An http(s) address only: a link the page can show (anything else a platform sends is dropped). */
  website: string | null;
  headquarters: string;
  headcount: number | null;
  founded: number | null;
  funding: Job['funding'];
  investors: Job['investors'];
}

const ProfileReading = objectReadingOf(OrganizationProfileWire.entries, { organization_id: platformId });

/** A website as its link reads: its host without `www.`, and its path when it has one (`acme.example/careers`). */
export function websiteLabel(website: string): string {
  const url = new URL(website);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  return `${url.hostname.replace(/^www\./, '')}${path}`;
}

/**
 * The profile in an answer of call 5 (`{ jobs, organization }`): null when the answer has none
 * (an API that answers call 5 as the SPEC states), or one that is not an object.
 */
export function parseCompanyProfile(body: unknown): CompanyProfile | null {
  const raw = typeof body === 'object' && body !== null ? (body as { organization?: unknown }).organization : null;
  if (typeof raw !== 'object' || raw === null) return null;
  const profile = v.parse(ProfileReading, raw);
  return {
    id: profile.organization_id === null ? null : String(profile.organization_id),
    name: (profile.organization_name ?? '').trim(),
    logo: (profile.logo ?? '').trim() || null,
    overview: (profile.overview ?? '').trim(),
    website: webAddress(profile.website),
    headquarters: (profile.headquarters ?? '').trim(),
    headcount: profile.headcount,
    founded: profile.founded,
    funding: fundingOf(profile.funding),
    investors: investorsOf(profile.investors),
  };
}
