import { createHash } from 'node:crypto';
import { getTableColumns, type InferColumnsDataTypes } from 'drizzle-orm';
import { jobPostings } from '../db/job-board-tables';
import { placeColumns } from '../db/job-places';
import type { ImportedJob } from './imported-job';

/**
 * The columns a sync writes from what the ATS gave, named once: the table's own columns (their
 * names, SQL names and types), so the insert, the update and the hash follow the table.
 */
const importedKeys = [
  'title',
  'location',
  'salaryMin',
  'salaryMax',
  'salaryCurrency',
  'shortDescription',
  'description',
  'descriptionBlocks',
  'jobType',
  'workplaceType',
  'level',
  'applicationUrl',
  'publishedAt',
  'validThrough',
  'sourceUpdatedAt',
  'places',
  'remoteEligibility',
  'timeZones',
  'visaSponsorship',
  'workFrom',
] as const satisfies readonly (keyof typeof jobPostings.$inferSelect)[];

type ImportedKey = (typeof importedKeys)[number];

const tableColumns = getTableColumns(jobPostings);
export const importedColumns = Object.fromEntries(importedKeys.map((key) => [key, tableColumns[key]])) as Pick<
  typeof tableColumns,
  ImportedKey
>;

/** A job's imported columns, typed as the table types them. */
export type ImportedColumns = InferColumnsDataTypes<typeof importedColumns>;

/** The columns an import writes, from what the ATS gave. */
export function columnsOf(job: ImportedJob): ImportedColumns {
  return {
    title: job.title,
    location: job.location,
    salaryMin: job.salary?.min ?? null,
    salaryMax: job.salary?.max ?? null,
    salaryCurrency: job.salary?.currency ?? null,
    shortDescription: job.description.short || null,
    description: job.description.text || null,
    descriptionBlocks: job.description.blocks.length > 0 ? job.description.blocks : null,
    jobType: job.jobType,
    workplaceType: job.workplaceType,
    level: job.level,
    applicationUrl: job.applicationUrl,
    /** The ATS's date; written no later than the board's first sighting, which stands in when it is null. */
    publishedAt: job.postedAt,
    validThrough: job.validThrough,
    sourceUpdatedAt: job.atsUpdatedAt,
    ...placeColumns(
      { text: job.location, workplaceType: job.workplaceType, ...job.placeFields },
      { text: [job.description.short, job.description.text].filter(Boolean).join('\n') || null },
    ),
  };
}

/** The columns by their SQL names, as one JSON record (dates as ISO text): what the hash and the update read. */
export function sqlRecord(columns: ImportedColumns): Record<string, unknown> {
  return Object.fromEntries(importedKeys.map((key) => [importedColumns[key].name, columns[key]]));
}

/**
 * The hash of what is written: equal hashes, nothing to write. Taken over the SQL names in the
 * table's order, so a job hashed before keeps its hash.
 */
export const hashOf = (columns: ImportedColumns) =>
  createHash('sha256')
    .update(JSON.stringify(sqlRecord(columns)))
    .digest('base64url');
