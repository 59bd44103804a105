import type { StoredCompany } from './board-companies';
import type { Logo } from './logo-image';
import { LogoRefusal, type ResolvedLogo, resolveLogo } from './logo-store';
import type { Company, Portfolio } from './model';
import { type SiteReader, SiteReadFailure } from './site-reader';

/** A logo the file names that could not be made: refused with the company's place; the rest applies. */
export interface LogoProblem {
  company: number;
  message: string;
}

/** The file's logo of each company, made and known by its hash (what the plan compares). */
export interface FileLogos {
  /** By slug: the reference, its bytes' digest and hash, and the PNG when it is new. */
  resolved: Map<string, ResolvedLogo & { source: string }>;
  made: Logo[];
  problems: LogoProblem[];
  /** The file with each logo given as its hash (a refused one: the board's as it is). */
  portfolio: Portfolio;
}

const isUrl = (reference: string) => /^https:\/\//i.test(reference);

/**
 * Resolves every logo of the file: a path beside the file from the bytes the command read
 * (`files`), an https address through the site reader. The same reference as the board's, at
 * the same address, is taken as the board's without fetching it again; the same bytes are not
 * drawn again. A few at a time: drawing is the slow part of applying a large portfolio.
 */
export async function fileLogos(
  portfolio: Portfolio,
  onBoard: Map<string, StoredCompany>,
  files: ReadonlyMap<string, Uint8Array>,
  reader: SiteReader,
): Promise<FileLogos> {
  const resolved: FileLogos['resolved'] = new Map();
  const made: Logo[] = [];
  const problems: LogoProblem[] = [];
  const companies: Company[] = portfolio.companies.map((company) => ({ ...company }));
  const work = companies.map((company, index) => async () => {
    const reference = company.logo;
    if (reference === null) return;
    const known = onBoard.get(company.slug);
    const board = { digest: known?.logoSourceDigest ?? null, hash: known?.company.logo ?? null };
    try {
      const boardsOwn =
        known?.logoSource === reference && board.hash && board.digest
          ? { hash: board.hash, digest: board.digest, logo: null }
          : null;
      let result: ResolvedLogo;
      // An address the board already read is not fetched again; a path is read when the file
      // sent its bytes, and is the board's own when not (an exported file applied elsewhere).
      if (isUrl(reference) && boardsOwn) result = boardsOwn;
      else {
        // A map, not an object: a path named `constructor` or `__proto__` is a path like any other.
        const bytes = isUrl(reference) ? await reader.image(reference) : files.get(reference);
        if (bytes) result = await resolveLogo(bytes, board);
        else if (boardsOwn) result = boardsOwn;
        else throw new LogoRefusal('is not a file beside the portfolio');
      }
      if (result.logo) made.push(result.logo);
      resolved.set(company.slug, { ...result, source: reference });
      company.logo = result.hash;
    } catch (error) {
      if (!(error instanceof LogoRefusal) && !(error instanceof SiteReadFailure)) throw error;
      const why = error instanceof SiteReadFailure ? `could not be read (${error.message})` : error.message;
      problems.push({ company: index, message: `${JSON.stringify(reference)} ${why}: the logo was left as it was` });
      // The board's logo stays, as the board holds it (the site's stays the site's).
      company.logo = board.hash;
      company.fromSite = known?.company.fromSite.includes('logo')
        ? [...company.fromSite.filter((field) => field !== 'logo'), 'logo']
        : company.fromSite;
    }
  });
  await inTurns(work, 4);
  problems.sort((a, b) => a.company - b.company);
  return { resolved, made, problems, portfolio: { ...portfolio, companies } };
}

/** Runs the tasks, at most `width` at a time. */
export async function inTurns(tasks: (() => Promise<void>)[], width: number): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) {
      const task = tasks[next++];
      if (task) await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, tasks.length) }, lane));
}
