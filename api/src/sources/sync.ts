import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { jobPostings, jobSources, type SourceKind } from '../db/job-board-tables';
import { pace, statementsOnThisThread } from '../job-postings/background-pace';
import { lockFirstSeenForWriting } from '../job-postings/first-seen-lock';
import { selectRows } from '../job-postings/queries';
import type { ImportedJob, KnownJob } from './imported-job';
import type { VendorHttp } from './vendor-http';
import { VendorFailure } from './vendor-http';
import { vendors } from './vendors';

/**
 * One source's sync: read the ATS's whole list, then write what differs in a few short
 * transactions (250 rows each: the new jobs, the changed ones, then the closings).
 *
 * - A job keeps its board id: it is found by (source, ATS id), unique in the database.
 * - Only what changed is written: each job's mapped content has a hash, and a job whose hash and
 *   status are unchanged is not written at all (an unchanged source writes no job row).
 * - A job missing from a complete, successful answer closes; a failed answer (an error, a timeout,
 *   a cut-off or malformed body, a list that moved while it was read) writes nothing.
 * - An answer that would close more than half of the source's open jobs is held: nothing is
 *   written, and the line says so, until a sync with `allowMassClose`.
 * - One sync of a source at a time, across every instance: a sync claims the source for
 *   `claimMinutes` first (a sync whose process died is taken over once that passes).
 */
export interface SyncDeps {
  db: Database;
  http: VendorHttp;
  vendorUrls: Record<SourceKind, string>;
  log?: (entry: Record<string, unknown>) => void;
  /** Told of each write statement's rows once it is done (tests: what runs between them). */
  onWritten?: (rows: number) => void;
}

export interface SyncCounts {
  new: number;
  updated: number;
  closed: number;
  unchanged: number;
}

export interface SyncResult {
  sourceId: number;
  ok: boolean;
  /** As `pnpm sources sync` prints it: `3 greenhouse/acme: 2 new, 0 updated, 1 closed, 10 unchanged`. */
  line: string;
  counts?: SyncCounts;
  /** Where the time went: reading the vendor (requests and mapping), then the write's transaction. */
  ms?: { read: number; write: number };
}

const claimMinutes = 30;
/** At most this many jobs from one source. */
const maxJobs = 20_000;
/** Rows per transaction: each is one version of the board, applied to every instance's index. */
const chunk = 250;
/**
 * Rows per statement where statements run on the API's thread (PGlite): a 250-row statement held
 * it 50–300 ms (the triggers, the log, every index of `job_postings`) in one piece, which every
 * search waited for.
 */
const statementRowsOnThread = 25;
/**
 * A sync keeps to the share of the thread all background work keeps to (background-pace.ts) for
 * this long, then takes half of it: a 1,000-job sync must end within 10 s however busy the board.
 */
const hurryAfterMs = 5_000;

type Insert = Columns & { source_job_id: string; hash: string };
type Update = Columns & { id: number; hash: string };

export function syncLine(source: { id: number; kind: string; board: string }, outcome: SyncCounts | string): string {
  const name = `${source.id} ${source.kind}/${source.board}`;
  if (typeof outcome === 'string') return `${name}: failed: ${outcome}`;
  return `${name}: ${outcome.new} new, ${outcome.updated} updated, ${outcome.closed} closed, ${outcome.unchanged} unchanged`;
}

interface KnownRow {
  id: number;
  source_job_id: string;
  status: string;
  source_hash: string | null;
  source_updated_at: string | null;
  salary_min: number | null;
  salary_max: number | null;
  salary_currency: string | null;
}

async function knownJobs(db: Database, sourceId: number): Promise<KnownRow[]> {
  return selectRows<KnownRow>(
    db,
    sql`select ${jobPostings.id} as id, ${jobPostings.sourceJobId} as source_job_id, ${jobPostings.status} as status,
      ${jobPostings.sourceHash} as source_hash, ${jobPostings.sourceUpdatedAt} as source_updated_at,
      ${jobPostings.salaryMin} as salary_min, ${jobPostings.salaryMax} as salary_max,
      ${jobPostings.salaryCurrency} as salary_currency
      from ${jobPostings} where ${jobPostings.sourceId} = ${sourceId}`,
  );
}

