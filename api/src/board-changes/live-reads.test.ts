import type { JobPageBody } from '@board/shared/api/page-bodies';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { alerts } from '../db/alert-tables';
import { type Database, openDatabase } from '../db/database';
import { jobPostings, organizations, workspaces } from '../db/job-board-tables';
import { jobPostingRoutes } from '../job-postings/routes';
import { generateDemoData } from '../seed/demo-data';
import { seed } from '../seed/seed';
import { applicationForm, publishedJobId } from '../test/application-form';
import type { TestApi } from '../test/test-api';
import { createTestDatabase } from '../test/test-database';
import { useTestApi } from '../test/use-test-api';
import { readBoardVersion } from './board-changes';
import { boardWritten } from './board-written';
import { dataVersion, indexReached } from './data-version';

/**
 * Reads while the data changes (decision 022): the search index follows each change row by row,
 * and the next searches find what changed, on the engine the suite runs on (PGlite, or PostgreSQL
 * in its run); a write to any other table changes nothing; two instances on one PostgreSQL each
 * learn of a change by themselves.
 */
const api = useTestApi();

async function search(
  query: string,
  app: { request: TestApi['app']['request'] } = api.app,
  prefix = '/public-job-posting',
) {
  const response = await app.request(`${prefix}?limit=100&${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as JobPageBody;
}
const titles = async (query: string) => (await search(query)).jobs.map((job) => [job.id, job.title]);

async function aPublishedJob() {
  const [job] = await api.db
    .select()
    .from(jobPostings)
    .where(sql`${jobPostings.status} = 'published' and ${jobPostings.shownOn} = 'job_board'`)
    .limit(1);
  if (!job) throw new Error('the demo board has no published board job');
  return job;
}

describe('the next searches after a change of the data', () => {
  it('find a job by its new title, and no longer by its old one', async () => {
    const job = await aPublishedJob();
    await titles(`title=${encodeURIComponent(job.title)}`);
    await api.db
      .update(jobPostings)
      .set({ title: 'Lamplighter of the Northern Quay' })
      .where(eq(jobPostings.id, job.id));
    boardWritten(api.db);
    expect(await titles('title=northern%20quay')).toEqual([[job.id, 'Lamplighter of the Northern Quay']]);
    expect(await titles('title=lamplighter')).toEqual([[job.id, 'Lamplighter of the Northern Quay']]);
    await api.db.update(jobPostings).set({ title: 'Harbour Pilot' }).where(eq(jobPostings.id, job.id));
    boardWritten(api.db);
    expect(await titles('title=lamplighter')).toEqual([]);
    expect((await titles('title=harbour%20pilot')).map(([id]) => id)).toContain(job.id);
  });

  it('no longer find a job once it is closed, unpublished, deleted or shown only on LinkedIn, and count it no more', async () => {
    const job = await aPublishedJob();
    await api.db.update(jobPostings).set({ title: 'Keeper of the Tide Tables' }).where(eq(jobPostings.id, job.id));
    boardWritten(api.db);
    const found = () => titles('title=tide%20tables&visibility=job_board_only');
    const total = async () => (await search('visibility=job_board_only')).total;
    expect(await found()).toEqual([[job.id, 'Keeper of the Tide Tables']]);
    const before = await total();

    await api.db.update(jobPostings).set({ status: 'closed' }).where(eq(jobPostings.id, job.id));
    boardWritten(api.db);
    expect(await found()).toEqual([]);
    expect(await total()).toBe(before - 1);

    await api.db.update(jobPostings).set({ status: 'published' }).where(eq(jobPostings.id, job.id));
    boardWritten(api.db);
    expect(await found()).toEqual([[job.id, 'Keeper of the Tide Tables']]);
    await api.db.update(jobPostings).set({ status: 'draft' }).where(eq(jobPostings.id, job.id));
    boardWritten(api.db);
    expect(await found()).toEqual([]);

    await api.db
      .update(jobPostings)
      .set({ status: 'published', shownOn: 'linkedin' })
      .where(eq(jobPostings.id, job.id));
    boardWritten(api.db);
    expect(await found()).toEqual([]);
    // Still listed where LinkedIn's jobs are.
    expect(await titles('title=tide%20tables&visibility=linkedin_or_job_board')).toEqual([
      [job.id, 'Keeper of the Tide Tables'],
    ]);
    expect(await total()).toBe(before - 1);

    await api.db.delete(jobPostings).where(eq(jobPostings.id, job.id));
    boardWritten(api.db);
    expect(await titles('title=tide%20tables&visibility=linkedin_or_job_board')).toEqual([]);
  });

  it("follow a company to its new workspace, and its jobs' new level into the facets", async () => {
    const job = await aPublishedJob();
    const [company] = await api.db.select().from(organizations).where(eq(organizations.id, job.organizationId));
    const elsewhere = company?.workspaceSlug === 'demo' ? 'fintech-guild' : 'demo';
    const scoped = async (slug: string) =>
      (await search(`workspace_slug=${slug}&title=${encodeURIComponent(job.title)}`)).jobs.some((j) => j.id === job.id);
    expect(await scoped(company?.workspaceSlug ?? '')).toBe(true);
    await api.db
      .update(organizations)
      .set({ workspaceSlug: elsewhere })
      .where(eq(organizations.id, job.organizationId));
    boardWritten(api.db);
    expect(await scoped(elsewhere)).toBe(true);
    expect(await scoped(company?.workspaceSlug ?? '')).toBe(false);

    expect((await search('')).facets.levels.map((level) => level.value)).not.toContain('Distinguished');
    await api.db.update(jobPostings).set({ level: 'Distinguished' }).where(eq(jobPostings.id, job.id));
    boardWritten(api.db);
    expect((await search('')).facets.levels).toContainEqual({ value: 'Distinguished', count: 1 });
    expect((await titles('level=distinguished')).map(([id]) => id)).toEqual([job.id]);
  });

  it('find every job of one transaction that changed many, once it is applied (in the background)', async () => {
    const ids = (
      await api.db
        .select({ id: jobPostings.id })
        .from(jobPostings)
        .where(eq(jobPostings.status, 'published'))
        .limit(120)
    ).map((row) => row.id);
    await api.db.transaction(async (tx) => {
      await tx
        .update(jobPostings)
        .set({ title: sql`'Surveyor ' || ${jobPostings.id}`, shownOn: 'job_board' })
        .where(inArray(jobPostings.id, ids));
    });
    boardWritten(api.db);
    // More rows than a request waits for: searches answer from the previous index meanwhile.
    await indexReached(api.db, await readBoardVersion(api.db));
    const first = await search('title=surveyor');
    expect(first.total).toBe(ids.length);
    const rest = await search(`title=surveyor&cursor=${first.next_cursor}`);
    const found = [...first.jobs, ...rest.jobs].map((job) => job.id);
    expect(found.sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
  });
});

describe('a commit to any other table', () => {
  it('leaves the data version alone, and the answers kept for it: an application, an alert, a rewrite, a rollback', async () => {
    const versions = dataVersion(api.db);
    const url = '/public-job-posting?limit=5&title=engineer';
    await api.app.request(url);
    const before = { database: await readBoardVersion(api.db), instance: await versions.current() };

    const jobId = await publishedJobId(api);
    const applied = await api.app.request('/public/job-application/', {
      method: 'POST',
      body: await applicationForm(api, jobId),
    });
    expect(applied.status).toBe(201);
    await api.db.insert(alerts).values({
      email: 'reader@example.com',
      emailHash: 'hash-of-reader',
      search: { title: 'engineer' } as never,
      frequency: 'daily',
    });
    await api.db
      .update(jobPostings)
      .set({ title: sql`${jobPostings.title}` })
      .where(eq(jobPostings.id, jobId));
    boardWritten(api.db);
    await api.db
      .transaction(async (tx) => {
        await tx.update(jobPostings).set({ title: 'Never Committed' }).where(eq(jobPostings.id, jobId));
        tx.rollback();
      })
      .catch(() => {});
    boardWritten(api.db);

    expect(await readBoardVersion(api.db)).toBe(before.database);
    expect(await versions.current()).toBe(before.instance);
    expect((await api.app.request(url)).headers.get('x-cache')).toBe('hit');
    // A write to the board's tables does move it.
    await api.db.insert(workspaces).values({ slug: 'tidewater', name: 'Tidewater' });
    boardWritten(api.db);
    expect(await versions.current()).toBeGreaterThan(before.instance);
  });
});

// Two API instances on one database: each its own connections, LISTEN and index, as two
// processes have. The writer is a third connection (the platform, writing SQL).
describe.runIf(process.env.DATABASE_URL)('two instances on one PostgreSQL (PostgreSQL run only)', () => {
  async function board() {
    const created = await createTestDatabase(undefined, { migrated: true });
    const handles: { db: Database; close(): Promise<void> }[] = [];
    const open = async () => {
      const handle = await openDatabase({ databaseUrl: created.url });
      handles.push(handle);
      return handle.db;
    };
    const writer = await open();
    await seed(writer, generateDemoData());
    return {
      writer,
      /** An instance: its own database handle, its data version (with `options`) and routes. */
      async instance(options: Parameters<typeof dataVersion>[1]) {
        const db = await open();
        const routes = jobPostingRoutes(db, () => 'http://localhost', dataVersion(db, options));
        await search('', routes, '/');
        return { db, routes };
      },
      async close() {
        for (const handle of handles) await handle.close();
        await created.drop();
      },
    };
  }

  /** The writer changes a job's title in SQL; each instance learns of it by itself, then finds it. */
  async function bothFind(options: Parameters<typeof dataVersion>[1]) {
    const { writer, instance, close } = await board();
    try {
      const [a, b] = [await instance(options), await instance(options)];
      const [job] = await writer.select().from(jobPostings).where(eq(jobPostings.status, 'published')).limit(1);
      await writer.execute(sql`update job_postings set title = 'Warden of the Eastern Locks' where id = ${job?.id}`);
      boardWritten(writer);
      const version = await readBoardVersion(writer);
      for (const { db, routes } of [a, b]) {
        await indexReached(db, version);
        expect((await search('title=eastern%20locks', routes, '/')).jobs.map((found) => found.id)).toEqual([job?.id]);
      }
    } finally {
      await close();
    }
  }

  it('both find a job changed by SQL elsewhere, told by notification (no reading of the version)', async () => {
    await bothFind({ pollMs: 0 });
  });

  it('both find it when no notification is heard, by reading the version now and then', async () => {
    await bothFind({ listen: false, pollMs: 100 });
  });

  it('a commit in another database changes neither', async () => {
    const { instance, writer, close } = await board();
    const other = await board();
    try {
      const a = await instance({});
      const versions = dataVersion(a.db);
      const before = { database: await readBoardVersion(writer), instance: await versions.current() };
      await other.writer.execute(sql`update job_postings set title = title || ' (other board)'`);
      boardWritten(other.writer);
      expect(await readBoardVersion(writer)).toBe(before.database);
      expect(await versions.current()).toBe(before.instance);
    } finally {
      await other.close();
      await close();
    }
  });
});
