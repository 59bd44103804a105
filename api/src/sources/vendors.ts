import type { SourceKind } from '../db/job-board-tables';
import type { Vendor } from './imported-job';
import { ashby } from './vendors/ashby';
import { greenhouse } from './vendors/greenhouse';
import { lever } from './vendors/lever';

/** The ATSs the board imports from, by kind. */
export const vendors: Record<SourceKind, Vendor> = { greenhouse, lever, ashby };

/** The vendors' public API hosts: GREENHOUSE_API_URL, LEVER_API_URL, ASHBY_API_URL default to them. */
export const defaultVendorUrls: Record<SourceKind, string> = {
  greenhouse: 'https://boards-api.greenhouse.io',
  lever: 'https://api.lever.co',
  ashby: 'https://api.ashbyhq.com',
};
