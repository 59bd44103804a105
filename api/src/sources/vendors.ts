import type { SourceKind } from '../db/job-board-tables';
import type { Vendor } from './imported-job';
import { ashby } from './vendors/ashby';
import { greenhouse } from './vendors/greenhouse';
import { lever } from './vendors/lever';

/** The ATSs the board imports from, by kind. */
export const vendors: Record<SourceKind, Vendor> = { greenhouse, lever, ashby };