/** The columns an import writes, from what the ATS gave. */
function columnsOf(job: ImportedJob) {
  return {
    title: job.title,
    location: job.location,
    salary_min: job.salary?.min ?? null,
    salary_max: job.salary?.max ?? null,
    salary_currency: job.salary?.currency ?? null,
    short_description: job.description.short || null,
    description: job.description.text || null,
    description_blocks: job.description.blocks.length > 0 ? job.description.blocks : null,
    job_type: job.jobType,
    workplace_type: job.workplaceType,
    level: job.level,
    application_url: job.applicationUrl,
    /** Null: the board's first sighting, kept once set (Greenhouse gives no date). */
    published_at: job.postedAt?.toISOString() ?? null,
    valid_through: job.validThrough?.toISOString() ?? null,
    source_updated_at: job.atsUpdatedAt,
  };
}

type Columns = ReturnType<typeof columnsOf>;

/** The hash of what is written: equal hashes, nothing to write. */
const hashOf = (columns: Columns) => createHash('sha256').update(JSON.stringify(columns)).digest('base64url');

/** Claims the source for this sync; null when it is unknown, removed or claimed by a sync under way. */
async function claim(db: Database, sourceId: number) {
  const [claimed] = await db
    .update(jobSources)
    .set({ syncClaimedUntil: sql`now() + make_interval(mins => ${claimMinutes})` })
    .where(
      and(
        eq(jobSources.id, sourceId),
        sql`${jobSources.removedAt} is null`,
        sql`(${jobSources.syncClaimedUntil} is null or ${jobSources.syncClaimedUntil} < now())`,
      ),
    )
    .returning();
  return claimed ?? null;
}

async function release(db: Database, sourceId: number, ok: boolean, line: string) {
  await db
    .update(jobSources)
    .set({ syncClaimedUntil: null, lastSyncAt: sql`now()`, lastSyncOk: ok, lastSyncLine: line })
    .where(eq(jobSources.id, sourceId));
}

/** Syncs one source; never throws for what the vendor answers (the result's line says it). */
export async function syncSource(
  deps: SyncDeps,
  sourceId: number,
  options: { allowMassClose?: boolean } = {},
): Promise<SyncResult> {
  const { db } = deps;
  const source = await claim(db, sourceId);
  if (!source) {
    const [row] = await db.select().from(jobSources).where(eq(jobSources.id, sourceId));
    if (!row || row.removedAt) return { sourceId, ok: false, line: `${sourceId}: failed: no such source` };
    return {
      sourceId,
      ok: false,
      line: syncLine(row, `a sync of this source is under way (claimed until ${row.syncClaimedUntil?.toISOString()})`),
    };
  }
  let outcome: SyncCounts | string;
  const ms = { read: 0, write: 0 };
  try {
    outcome = await importJobs(deps, source, options, ms);
  } catch (error) {
    if (!(error instanceof VendorFailure)) {
      await release(db, sourceId, false, syncLine(source, 'an error in the board (see the API log)')).catch(
        () => undefined,
      );
      throw error;
    }
    outcome = error.reason;
  }
  const line = syncLine(source, outcome);
  const ok = typeof outcome !== 'string';
  await release(db, sourceId, ok, line);
  deps.log?.({
    time: new Date().toISOString(),
    level: ok ? 'info' : 'warn',
    message: 'source synced',
    line,
    read_ms: ms.read,
    write_ms: ms.write,
  });
  return { sourceId, ok, line, ms, ...(ok ? { counts: outcome as SyncCounts } : {}) };
}

