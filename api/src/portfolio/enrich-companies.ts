import { and, eq, isNull } from 'drizzle-orm';
import { boardWritten } from '../board-changes/board-written';
import type { Database } from '../db/database';
import { jobSources, organizations } from '../db/job-board-tables';
import { logos } from '../db/logo-tables';
import { logoPath, type StoredCompany } from './board-companies';
import { readBoardState } from './board-state';
import { greenhouseIntro } from './greenhouse-intro';
import { LogoRefusal, resolveLogo } from './logo-store';
import { type SiteField, siteFields } from './model';
import { inTurns } from './portfolio-logos';
import { readSiteMetadata, type SiteMetadata } from './site-metadata';
import { fillFromSite, siteProfile } from './site-profile';
import { type SiteReader, SiteReadFailure } from './site-reader';

/**
 * Enrichment: a company's own site (and its Greenhouse board's intro) fills the profile fields the
 * portfolio file leaves empty, and refreshes those it filled before (decision 040). One read of
 * the home page per company, then its logo candidates (at most 5, site-profile.ts), all within
 * the company's time budget (`siteBudgetMs`, 15 s, its waits for a host it shares included): what
 * was read when it is spent is kept, the rest is not read. A read that fails changes nothing.
 */
export interface EnrichDeps {
  db: Database;
  reader: SiteReader;
  /** A Greenhouse board's own answer (`GET /v1/boards/{board}`), or null when it cannot be read. */
  greenhouseBoard?: (board: string) => Promise<unknown>;
  /** The time one company's site may take, every request included (default 15 s). */
  siteBudgetMs?: number;
}

/**
 * `stop`: the process is stopping (a worker's SIGTERM): the reads under way end at once, and the
 * companies not reached yet are left as they are; a round reads the least recently read first, so
 * the next one starts with them.
 */
export interface EnrichOptions {
  stop?: AbortSignal;
}

const defaultSiteBudgetMs = 15_000;

/** `acme-robotics: read (overview, logo)`, `… unchanged`, `… not read (timed out after 10 s)`. */
export async function enrichCompanies(
  deps: EnrichDeps,
  slugs: string[] | null,
  options: EnrichOptions = {},
): Promise<string[]> {
  const state = await readBoardState(deps.db);
  // Every company with something to read: a website, or a Greenhouse board's intro.
  const readable = (entry: StoredCompany) =>
    entry.website !== null ||
    state.board.sources.some(
      (source) => source.company === entry.company.slug && source.kind === 'greenhouse' && !source.removed,
    );
  const wanted = slugs ?? (await leastRecentlyRead(deps.db, state.stored.filter(readable)));
  const lines = new Map<string, string>();
  await inTurns(
    wanted.map((slug) => async () => {
      const stored = state.bySlug.get(slug);
      if (!stored) lines.set(slug, `${slug}: no such company on the board`);
      else if (options.stop?.aborted) lines.set(slug, `${slug}: not read (stopped)`);
      else lines.set(slug, `${slug}: ${await enrichOne(deps, stored, options.stop)}`);
    }),
    8,
  );
  return wanted.map((slug) => lines.get(slug) ?? `${slug}: not read`);
}

/** The slugs, the company least recently read (or never) first. */
async function leastRecentlyRead(db: Database, entries: StoredCompany[]): Promise<string[]> {
  const rows = await db.select({ id: organizations.id, readAt: organizations.siteReadAt }).from(organizations);
  const readAt = new Map(rows.map((row) => [row.id, row.readAt?.getTime() ?? 0]));
  const at = (entry: StoredCompany) => readAt.get(entry.id) ?? 0;
  return entries.toSorted((a, b) => at(a) - at(b)).map((entry) => entry.company.slug);
}

