import type { JobSearch } from '@board/shared/api/job-search';
import { parseJobSearchParams } from '@board/shared/api/job-search-query';
import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { jobPostings, organizations, workspaces } from '../db/job-board-tables';
import { touchesAnswer } from '../job-postings/search';
import { scopeFacets } from '../search/facets';
import { indexFacets } from '../search/index-facets';
import { readSearchIndex } from '../search/read-search-index';
import type { SearchIndex } from '../search/search-index';
import { type SearchRules, searchRules } from '../search/search-index-page';
import { searchMatches } from '../search/search-matches';
import { searchPage } from '../search/search-page';
import type { Scope } from '../search/visible';
import { generateDemoData } from '../seed/demo-data';
import { seed } from '../seed/seed';
import { createTestDatabase, openTestDatabase } from '../test/test-database';
import { readBoardVersion } from './board-changes';
import { dataVersion, indexReached } from './data-version';

/**
 * The search index kept up to date row by row (read-changes.ts, apply-changes.ts) against the index read
 * whole: after random writes of every kind (any column of a job, a company's investors or
 * workspace, inserts, deletes, rewrites of the same values, one statement or many in a
 * transaction), the index the live instance holds equals the one read afresh, position by
 * position, in both orders; and its facets equal the SQL's (facets.ts), order included. Some runs
 * apply the changes row by row, some read the index whole (`wholeAbove`).
 */
let database: DatabaseHandle;
let drop: () => Promise<void>;
let slugs: string[];
beforeAll(async () => {
  const created = await createTestDatabase(undefined, { migrated: true });
  drop = created.drop;
  database = await openTestDatabase(created.url);
  await seed(database.db, generateDemoData());
  slugs = (await database.db.select({ slug: workspaces.slug }).from(workspaces)).map((row) => row.slug);
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

/** The index as plain values, position by position: what must not differ. */
function described(index: SearchIndex) {
  const value = (dictionary: SearchIndex['title'], at: number) => dictionary.values[dictionary.codes[at] ?? -1];
  const jobs = Array.from({ length: index.size }, (_, at) => [
    index.ids[at],
    index.companies[index.company[at] ?? -1]?.id,
    index.placement[at],
    value(index.title, at),
    value(index.location, at),
    value(index.locationShown, at),
    value(index.workplace, at),
    value(index.jobType, at),
    value(index.level, at),
    Number.isNaN(index.salaryFirstK[at]) ? null : index.salaryFirstK[at],
    index.salaryTop[at],
    String(index.postedExact[at]),
    index.postedUs[at],
  ]);
  const companies = [...index.companyById.values()].sort((a, b) => a.id - b.id);
  return { jobs, bySalary: Array.from(index.bySalary, (at) => index.ids[at]), companies };
}

const text = fc.oneof(
  fc.constantFrom(
    'Engineer',
    'Senior Engineer',
    'Designer',
    'İstanbul',
    'ΟΔΟΣ',
    '  Remote  ',
    '',
    'Émile 😀',
    '\uE000',
  ),
  fc.string({ maxLength: 12 }),
);
const date = fc.oneof(
  fc.constant(null),
  fc.integer({ min: -400, max: 10 }).map((days) => new Date(Date.UTC(2026, 10, 25) + days * 86_400_000)),
  // Past 2^53 µs: two dates a microsecond apart round to one Number.
  fc.constantFrom(new Date('2256-03-01T00:00:00Z'), new Date('2256-03-01T00:00:00.001Z')),
);
const salary = fc.oneof(fc.constant(null), fc.constantFrom(0, 499, 500, 80_000, 120_000, 180_000, 900_000));

/** One write, against the ids that exist when it runs. */
const write = fc.oneof(
  fc.record({ kind: fc.constant('title' as const), pick: fc.nat(), value: text }),
  fc.record({
    kind: fc.constant('status' as const),
    pick: fc.nat(),
    value: fc.constantFrom('published', 'draft', 'closed'),
  }),
  fc.record({
    kind: fc.constant('shownOn' as const),
    pick: fc.nat(),
    value: fc.constantFrom('job_board', 'linkedin', 'both'),
  }),
  fc.record({ kind: fc.constant('date' as const), pick: fc.nat(), value: date }),
  fc.record({ kind: fc.constant('salary' as const), pick: fc.nat(), min: salary, max: salary }),
  fc.record({
    kind: fc.constant('shown' as const),
    pick: fc.nat(),
    location: text,
    jobType: text,
    level: text,
    workplace: text,
  }),
  fc.record({ kind: fc.constant('insert' as const), pick: fc.nat(), title: text, date, min: salary }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('same' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('many' as const),
    pick: fc.nat(),
    count: fc.integer({ min: 2, max: 40 }),
    value: text,
  }),
  fc.record({ kind: fc.constant('investors' as const), pick: fc.nat(), names: fc.array(text, { maxLength: 3 }) }),
  fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), slug: fc.nat() }),
  fc.record({ kind: fc.constant('company' as const), name: fc.string({ minLength: 1, maxLength: 8 }), slug: fc.nat() }),
);
type Write = typeof write extends fc.Arbitrary<infer T> ? T : never;

