import type { ApiConfig } from '../config';
import type { Database } from '../db/database';
import type { ApiMetrics } from '../lib/api-metrics';
import { sourcesService } from './sources-service';
import { vendorHttp } from './vendor-http';
import { vendorUrlsOf } from './vendor-urls';

/** The sources as the configuration says (the API server and the worker build them the same way). */
export function sourcesFromConfig(
  config: ApiConfig,
  db: Database,
  log: (entry: Record<string, unknown>) => void,
  metrics?: ApiMetrics,
) {
  const vendorUrls = vendorUrlsOf(config);
  const http = vendorHttp({ trusted: Object.values(vendorUrls) });
  return sourcesService({ db, http, vendorUrls, log, counted: metrics?.synced });
}
