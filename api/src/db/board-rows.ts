import { getTableColumns, type InferColumnsDataTypes } from 'drizzle-orm';
import { jobPostings, type organizations } from './job-board-tables';

/**
 * The columns of a listed job, the one set every list reads (call 1's pages and whole list, call
 * 5's pages, the digests): no long description, status or creation time, none of the search's
 * own computed columns, nor what only the job page, the crawler files or an import read. `ListJobRow` is derived from it, so a read and its type cannot disagree.
 */
export const listColumns = (() => {
  const {
    description,
    status,
    createdAt,
    postedUs,
    salaryFirstK,
    salaryTop,
    titleLower,
    locationLower,
    locationShown,
    jobTypeShown,
    levelShown,
    workplaceShown,
    seenUs,
    changedAt,
    closedAt,
    validThrough,
    descriptionBlocks,
    sourceId,
    sourceJobId,
    sourceHash,
    sourceUpdatedAt,
    firstSeenAt,
    ...columns
  } = getTableColumns(jobPostings);
  return columns;
})();

/** A job as the lists read it. */
export type ListJobRow = InferColumnsDataTypes<typeof listColumns>;

export type JobRow = typeof jobPostings.$inferSelect;
export type OrganizationRow = typeof organizations.$inferSelect;

/**
 * A job and its company, as the reads give them: every list reads `ListJobRow` (no long
 * description), call 5 adds the description, call 4 reads the whole row.
 */
export interface JobWithOrganization<Job extends ListJobRow = ListJobRow> {
  job: Job;
  organization: OrganizationRow;
}
