import type { Database } from '../db/database';
import { type ApplyOptions, type ApplyResult, applyPortfolio } from './apply-portfolio';
import { type EnrichDeps, type EnrichOptions, enrichCompanies } from './enrich-companies';
import { type ExportFormat, exportPortfolio } from './export-portfolio';
import { type FileFormat, readPortfolioFile } from './read-file';
import type { SiteReader } from './site-reader';
import { errorLine, type PortfolioRead } from './validate';

/**
 * What `pnpm portfolio apply|export|enrich` do, on the database they are given (the commands call
 * this directly on PostgreSQL, or through the running API's operator endpoints on its PGlite).
 */
export interface PortfolioDeps {
  db: Database;
  reader: SiteReader;
  greenhouseBoard?: EnrichDeps['greenhouseBoard'];
  siteBudgetMs?: EnrichDeps['siteBudgetMs'];
  /** Syncs sources just added or attached, so their jobs arrive now rather than at the next round. */
  syncSources?: (ids: number[]) => Promise<unknown>;
  /**
   * How long an apply waits for the sites it reads before it answers (the API: a few seconds, the
   * rest read on in the background); unset: until every site is read (the command on the database).
   */
  enrichWaitMs?: number;
  log?: (entry: Record<string, unknown>) => void;
}

export interface AppliedPortfolio {
  /** The file's errors, each with its line and path: when there is one, nothing changed. */
  errors: string[];
  /** One line per company: `acme-robotics: created`, `… updated (overview, investors)`, `… unchanged`. */
  lines: string[];
  /** Logos refused (the rest of the file applied), with the company's line. */
  refused: string[];
  /** What reading the sites of the companies that need it found (after applying). */
  enriched: string[];
  /** Why nothing was changed, in one line (a dry run: why applying would change nothing). */
  held: string | null;
}

export function portfolioService(deps: PortfolioDeps) {
  const enrich = (slugs: string[] | null, options?: EnrichOptions) => enrichCompanies(deps, slugs, options);
  /** Reads the sites, waiting at most `enrichWaitMs`: a portfolio of slow sites does not hold the apply. */
  const enrichAwhile = async (slugs: string[]): Promise<string[]> => {
    const reading = enrich(slugs);
    if (deps.enrichWaitMs === undefined) return reading;
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), deps.enrichWaitMs);
    });
    const lines = await Promise.race([reading, waited]);
    clearTimeout(timer);
    if (lines !== null) return lines;
    reading.catch((error: unknown) =>
      deps.log?.({
        time: new Date().toISOString(),
        level: 'error',
        message: "portfolio: reading the companies' sites failed",
        error: error instanceof Error ? error.name : 'Error',
      }),
    );
    const companies = `${slugs.length} ${slugs.length === 1 ? 'company' : 'companies'}`;
    return [`still reading the sites of ${companies} (in the background; pnpm portfolio enrich reads them again)`];
  };
  return {
    /** Applies a file's text (a large one read in a worker thread), or what a caller already read of it. */
    async apply(
      input: string | Uint8Array | PortfolioRead,
      format: FileFormat,
      options: ApplyOptions = {},
    ): Promise<AppliedPortfolio> {
      const read = typeof input === 'object' && 'ok' in input ? input : await readPortfolioFile(input, format);
      if (!read.ok) return { errors: read.errors.map(errorLine), lines: [], refused: [], enriched: [], held: null };
      const result: ApplyResult = await applyPortfolio(deps.db, deps.reader, read.portfolio, options);
      const placed = (problem: ApplyResult['problems'][number]) =>
        errorLine({ ...read.locate(problem.path), message: problem.message });
      const errors = result.problems.filter((problem) => problem.fatal).map(placed);
      const refused = result.problems.filter((problem) => !problem.fatal).map(placed);
      if (errors.length > 0) return { errors, lines: [], refused: [], enriched: [], held: null };
      const enriched = result.toEnrich.length > 0 ? await enrichAwhile(result.toEnrich) : [];
      if (result.sourceIds.length > 0) await deps.syncSources?.(result.sourceIds);
      return { errors, lines: result.lines, refused, enriched, held: result.held };
    },
    export: (format: ExportFormat) => exportPortfolio(deps.db, format),
    enrich,
    /** Closes the connections kept to companies' sites. */
    close: () => deps.reader.close(),
  };
}

export type PortfolioService = ReturnType<typeof portfolioService>;
