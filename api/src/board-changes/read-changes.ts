import { sql } from 'drizzle-orm';
import type { OrganizationRow } from '../db/board-rows';
import type { Database } from '../db/database';
import { jobPostings } from '../db/job-board-tables';
import { selectRows } from '../db/select-rows';
import { companiesJson, companyFromJson, type IndexRow, indexedJobs, indexRowColumns } from '../search/search-index';
import { readTheLog } from './board-changes';

/**
 * The rows changed since an index's version, read from the change log the database keeps
 * (migration 0005), and the next index made from the previous one and those rows: the search
 * index kept up to date without reading it whole (docs/decisions/022-live-reads.md).
 */

/** The changes of the versions after the index's, up to `version`. */
export interface IndexChanges {
  version: number;
  /** Every job whose row changed; its new row is in `jobs` if the index holds it (published). */
  jobIds: number[];
  jobs: IndexRow[];
  /** Every company whose row changed; its new row is in `companies` unless it was deleted. */
  companyIds: number[];
  companies: OrganizationRow[];
  /** Whether only jobs changed: no company, no workspace. */
  onlyJobs: boolean;
}

export type ChangesRead =
  /** Nothing committed after the version asked about. */
  | { kind: 'none'; version: number }
  | { kind: 'rows'; changes: IndexChanges }
  /**
   * The index must be read whole: more rows changed than `upTo`, a table was truncated, or the
   * log no longer holds every change since that version (pruned).
   */
  | { kind: 'everything'; version: number; reason: 'many' | 'truncated' | 'pruned' };

/** Changed jobs read per statement: a large change is read in pieces (`readChangesSince`). */
const rowsPerRead = 250;

/**
 * What changed after version `since`: first, in one statement (one snapshot), the latest version
 * and the keys changed since (at most `upTo` + 1 looked at); then, when there are at most `upTo`,
 * the indexed columns of the changed jobs and the rows of the changed companies, by primary key,
 * `rowsPerRead` jobs a statement. Those rows may be newer than that version (a commit in between,
 * or between two of those statements): never older, and the next change read holds them again.
 * With `slice` (a change applied in the background), it is called between the statements, so a
 * large change read on PGlite, whose statements run on this thread, does not hold it throughout.
 */
export async function readChangesSince(
  db: Database,
  since: number,
  upTo: number,
  slice?: () => Promise<void>,
): Promise<ChangesRead> {
  // Through each commit after `since`, its rows (a lateral index scan, kept apart by `offset 0` so
  // the planner cannot make it a join over the whole log, which PGlite never analyses; readTheLog
  // keeps it an index scan whatever the statistics say).
  const [row] = await readTheLog(db, (tx) =>
    selectRows<{ version: string; pruned: string; keys: string | null }>(
      tx,
      sql`select (select coalesce(max(version), 0) from board_commits)::text as version,
      (select pruned_through from board_change_log)::text as pruned,
      (select json_agg(json_build_array(table_name, row_key)) from (
        select distinct c.table_name, c.row_key from board_commits m
        cross join lateral (select table_name, row_key from board_changes c where c.txid = m.txid offset 0) c
        where m.version > ${since} limit ${upTo + 1}
      ) as changed)::text as keys`,
    ),
  );
  const version = Number(row?.version ?? 0);
  if (version <= since) return { kind: 'none', version };
  if (Number(row?.pruned ?? 0) > since) return { kind: 'everything', version, reason: 'pruned' };
  const keys = JSON.parse(row?.keys ?? '[]') as [string, string][];
  if (keys.length > upTo) return { kind: 'everything', version, reason: 'many' };
  if (keys.some(([table]) => table === '*')) return { kind: 'everything', version, reason: 'truncated' };
  const idsOf = (table: string) => keys.filter(([name]) => name === table).map(([, key]) => Number(key));
  const jobIds = idsOf('job_postings');
  const companyIds = idsOf('organizations');
  const byKey = (ids: number[]) =>
    sql`any(array(select value::integer from json_array_elements_text(${JSON.stringify(ids)}::json)))`;
  const jobs: IndexRow[] = [];
  let companies: OrganizationRow[] = [];
  // The companies with the first piece of jobs (most changes are a few jobs: one statement).
  for (let start = 0; start === 0 || start < jobIds.length; start += rowsPerRead) {
    const piece = jobIds.slice(start, start + rowsPerRead);
    const withCompanies = start === 0 && companyIds.length > 0;
    if (piece.length === 0 && !withCompanies) break;
    if (start > 0) await slice?.();
    const [rows] = await selectRows<{ jobs: string | null; companies: string | null }>(
      db,
      sql`select (select json_agg(${indexRowColumns}) from ${jobPostings} where ${jobPostings.id} = ${byKey(piece)} and ${indexedJobs})::text as jobs,
            ${withCompanies ? companiesJson(sql`id = ${byKey(companyIds)}`) : sql`null`} as companies`,
    );
    for (const job of JSON.parse(rows?.jobs ?? '[]') as IndexRow[]) jobs.push(job);
    if (withCompanies) companies = (JSON.parse(rows?.companies ?? '[]') as unknown[][]).map(companyFromJson);
  }
  return {
    kind: 'rows',
    changes: {
      version,
      jobIds,
      jobs,
      companyIds,
      companies,
      onlyJobs: keys.every(([table]) => table === 'job_postings'),
    },
  };
}
