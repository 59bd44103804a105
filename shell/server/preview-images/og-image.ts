import type { CompanyProfile } from '@board/shared/api/company-profile';
import type { Job } from '@board/shared/api/job';
import { brand } from '@board/shared/lib/brand';

/*
 * A page's preview image: where its card is served, what it says (the head's alt text) and what
 * it shows (og-card.tsx draws it). The head builders and the card routes both read it here; it
 * loads no renderer.
 */

/** The size link previews ask for (Open Graph, X's summary_large_image, LinkedIn, Slack). */
export const ogCardSize = { width: 1200, height: 630 } as const;

/** What a preview card shows: a job, a company's jobs or a board. */
export interface OgCardData {
  /** In large type: the job's title, "Jobs at Acme", the board's headline. */
  title: string;
  /** Beside the mark, above the title: the company, or the board's name. */
  company: string;
  /** A line under the title, in smaller type (the board's tagline). */
  description?: string;
  /** Under the title, each in a pill: location, salary when disclosed, number of jobs. */
  facts: string[];
  /** The fact drawn in the brand's colour (the salary, the number of jobs). */
  highlight?: string;
  /** The company's raster logo (PNG or JPEG); without it, its mark (initials) is drawn. */
  logo?: Uint8Array | null;
  /** `board`: the board's own mark in place of a company's. */
  mark?: 'company' | 'board';
  /** The site's host, in the footer (e.g. foundry.jobs). */
  site: string;
}

/** Which page a preview card is for. */
export type OgImageSubject =
  | { kind: 'job'; job: Pick<Job, 'id' | 'title' | 'company' | 'location' | 'salary'> }
  | { kind: 'company'; id: string; company: string }
  | { kind: 'board'; workspaceSlug: string | null; name?: string | null };

const pngPath = (...segments: string[]) => `/og/${segments.map(encodeURIComponent).join('/')}.png`;

/** The path of a page's card under the site's origin. */
function ogImagePath(subject: OgImageSubject): string {
  if (subject.kind === 'job') return pngPath('job', subject.job.id);
  if (subject.kind === 'company') return pngPath('company', subject.id);
  return subject.workspaceSlug === null ? pngPath('board') : pngPath(subject.workspaceSlug, 'board');
}

const boardHeadline = (name: string | null | undefined) =>
  name ? `Find your dream job in ${name}` : 'Find your dream job';

/**
 * A page's preview image for its head: the card's absolute URL on `siteUrl`, its size and its
 * alternative text (what the card says, for readers that do not see it).
 */
export function ogImageFor(
  subject: OgImageSubject,
  siteUrl: string,
): { image: string; imageAlt: string; imageSize: { width: number; height: number } } {
  const image = new URL(ogImagePath(subject), siteUrl).href;
  const imageSize = { ...ogCardSize };
  if (subject.kind === 'job') {
    const { title, company, location, salary } = subject.job;
    const facts = [location, salary].filter(Boolean).join(', ');
    return { image, imageSize, imageAlt: `${title || 'Untitled role'} at ${company}: ${facts}` };
  }
  if (subject.kind === 'company') return { image, imageSize, imageAlt: `Open roles at ${subject.company}` };
  return { image, imageSize, imageAlt: `${brand.product}: ${boardHeadline(subject.name)}` };
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A job's card: its title, company, location and salary when disclosed. */
export function jobCard(job: Job, site: string): OgCardData {
  return {
    title: job.title || 'Untitled role',
    company: job.company,
    facts: [job.location, job.salary].filter(Boolean),
    highlight: job.salary || undefined,
    site,
  };
}

/** A company's card: its open roles and where they are, and the first words of its overview when it has one. */
export function companyCard(
  jobs: Job[],
  site: string,
  profile: Pick<CompanyProfile, 'overview'> | null = null,
): OgCardData | null {
  const first = jobs[0];
  if (!first) return null;
  const roles = count(jobs.length, 'open role', 'open roles');
  const places = [...new Set(jobs.map((job) => job.location))];
  return {
    title: `Jobs at ${first.company}`,
    company: first.company,
    ...(profile?.overview ? { description: profile.overview } : {}),
    facts: [roles, ...places.slice(0, 2), ...(places.length > 2 ? [`+${places.length - 2} more`] : [])],
    highlight: roles,
    site,
  };
}

/** A board's card: its headline, the product's tagline, how many jobs and companies it has. */
export function boardCard(counts: { jobs: number; companies: number }, name: string | null, site: string): OgCardData {
  const roles = count(counts.jobs, 'open role', 'open roles');
  return {
    title: boardHeadline(name),
    company: name ?? brand.product,
    description: brand.tagline,
    facts: [roles, count(counts.companies, 'startup hiring', 'startups hiring')],
    highlight: roles,
    mark: 'board',
    site,
  };
}
