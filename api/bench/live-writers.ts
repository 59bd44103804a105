import { randomBytes } from 'node:crypto';
import type postgres from 'postgres';
import type { SourcesService } from '../src/sources/sources-service';
import { candidate } from '../src/test/application-form';
import { pdfBytes } from '../src/test/test-api';
import { runApiCommand } from './api-command';
import type { startBenchVendor } from './bench-vendor';
import type { PlatformSql } from './live-instance';
import { every, type InProcessApp, together, type Writer } from './live-load';

/** The words of the bench's titles and new searches. */
export const words = [
  'engineer',
  'designer',
  'product',
  'data',
  'sales',
  'marketing',
  'manager',
  'senior',
  'lead',
  'analyst',
  'developer',
  'support',
  'operations',
  'finance',
  'research',
  'security',
  'platform',
  'mobile',
  'backend',
  'growth',
];

/**
 * Jobs changed as the platform changes one: its title and salary. Numbered across the workloads
 * (`every` counts from 0 in each phase): the same values written again would change nothing, and
 * the second workload would measure no change at all.
 */
export function jobChanges(platformSql: PlatformSql, pick: (n: number) => number): Writer {
  let made = 0;
  return every(5, () => {
    const n = made++;
    return platformSql('update job_postings set title = $1, salary_max = $2 where id = $3', [
      `${words[n % words.length]} ${['Lead', 'Engineer', 'Manager'][n % 3]} ${n}`,
      60_000 + (n % 90) * 1000,
      pick(n),
    ]);
  });
}

/** Applications arriving through the API (captcha, PDF, the database's submission limit). */
export function applications(app: InProcessApp, pick: (n: number) => number): Writer {
  return every(5, async (n) => {
    const challenge = (await (await app.request('/public/captcha/challenge')).json()) as {
      challenge_id: string;
      question: string;
    };
    const [, x, y] = /What is (\d+) \+ (\d+)\?/.exec(challenge.question) ?? [];
    const verified = await app.request('/public/captcha/verify', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ challenge_id: challenge.challenge_id, answer: String(Number(x) + Number(y)) }),
    });
    const form = new FormData();
    form.append('job_posting_id', String(pick(n)));
    for (const [name, value] of Object.entries(candidate)) form.append(name, value);
    form.append('recaptcha_token', ((await verified.json()) as { token: string }).token);
    form.append('candidate_resume', new Blob([pdfBytes() as BlobPart], { type: 'application/pdf' }), 'cv.pdf');
    const response = await app.request('/public/job-application/', { method: 'POST', body: form });
    if (response.status !== 201) throw new Error(`application: ${response.status}`);
  });
}

/** Commits to a table the board never reads, in this database and (PostgreSQL) another one. */
export function unrelated(platformSql: PlatformSql, other: postgres.Sql | null): Writer {
  return together(
    every(20, (n) => platformSql('insert into bench_unrelated (note) values ($1)', [`note ${n}`])),
    ...(other ? [every(20, (n) => other.unsafe('insert into bench_unrelated (note) values ($1)', [`note ${n}`]))] : []),
  );
}

type SyncOutcome = { ok: boolean; line: string; counts?: { updated: number }; ms?: { read: number; write: number } };

/**
 * The import: a source of `jobs` jobs on a local server answering as Ashby does, every job changed
 * since the last sync (title, pay, a 3 KB description), synced again as soon as the last sync
 * ends. `byCommand`: each sync in a process of its own (`pnpm sources sync`), as a worker runs it
 * beside the API instances on PostgreSQL; otherwise in the API's process, as it runs there on
 * PGlite (WORK_IN_API). Each sync's time is kept (the target: 10 s).
 */
export async function imports(options: {
  vendors: Awaited<ReturnType<typeof startBenchVendor>>;
  sources: SourcesService;
  jobs: number;
  byCommand: boolean;
  apiDir: string;
}) {
  const board = `bench${randomBytes(4).toString('hex')}`;
  let round = 1;
  await options.vendors.setRound(board, options.jobs, round);
  const { source } = await options.sources.add('ashby', board, { company: 'Bench Imports' });
  const times: number[] = [];
  /** Each in-process sync's read (the vendor's answer, mapped) and write (its transaction), in ms. */
  const splits: { read: number; write: number }[] = [];
  async function syncByCommand(): Promise<SyncOutcome> {
    const { ok, lines } = await runApiCommand(options.apiDir, options.vendors.urls.ashby, 'sources', [
      'sync',
      String(source.id),
    ]);
    const line = lines.at(-1) ?? '';
    const updated = /(\d+) updated/.exec(line)?.[1];
    return { ok, line, ...(updated ? { counts: { updated: Number(updated) } } : {}) };
  }
  async function sync(): Promise<SyncOutcome> {
    const started = performance.now();
    const [synced] = options.byCommand ? [await syncByCommand()] : await options.sources.sync([source.id]);
    if (!synced?.ok) throw new Error(`the import failed: ${synced?.line}`);
    times.push(performance.now() - started);
    if (synced.ms) splits.push(synced.ms);
    return synced;
  }
  const writer: Writer = async (signal) => {
    let syncs = 0;
    while (!signal.aborted) {
      await options.vendors.setRound(board, options.jobs, ++round);
      const synced = await sync();
      if (synced.counts?.updated !== options.jobs)
        throw new Error(`the import did not change every job: ${synced.line}`);
      syncs++;
    }
    return syncs;
  };
  return {
    /** The first sync, every job new: before the phases, and not counted. */
    async first() {
      const synced = await sync();
      times.length = 0;
      splits.length = 0;
      return synced;
    },
    writer,
    times,
    splits,
  };
}
