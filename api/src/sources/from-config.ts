import type { ApiConfig } from '../config';
import type { Database } from '../db/database';
import { sourcesService } from './sources-service';
import { vendorHttp } from './vendor-http';
import { vendorUrlsOf } from './vendor-urls';

/** The sources as the configuration says (the API server and the worker build them the same way). */
export function sourcesFromConfig(config: ApiConfig, db: Database, log: (entry: Record<string, unknown>) => void) {
  const vendorUrls = vendorUrlsOf(config);
  return sourcesService({ db, http: vendorHttp({ trusted: Object.values(vendorUrls) }), vendorUrls, log });
}