async function enrichOne(deps: EnrichDeps, stored: StoredCompany, stop?: AbortSignal): Promise<string> {
  const { db, reader } = deps;
  const budgetMs = deps.siteBudgetMs ?? defaultSiteBudgetMs;
  const timeout = AbortSignal.timeout(budgetMs);
  const budget = stop ? AbortSignal.any([timeout, stop]) : timeout;
  /** A read's failure in words: a spent budget says so (the reader only knows it was stopped). */
  const words = (error: SiteReadFailure) =>
    timeout.aborted && error.message === 'stopped' ? `more than ${budgetMs / 1000} s on the site` : error.message;
  let site: SiteMetadata | null = null;
  let failure: string | null = null;
  if (stored.website) {
    try {
      const page = await reader.page(stored.website, budget);
      site = readSiteMetadata(page.html, page.url);
    } catch (error) {
      if (!(error instanceof SiteReadFailure)) throw error;
      failure = words(error);
    }
  } else failure = 'no website';
  // A process stopping leaves the company as it is, for the next round.
  if (stop?.aborted) return 'not read (stopped)';
  const intro = await introOf(deps, stored.id, budget);
  if (site === null && intro === null) {
    await db.update(organizations).set({ siteReadAt: new Date() }).where(eq(organizations.id, stored.id));
    return `not read (${failure})`;
  }
  const profile = siteProfile(site, intro);
  const { company, changed, logoOpen } = fillFromSite(stored.company, profile);
  const changes: SiteField[] = [...changed];
  let logoColumns = {};
  if (logoOpen) {
    for (const candidate of profile.logos) {
      try {
        const made = await resolveLogo(await reader.image(candidate, budget), {
          digest: stored.logoSourceDigest,
          hash: stored.company.logo,
        });
        if (made.logo) await db.insert(logos).values({ hash: made.hash, png: made.logo.png }).onConflictDoNothing();
        if (made.hash !== stored.company.logo) changes.push('logo');
        logoColumns = {
          logo: logoPath(company.slug, made.hash),
          logoHash: made.hash,
          logoSource: candidate,
          logoSourceDigest: made.digest,
        };
        company.fromSite = siteFields.filter((field) => field === 'logo' || company.fromSite.includes(field));
        break;
      } catch (error) {
        // A logo that is not an image, too large or unreadable: the next candidate, if any.
        if (!(error instanceof LogoRefusal) && !(error instanceof SiteReadFailure)) throw error;
        if (budget.aborted) {
          failure ??= `logo not read, ${error instanceof SiteReadFailure ? words(error) : 'stopped'}`;
          break;
        }
      }
    }
  }
  if (stop?.aborted) return 'not read (stopped)';
  await db
    .update(organizations)
    .set({
      overview: company.overview,
      headquarters: company.headquarters,
      headcount: company.headcount,
      founded: company.founded,
      fromSite: company.fromSite,
      siteReadAt: new Date(),
      ...logoColumns,
    })
    .where(eq(organizations.id, stored.id));
  boardWritten(db);
  const order = ['overview', 'logo', 'headquarters', 'headcount', 'founded'] as const;
  const named = order.filter((field) => changes.includes(field));
  const note = failure && stored.website ? ` (the site: ${failure})` : '';
  return named.length > 0 ? `read (${named.join(', ')})${note}` : `unchanged${note}`;
}

/**
 * The intro of the company's Greenhouse board, if it has one and it can be read within what is left
 * of the company's budget (the vendor's client has its own limits, but the budget counts every
 * request a company costs).
 */
async function introOf(deps: EnrichDeps, organizationId: number, budget: AbortSignal): Promise<string | null> {
  if (!deps.greenhouseBoard || budget.aborted) return null;
  const [source] = await deps.db
    .select({ board: jobSources.board })
    .from(jobSources)
    .where(
      and(
        eq(jobSources.organizationId, organizationId),
        eq(jobSources.kind, 'greenhouse'),
        isNull(jobSources.removedAt),
      ),
    )
    .limit(1);
  if (!source) return null;
  try {
    return greenhouseIntro(await withinBudget(deps.greenhouseBoard(source.board), budget));
  } catch {
    return null;
  }
}

/** `work`'s value, or a refusal as soon as `budget` ends (the work itself is left to its own limits). */
function withinBudget<T>(work: Promise<T>, budget: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const spent = () => reject(new Error('the budget is spent'));
    budget.addEventListener('abort', spent, { once: true });
    work.then(resolve, reject).finally(() => budget.removeEventListener('abort', spent));
  });
}

/** Reads Greenhouse boards through the vendors' client (its queue per host and its retries). */
export function greenhouseBoards(http: { json(url: string, maxBytes: number): Promise<unknown> }, baseUrl: string) {
  return (board: string) =>
    http.json(`${baseUrl.replace(/\/+$/, '')}/v1/boards/${encodeURIComponent(board)}`, 1024 * 1024);
}
