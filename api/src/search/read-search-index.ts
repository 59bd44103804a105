import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { jobPostings } from '../db/job-board-tables';
import { selectRows } from '../db/select-rows';
import {
  companiesJson,
  companyFromJson,
  type IndexRow,
  indexBuilder,
  indexedJobs,
  indexRowColumns,
  type SearchIndex,
} from './search-index';

/** The data version of the database now: the latest committed version (the change log's). */
export const versionColumn = sql`(select coalesce(max(version), 0) from board_commits)::text`;

/** How many jobs' rows one fetch reads (`readSearchIndex`). */
export const indexPageRows = 5000;

/**
 * Reads the whole index and the data version it is at, in one snapshot (a read-only
 * repeatable-read transaction): the version, the job count and every company first, then the jobs
 * in the order of the newest sort through a cursor, `pageRows` at a time, each job one JSON text
 * (PGlite's cost is per value returned: 100,000 rows of 12 columns as values took seconds).
 *
 * A page at a time, not the whole board as one text: the database builds and sends at most a page's
 * text. On PGlite, whose memory grows to its largest statement's and never shrinks, one
 * `json_agg` of 100,000 jobs left about 140 MB in the process for good; a page leaves nothing.
 */
export async function readSearchIndex(
  db: Database,
  pageRows = indexPageRows,
): Promise<{ version: number; index: SearchIndex }> {
  return db.transaction(
    async (tx) => {
      const read = tx as unknown as Database;
      const [head] = await selectRows<{ version: string; jobs: string; companies: string | null }>(
        read,
        sql`select ${versionColumn} as version,
          (select count(*) from ${jobPostings} where ${indexedJobs})::text as jobs,
          ${companiesJson()} as companies`,
      );
      const companies = (JSON.parse(head?.companies ?? '[]') as unknown[][]).map(companyFromJson);
      const builder = indexBuilder(Number(head?.jobs ?? 0), companies);
      await selectRows(
        read,
        sql`declare index_rows no scroll cursor for
          select ${indexRowColumns}::text as job from ${jobPostings} where ${indexedJobs}
          order by ${jobPostings.postedUs} desc, ${jobPostings.id} desc`,
      );
      for (;;) {
        const page = await selectRows<{ job: string }>(read, sql.raw(`fetch forward ${pageRows} from index_rows`));
        for (const { job } of page) builder.add(JSON.parse(job) as IndexRow);
        if (page.length < pageRows) break;
      }
      await selectRows(read, sql`close index_rows`);
      return { version: Number(head?.version ?? 0), index: builder.done() };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
