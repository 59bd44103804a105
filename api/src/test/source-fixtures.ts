import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { jobPostings } from '../db/job-board-tables';
import { selectRows } from '../db/select-rows';
import { type SourcesService, sourcesService } from '../sources/sources-service';
import type { SyncDeps } from '../sources/sync-changes';
import { vendorHttp } from '../sources/vendor-http';
import type { FakeVendors } from './fake-vendors';

/** The sources' commands on a test's database, reading the fake vendors, with short waits. */
export function testSources(db: Database, fake: FakeVendors, deps: Partial<SyncDeps> = {}): SourcesService {
  return sourcesService({
    db,
    http: vendorHttp({
      timeoutMs: 1_500,
      backoffMs: 20,
      attempts: 4,
      maxWaitMs: 5_000,
      trusted: Object.values(fake.urls),
    }),
    vendorUrls: fake.urls,
    ...deps,
  });
}

let boards = 0;
/** A board name of its own for each test. */
export const boardName = (prefix: string) => `${prefix}${++boards}`;

export const jobsOf = (db: Database, sourceId: number) =>
  db.select().from(jobPostings).where(eq(jobPostings.sourceId, sourceId)).orderBy(jobPostings.id);

/** Each row's version (xmin): unchanged when nothing wrote the row. */
export const rowVersions = async (db: Database, sourceId: number) =>
  (
    await selectRows<{ id: number; v: string }>(
      db,
      sql`select id, xmin::text as v from job_postings where source_id = ${sourceId} order by id`,
    )
  ).map((row) => `${row.id}:${row.v}`);

/** A Greenhouse list item and its own answer (pay included). */
export function greenhouseJob(id: number | string, overrides: Record<string, unknown> = {}) {
  const item = {
    id,
    title: `Engineer ${id}`,
    updated_at: '2026-11-01T10:00:00-05:00',
    location: { name: 'London' },
    absolute_url: `https://boards.greenhouse.io/acme/jobs/${id}`,
    content: '&lt;p&gt;Build things.&lt;/p&gt;',
    ...overrides,
  };
  return { item, detail: { ...item, pay_input_ranges: [] } };
}

export function setGreenhouse(fake: FakeVendors, board: string, jobs: ReturnType<typeof greenhouseJob>[]) {
  fake.setJobs(
    'greenhouse',
    board,
    jobs.map((job) => job.item),
    Object.fromEntries(jobs.map((job) => [String(job.detail.id), job.detail])),
  );
}

/** An Ashby job with a short description. */
export const ashbyJob = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  title: `Designer ${id}`,
  location: 'Berlin',
  descriptionHtml: `<p>Job ${id}</p>`,
  publishedAt: '2026-10-01T09:00:00Z',
  ...overrides,
});
