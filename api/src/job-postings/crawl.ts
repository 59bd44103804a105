import type { CrawlJobsBody, CrawlOrganizationsBody } from '@board/shared/api/crawl-bodies';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { jobPostings, organizations } from '../db/job-board-tables';
import { selectRows } from '../db/select-rows';
import { idCursorText, readIdCursor } from '../search/cursor';
import { visibleJobs } from '../search/visible';
import type { PageRead, PageRequest } from './pages';

/** The crawler files' reading (sitemap, feeds): every board job and hiring company, by id, a page at a time. */

function postedDate(postedUs: string): string | null {
  const micros = BigInt(postedUs);
  if (micros === -(2n ** 63n)) return null;
  const date = new Date(Number(micros / 1000n));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Every job on the board (all workspaces), by id. */
export async function crawlJobs(db: Database, page: PageRequest): Promise<PageRead<CrawlJobsBody>> {
  const after = readIdCursor(page.cursor);
  if (after === null) return { ok: false, error: 'bad-cursor' };
  const rows = await selectRows<{ id: number; organization_id: number; posted_us: string; changed_ms: string }>(
    db,
    sql`select ${jobPostings.id} as id, ${jobPostings.organizationId} as organization_id, ${jobPostings.postedUs}::text as posted_us, (extract(epoch from ${jobPostings.changedAt}) * 1000)::bigint::text as changed_ms from ${jobPostings} where ${visibleJobs('job_board_only')} and ${jobPostings.id} > ${after}::integer order by ${jobPostings.id} limit ${page.limit + 1}`,
  );
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    ok: true,
    page: {
      items: shown.map((row) => ({
        id: Number(row.id),
        organization_id: Number(row.organization_id),
        posted_date: postedDate(String(row.posted_us)),
        last_changed: new Date(Number(row.changed_ms)).toISOString(),
      })),
      next_cursor: rows.length > page.limit && last ? idCursorText(Number(last.id)) : null,
    },
  };
}

/** Every hiring company (of a workspace, or all), by id, with its newest job's date. */
export async function crawlOrganizations(
  db: Database,
  options: { workspaceSlug?: string } & PageRequest,
): Promise<PageRead<CrawlOrganizationsBody>> {
  const after = readIdCursor(options.cursor);
  if (after === null) return { ok: false, error: 'bad-cursor' };
  const workspace =
    options.workspaceSlug === undefined ? sql`` : sql`and ${organizations.workspaceSlug} = ${options.workspaceSlug}`;
  const rows = await selectRows<{ id: number; posted_us: string }>(
    db,
    sql`select ${organizations.id} as id, newest.posted_us from ${organizations} cross join lateral (select ${jobPostings.postedUs}::text as posted_us from ${jobPostings} where ${jobPostings.organizationId} = ${organizations.id} and ${visibleJobs('job_board_only')} order by ${jobPostings.postedUs} desc limit 1) as newest where ${organizations.id} > ${after}::integer ${workspace} order by ${organizations.id} limit ${options.limit + 1}`,
  );
  const shown = rows.slice(0, options.limit);
  const last = shown.at(-1);
  return {
    ok: true,
    page: {
      items: shown.map((row) => ({ organization_id: Number(row.id), last_posted: postedDate(String(row.posted_us)) })),
      next_cursor: rows.length > options.limit && last ? idCursorText(Number(last.id)) : null,
    },
  };
}