type Db = DatabaseHandle['db'];
let companies = 0;
async function run(db: Db, change: Write) {
  const jobIds = (await db.select({ id: jobPostings.id }).from(jobPostings)).map((row) => row.id);
  const published = (
    await db.select({ id: jobPostings.id }).from(jobPostings).where(eq(jobPostings.status, 'published'))
  ).map((row) => row.id);
  const companyIds = (await db.select({ id: organizations.id }).from(organizations)).map((row) => row.id);
  // Edits mostly of jobs the index holds (an edit in place), the others of any job.
  const pickFrom = ['status', 'delete', 'many'].includes(change.kind) || published.length === 0 ? jobIds : published;
  const job = pickFrom[('pick' in change ? change.pick : 0) % pickFrom.length] ?? 0;
  const company = companyIds[('pick' in change ? change.pick : 0) % companyIds.length] ?? 0;
  const where = eq(jobPostings.id, job);
  switch (change.kind) {
    case 'title':
      return db.update(jobPostings).set({ title: change.value }).where(where);
    case 'status':
      return db.update(jobPostings).set({ status: change.value }).where(where);
    case 'shownOn':
      return db.update(jobPostings).set({ shownOn: change.value }).where(where);
    case 'date':
      return db.update(jobPostings).set({ publishedAt: change.value }).where(where);
    case 'salary':
      return db.update(jobPostings).set({ salaryMin: change.min, salaryMax: change.max }).where(where);
    case 'shown':
      return db
        .update(jobPostings)
        .set({
          location: change.location,
          jobType: change.jobType,
          level: change.level,
          workplaceType: change.workplace,
        })
        .where(where);
    case 'insert':
      return db.insert(jobPostings).values({
        organizationId: company,
        title: change.title,
        status: 'published',
        publishedAt: change.date,
        salaryMin: change.min,
      });
    case 'delete':
      return db.delete(jobPostings).where(where);
    case 'same':
      return db
        .update(jobPostings)
        .set({ title: sql`${jobPostings.title}` })
        .where(where);
    case 'many': {
      const some = jobIds.filter((_, at) => (at + change.pick) % 3 === 0).slice(0, change.count);
      return db
        .update(jobPostings)
        .set({ title: sql`${change.value} || ' ' || ${jobPostings.id}`, status: 'published' })
        .where(inArray(jobPostings.id, some));
    }
    case 'investors':
      return db
        .update(organizations)
        .set({ investors: { all: change.names, last_round: change.names.slice(1) } })
        .where(eq(organizations.id, company));
    case 'move':
      return db
        .update(organizations)
        .set({ workspaceSlug: slugs[change.slug % slugs.length] ?? 'demo' })
        .where(eq(organizations.id, company));
    case 'company':
      return db.insert(organizations).values({
        name: change.name,
        jobBoardSlug: `company-${++companies}`,
        workspaceSlug: slugs[change.slug % slugs.length] ?? 'demo',
      });
  }
}

/** How changes are applied: every other one by reading the index whole, or always row by row. */
let readWhole: 'every other' | 'never' = 'every other';
let applied = 0;
const scopes = () =>
  (['job_board_only', 'linkedin_or_job_board'] as const).flatMap((visibility) =>
    [undefined, ...slugs].map((workspaceSlug): Scope => ({ visibility, workspaceSlug })),
  );

