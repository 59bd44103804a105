import type { SourceKind } from '../db/job-board-tables';

/** The vendors' public API hosts: GREENHOUSE_API_URL, LEVER_API_URL, ASHBY_API_URL default to them. */
export const defaultVendorUrls: Record<SourceKind, string> = {
  greenhouse: 'https://boards-api.greenhouse.io',
  lever: 'https://api.lever.co',
  ashby: 'https://api.ashbyhq.com',
};

/** The vendor URLs of a configuration. */
export const vendorUrlsOf = (config: {
  GREENHOUSE_API_URL: string;
  LEVER_API_URL: string;
  ASHBY_API_URL: string;
}): Record<SourceKind, string> => ({
  greenhouse: config.GREENHOUSE_API_URL,
  lever: config.LEVER_API_URL,
  ashby: config.ASHBY_API_URL,
});