async function importJobs(
  deps: SyncDeps,
  source: typeof jobSources.$inferSelect,
  options: { allowMassClose?: boolean },
  ms: { read: number; write: number },
): Promise<SyncCounts | string> {
  const { db } = deps;
  const started = performance.now();
  // The sync is background work on the thread that answers the API's requests: it keeps to a
  // share of it (background-pace.ts). On PostgreSQL its statements run in the server; on PGlite
  // they hold this thread, so they count, and are made smaller.
  const pause = pace({ hurryAfterMs: hurryAfterMs });
  const onThread = statementsOnThisThread(db);
  const statement = <T>(work: Promise<T>): Promise<T> => (onThread ? work : pause.untimed(work));
  const before = await statement(knownJobs(db, source.id));
  await pause();
  const known = new Map<string, KnownJob>(
    before.map((row) => [
      row.source_job_id,
      {
        atsUpdatedAt: row.source_updated_at,
        salary:
          row.salary_currency && (row.salary_min !== null || row.salary_max !== null)
            ? { min: row.salary_min, max: row.salary_max, currency: row.salary_currency }
            : null,
      },
    ]),
  );
  // Paced by the vendor's own mapping (mapYielding); the requests leave the thread free.
  const answer = await pause.untimed(
    vendors[source.kind].jobs(source.board, {
      http: deps.http,
      baseUrl: deps.vendorUrls[source.kind],
      known,
    }),
  );
  if (answer.length > maxJobs) return `more than ${maxJobs.toLocaleString('en')} jobs in the answer`;
  // The same ATS job twice in one answer is one job.
  const listed = new Map<string, { columns: Columns; hash: string }>();
  for (const [at, job] of answer.entries()) {
    if (at > 0 && at % 50 === 0) await pause();
    if (listed.has(job.atsId)) continue;
    const columns = columnsOf(job);
    listed.set(job.atsId, { columns, hash: hashOf(columns) });
  }

  ms.read = Math.round(performance.now() - started);
  const writing = performance.now();

  // What differs, from the jobs as they are now (the source's claim keeps other syncs out).
  await pause();
  const rows = await statement(knownJobs(db, source.id));
  await pause();
  const byAtsId = new Map(rows.map((row) => [row.source_job_id, row]));
  const inserts: Insert[] = [];
  const updates: Update[] = [];
  let unchanged = 0;
  for (const [atsId, { columns, hash }] of listed) {
    const row = byAtsId.get(atsId);
    if (!row) inserts.push({ ...columns, source_job_id: atsId, hash });
    else if (row.source_hash !== hash || row.status !== 'published') updates.push({ ...columns, id: row.id, hash });
    else unchanged++;
  }
  const open = rows.filter((row) => row.status === 'published');
  const closing = open.filter((row) => !listed.has(row.source_job_id)).map((row) => row.id);
  if (closing.length > 0 && closing.length * 2 > open.length && !options.allowMassClose)
    return `held: the answer would close ${closing.length} of the source's ${open.length} open jobs, so nothing was changed; if they did close, run: pnpm sources sync ${source.id} --allow-mass-close`;

  // Written a chunk per transaction: the new jobs, the changed ones, then the closings last, so a
  // sync cut short has closed nothing. Each re-checks that the source was not removed meanwhile.
  // Short transactions matter on PGlite, whose one connection makes every read wait for a write;
  // there each transaction is written a few rows per statement, with a turn of the event loop
  // between them (the requests that need only the thread run), and the wait that gives the thread
  // back for the transaction's time comes after its commit, when the connection is free.
  const perStatement = onThread ? statementRowsOnThread : chunk;
  const inStatements =
    <T>(part: T[], write: (tx: Database, rows: T[], now: string) => Promise<unknown>) =>
    async (tx: Database, now: string) => {
      for (let start = 0; start < part.length; start += perStatement) {
        if (start > 0) await pause.turn();
        const rows = part.slice(start, start + perStatement);
        await statement(write(tx, rows, now));
        deps.onWritten?.(rows.length);
      }
    };
  const steps: ((tx: Database, now: string) => Promise<unknown>)[] = [];
  for (let start = 0; start < inserts.length; start += chunk) {
    const part = inserts.slice(start, start + chunk);
    steps.push(inStatements(part, (tx, rows, now) => insertJobs(tx, source, rows, now)));
  }
  for (let start = 0; start < updates.length; start += chunk) {
    const part = updates.slice(start, start + chunk);
    steps.push(inStatements(part, (tx, rows) => updateJobs(tx, source, rows)));
  }
  for (let start = 0; start < closing.length; start += chunk) {
    const part = closing.slice(start, start + chunk);
    steps.push(
      inStatements(part, (tx, ids) =>
        tx.update(jobPostings).set({ status: 'closed' }).where(inArray(jobPostings.id, ids)),
      ),
    );
  }
  for (const step of steps) {
    // The requests that came in meanwhile go first (on PGlite, a transaction holds the one
    // connection, and its statements run on this thread).
    await pause();
    const done = await statement(
      db.transaction(async (tx) => {
        await statement(lockFirstSeenForWriting(tx));
        const [current] = await statement(
          tx.select().from(jobSources).where(eq(jobSources.id, source.id)).for('update'),
        );
        if (!current || current.removedAt) return false;
        const [{ now } = { now: new Date().toISOString() }] = await statement(
          selectRows<{ now: string }>(tx, sql`select clock_timestamp()::text as now`),
        );
        await step(tx, now);
        return true;
      }),
    );
    if (!done) return 'the source was removed during the sync';
  }
  // The last transaction's share of the thread, before the next sync or request.
  await pause();
  const written = { new: inserts.length, updated: updates.length, closed: closing.length, unchanged };
  ms.write = Math.round(performance.now() - writing);
  return written;
}