describe('the search index kept up to date row by row', () => {
  beforeAll(() => {
    dataVersion(database.db, {
      wholeAbove: () => (readWhole === 'every other' && applied++ % 2 === 1 ? 0 : 1_000_000),
    });
  });

  it('equals the index read afresh after any writes, and counts the facets the SQL counts', async () => {
    const numRuns = Number(process.env.LIVE_INDEX_PROPERTY_RUNS ?? 40);
    const { db } = database;
    readWhole = 'every other';
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 6 }), fc.boolean(), async (writes, together) => {
        if (together)
          await db.transaction(async (tx) => {
            for (const change of writes) await run(tx as unknown as Db, change);
          });
        else for (const change of writes) await run(db, change);
        const version = await readBoardVersion(db);
        const live = await indexReached(db, version);
        const fresh = await readSearchIndex(db);
        expect(live.version).toBe(fresh.version);
        expect(described(live.index)).toEqual(described(fresh.index));
        for (const scope of scopes()) expect(indexFacets(live.index, scope)).toEqual(await scopeFacets(db, scope));
      }),
      { numRuns },
    );
  });

  it('holds the right facets after an edit in place of each column they count, and of one they do not', async () => {
    readWhole = 'never';
    const { db } = database;
    const [job] = await db.select().from(jobPostings).where(eq(jobPostings.status, 'published')).limit(1);
    const [company] = await db
      .select()
      .from(organizations)
      .where(sql`${organizations.id} <> ${job?.organizationId}`)
      .limit(1);
    for (const set of [
      { title: 'A Title Alone' },
      { level: 'Distinguished Fellow' },
      { jobType: 'Seasonal' },
      { workplaceType: 'Ship-board' },
      { location: 'Tórshavn' },
      { salaryMin: 333_000 },
      { shownOn: 'linkedin' as const },
      { organizationId: company?.id },
    ]) {
      const before = await indexReached(db, await readBoardVersion(db));
      for (const scope of scopes()) indexFacets(before.index, scope);
      await db
        .update(jobPostings)
        .set(set)
        .where(eq(jobPostings.id, job?.id ?? 0));
      const live = await indexReached(db, await readBoardVersion(db));
      expect(described(live.index), JSON.stringify(set)).toEqual(described((await readSearchIndex(db)).index));
      for (const scope of scopes())
        expect(indexFacets(live.index, scope), JSON.stringify(set)).toEqual(await scopeFacets(db, scope));
    }
  });

  it("keeps a search's answer across changes only when they cannot alter it", async () => {
    readWhole = 'never';
    const numRuns = Number(process.env.LIVE_INDEX_PROPERTY_RUNS ?? 40);
    const { db } = database;
    const versions = dataVersion(db);
    const now = Date.UTC(2026, 10, 26);
    const searches = [
      '',
      'title=engineer',
      'title=e&level=Senior',
      'salary_min_k=100',
      'workplace=Remote&sort=salary',
      'investor=Accel',
      'posted_within=30d',
      'job_type=Full-time&location=a',
    ].flatMap((query) =>
      scopes().map((scope) => {
        const parsed = parseJobSearchParams(new URLSearchParams(`${query}&limit=5`));
        if (!parsed.ok) throw new Error(`${query}: ${parsed.message}`);
        const search = parsed.search;
        const rules = searchRules(
          scope,
          search,
          { title: search.title.toLowerCase(), location: search.location.toLowerCase() },
          now,
        );
        return { query, scope, search, rules };
      }),
    );
    /** What call 1 answers from an index, but for the page's rows (read by id): ids, count, cursor, facets. */
    const answer = (index: SearchIndex, scope: Scope, search: JobSearch, rules: SearchRules) => {
      const found = searchPage(index, searchMatches(index, rules), search.sort, { limit: 5, cursor: null }, 10_000);
      const scoped = indexFacets(index, scope);
      return { found, total: rules.filtered ? found?.counted : scoped.total, facets: scoped.facets };
    };
    let kept = 0;
    let dropped = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 3 }), fc.boolean(), async (writes, together) => {
        const from = await indexReached(db, await readBoardVersion(db));
        const built = searches.map(({ scope, search, rules }) => {
          const request = new Request('http://board.test/');
          const built = answer(from.index, scope, search, rules);
          const facets = indexFacets(from.index, scope).facets;
          versions.answerReads(request, touchesAnswer(scope, rules, facets, search.sort, built.found?.ids ?? []));
          return { request, answer: built };
        });
        if (together)
          await db.transaction(async (tx) => {
            for (const change of writes) await run(tx as unknown as Db, change);
          });
        else for (const change of writes) await run(db, change);
        const to = await indexReached(db, await readBoardVersion(db));
        built.forEach(({ request, answer: before }, at) => {
          const { query, scope, search, rules } = searches[at] as (typeof searches)[number];
          if (!versions.keptAcross(request)?.(from.version, to.version)) {
            dropped++;
            return;
          }
          kept++;
          expect(answer(to.index, scope, search, rules), `${query} ${JSON.stringify(scope)}`).toEqual(before);
        });
      }),
      { numRuns },
    );
    // Both happened: the property held for answers that were kept, and some changes did touch.
    expect([kept > 0, dropped > 0]).toEqual([true, true]);
  });
});
