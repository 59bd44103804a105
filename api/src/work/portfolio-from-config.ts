import type { ApiConfig } from '../config';
import type { Database } from '../db/database';
import type { ApiMetrics } from '../lib/api-metrics';
import { greenhouseBoards } from '../portfolio/enrich-companies';
import { portfolioService } from '../portfolio/portfolio-service';
import { siteReader } from '../portfolio/site-reader';
import { sourcesFromConfig } from '../sources/from-config';
import type { SourcesService } from '../sources/sources-service';
import { vendorHttp } from '../sources/vendor-http';
import { vendorUrlsOf } from '../sources/vendor-urls';

/**
 * The portfolio's service as the configuration says (the API server, the worker and the command
 * build it the same way). `waitForAll`: whether applying waits for the sync of the sources it
 * added and for every site it reads (the command on the database does: its process ends after;
 * the API answers once the sites read in 5 s are in, and goes on in the background).
 */
export function portfolioFromConfig(
  config: ApiConfig,
  db: Database,
  sources: SourcesService,
  options: { waitForAll: boolean; log?: (entry: Record<string, unknown>) => void },
) {
  const vendorUrls = vendorUrlsOf(config);
  return portfolioService({
    db,
    reader: siteReader({ allowHosts: config.ENRICH_ALLOW_HOSTS }),
    greenhouseBoard: greenhouseBoards(vendorHttp({ trusted: Object.values(vendorUrls) }), vendorUrls.greenhouse),
    enrichWaitMs: options.waitForAll ? undefined : 5_000,
    log: options.log,
    syncSources: async (ids) => {
      const syncing = sources.sync(ids);
      if (options.waitForAll) await syncing;
      else
        syncing.catch((error: unknown) =>
          options.log?.({
            time: new Date().toISOString(),
            level: 'error',
            message: 'portfolio: a sync of the sources applied failed',
            error: error instanceof Error ? error.name : 'Error',
          }),
        );
    },
  });
}

/**
 * The companies' services as one process builds them: the sources (the ATS imports) and the
 * portfolio on top of them; the scheduled work and the API take both.
 */
export function companiesFromConfig(
  config: ApiConfig,
  db: Database,
  log: (entry: Record<string, unknown>) => void,
  options: { waitForAll: boolean; metrics?: ApiMetrics },
) {
  const sources = sourcesFromConfig(config, db, log, options.metrics);
  return { sources, portfolio: portfolioFromConfig(config, db, sources, { waitForAll: options.waitForAll, log }) };
}