async function insertJobs(tx: Database, source: typeof jobSources.$inferSelect, rows: Insert[], now: string) {
  const seen = new Date(now);
  await tx.insert(jobPostings).values(
    rows.map((row) => ({
      organizationId: source.organizationId,
      sourceId: source.id,
      sourceJobId: row.source_job_id,
      sourceHash: row.hash,
      sourceUpdatedAt: row.source_updated_at,
      title: row.title,
      location: row.location,
      salaryMin: row.salary_min,
      salaryMax: row.salary_max,
      salaryCurrency: row.salary_currency,
      shortDescription: row.short_description,
      description: row.description,
      descriptionBlocks: row.description_blocks,
      jobType: row.job_type,
      workplaceType: row.workplace_type,
      level: row.level,
      applicationUrl: row.application_url,
      shownOn: 'job_board' as const,
      status: 'published' as const,
      publishedAt: row.published_at ? new Date(row.published_at) : seen,
      validThrough: row.valid_through ? new Date(row.valid_through) : null,
      firstSeenAt: seen,
      changedAt: seen,
    })),
  );
}

/**
 * One statement for a chunk of changed jobs: the new values as a JSON array of records, joined to
 * the rows by id. A job that reopens is published again; its first sighting and id stay.
 */
async function updateJobs(tx: Database, source: typeof jobSources.$inferSelect, rows: Update[]) {
  const records = JSON.stringify(rows);
  await tx.execute(sql`update ${jobPostings} as j set
      title = v.title, location = v.location, salary_min = v.salary_min, salary_max = v.salary_max,
      salary_currency = v.salary_currency, short_description = v.short_description,
      description = v.description, description_blocks = v.description_blocks, job_type = v.job_type,
      workplace_type = v.workplace_type, level = v.level, application_url = v.application_url,
      published_at = coalesce(v.published_at, j.published_at), valid_through = v.valid_through,
      source_updated_at = v.source_updated_at, source_hash = v.hash, status = 'published',
      organization_id = ${source.organizationId}
    from jsonb_to_recordset(${records}::jsonb) as v(
      id integer, title text, location text, salary_min integer, salary_max integer, salary_currency text,
      short_description text, description text, description_blocks jsonb, job_type text, workplace_type text,
      level text, application_url text, published_at timestamptz, valid_through timestamptz,
      source_updated_at text, hash text)
    where j.id = v.id and j.source_id = ${source.id}`);
}
