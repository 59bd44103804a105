import type { ApiConfig } from '../config';
import type { SourceKind } from '../db/job-board-tables';

/** The vendor URLs of a configuration (GREENHOUSE_API_URL, LEVER_API_URL, ASHBY_API_URL), by source kind. */
export const vendorUrlsOf = (
  config: Pick<ApiConfig, 'GREENHOUSE_API_URL' | 'LEVER_API_URL' | 'ASHBY_API_URL'>,
): Record<SourceKind, string> => ({
  greenhouse: config.GREENHOUSE_API_URL,
  lever: config.LEVER_API_URL,
  ashby: config.ASHBY_API_URL,
});
