import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobPostings, jobSources, organizations } from '../db/job-board-tables';
import { startWorkerProcess } from '../test/api-process';
import { type CommandApi, startCommandApi } from '../test/command-api';
import { type FakeVendors, startFakeVendors } from '../test/fake-vendors';
import { greenhouseDocsJob, greenhouseDocsList, leverDocsPosting } from '../test/vendor-samples';
import { runSources } from './sources';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

let fake: FakeVendors;
let commandApi: CommandApi;
let api: CommandApi['api'];
/**
 * The environment the commands run in: on the suite's PostgreSQL run, DATABASE_URL (the commands
 * work on the database directly); otherwise the running API's address (it holds the PGlite).
 */
let env: Record<string, string | undefined>;

beforeAll(async () => {
  fake = await startFakeVendors();
  commandApi = await startCommandApi({ commandEnv: fake.env });
  ({ api, env } = commandApi);
});
afterAll(async () => {
  await commandApi?.close();
  await fake?.close();
});

/** A command as runSources runs it: its exit code and printed lines. */
async function sources(...argv: string[]) {
  const lines: string[] = [];
  const code = await runSources(argv, env, (line) => lines.push(...line.split('\n')));
  return { code, lines };
}

describe('pnpm sources (the commands, on the board the API serves)', () => {
  it('add prints the source id last; list shows it; sync prints one line per source; remove closes its jobs', async () => {
    fake.setJobs('greenhouse', 'vaulttec', greenhouseDocsList.jobs, { '127817': greenhouseDocsJob });
    fake.setJobs('lever', 'leverdemo', [leverDocsPosting]);
    const added = await sources('add', 'greenhouse', 'vaulttec', '--company', 'Vault-Tec', '--workspace', 'demo');
    expect(added.code).toBe(0);
    const id = Number(added.lines.at(-1));
    expect(Number.isInteger(id)).toBe(true);
    expect(added.lines[0]).toBe(
      `Added greenhouse/vaulttec as source ${id}: company "Vault-Tec" (organization ${
        (await api.db.select().from(jobSources).where(eq(jobSources.id, id)))[0]?.organizationId
      }), on the demo board too. The vendor lists 1 open job. Its jobs arrive at the next sync (now: pnpm sources sync ${id}).`,
    );
    const lever = await sources('add', 'lever', 'leverdemo');
    const leverId = Number(lever.lines.at(-1));
    // The company is the board's name when --company is not given, on the general board only.
    const [company] = await api.db
      .select()
      .from(organizations)
      .innerJoin(jobSources, eq(jobSources.organizationId, organizations.id))
      .where(eq(jobSources.id, leverId));
    expect(company?.organizations).toMatchObject({ name: 'leverdemo', workspaceSlug: null });

    // Every source; the vendors side by side, so the lines come as each source finishes.
    const synced = await sources('sync');
    expect(synced.code).toBe(0);
    expect(synced.lines.sort()).toEqual([
      `${id} greenhouse/vaulttec: 1 new, 0 updated, 0 closed, 0 unchanged`,
      `${leverId} lever/leverdemo: 1 new, 0 updated, 0 closed, 0 unchanged`,
    ]);
    expect((await sources('sync', String(id))).lines).toEqual([
      `${id} greenhouse/vaulttec: 0 new, 0 updated, 0 closed, 1 unchanged`,
    ]);

    const listed = await sources('list', '--json');
    const entries = JSON.parse(listed.lines.join('\n')) as { id: number; open_jobs: number; last_sync: unknown }[];
    expect(entries.find((entry) => entry.id === id)).toMatchObject({
      kind: 'greenhouse',
      board: 'vaulttec',
      company: 'Vault-Tec',
      workspace: 'demo',
      open_jobs: 1,
      last_sync: { ok: true, line: `${id} greenhouse/vaulttec: 0 new, 0 updated, 0 closed, 1 unchanged` },
    });
    const table = await sources('list');
    expect(table.lines).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^${id}\\tgreenhouse/vaulttec\\tVault-Tec \\[demo\\]\\t1 open\\tlast sync \\S+: ${id} greenhouse/vaulttec: 0 new`,
        ),
      ),
    );

    const removed = await sources('remove', String(leverId));
    expect(removed).toEqual({
      code: 0,
      lines: [`Removed source ${leverId} lever/leverdemo (leverdemo): 1 open job closed.`],
    });
    const jobs = await api.db.select().from(jobPostings).where(eq(jobPostings.sourceId, leverId));
    expect(jobs.map((job) => job.status)).toEqual(['closed']);
  });

  it('sync exits 1 when a source fails, and prints why; a held mass close goes through with --allow-mass-close', async () => {
    fake.setJobs('lever', 'failing', [leverDocsPosting]);
    const id = Number((await sources('add', 'lever', 'failing')).lines.at(-1));
    expect((await sources('sync', String(id))).code).toBe(0);
    fake.script('lever', '/v0/postings/failing', [{ raw: '<html>maintenance</html>' }]);
    expect(await sources('sync', String(id))).toEqual({
      code: 1,
      lines: [`${id} lever/failing: failed: malformed answer (not JSON)`],
    });
    fake.setJobs('lever', 'failing', []);
    const held = await sources('sync', String(id));
    expect(held.code).toBe(1);
    expect(held.lines[0]).toMatch(new RegExp(`^${id} lever/failing: failed: held: the answer would close 1 of`));
    expect(await sources('sync', String(id), '--allow-mass-close')).toEqual({
      code: 0,
      lines: [`${id} lever/failing: 0 new, 0 updated, 1 closed, 0 unchanged`],
    });
  });

  it('refuses an unknown kind, workspace or board with one line (exit 1), and a wrong command with its usage (exit 2)', async () => {
    expect(await sources('add', 'workday', 'acme')).toEqual({
      code: 1,
      lines: ['Unknown kind "workday": use greenhouse, lever or ashby.'],
    });
    expect((await sources('add', 'lever', 'acme', '--workspace', 'nowhere')).lines).toEqual([
      'No workspace "nowhere" (the workspaces: climate-collective, demo, fintech-guild).',
    ]);
    expect(await sources('add', 'ashby', 'no-such-board')).toEqual({
      code: 1,
      lines: [`ashby has no board "no-such-board" (its API answered 404): check the name in the board's address.`],
    });
    expect(await sources('remove', '999999')).toEqual({
      code: 1,
      lines: ['No source 999999 (pnpm sources list shows them).'],
    });
    expect(await sources('sync', '999999')).toEqual({ code: 1, lines: ['999999: failed: no such source'] });
    for (const argv of [['frobnicate'], ['add', 'lever'], ['sync', 'abc'], ['list', '--company', 'x'], ['remove']]) {
      const result = await sources(...argv);
      expect(result.code).toBe(2);
      expect(result.lines).toContain('  pnpm sources list [--json]');
    }
    for (const argv of [['--help'], ['sync', '-h']]) {
      const result = await sources(...argv);
      expect(result).toEqual({ code: 0, lines: expect.arrayContaining(['  pnpm sources list [--json]']) });
      expect(result.lines).not.toContainEqual(expect.stringMatching(/Unknown option/));
    }
  });

  // Run from its bundle (cli/run-bundled.mjs): on the PostgreSQL run the sync is the command's own,
  // its description made safe on the bundle's thread (description-task.mjs), its location read with
  // the gazetteer (the data file shared's cities.ts finds beside its package).
  it('runs from the repository root as `pnpm sources …`', async () => {
    fake.setJobs('ashby', 'rooted', [
      {
        id: 'r-1',
        title: 'Rooted',
        location: 'Cambridge, MA',
        descriptionHtml: '<p>Hi <script>alert(1)</script><b>there</b></p>',
      },
    ]);
    const run = (...argv: string[]) =>
      promisify(execFile)('pnpm', ['--silent', 'sources', ...argv], {
        cwd: root,
        // NODE_PATH as an operator's shell has it (unset): a runner's bin script sets it to every package pnpm
        // installed, which would find a package the bundle cannot.
        env: { ...process.env, NODE_PATH: undefined, DATABASE_URL: undefined, ...env } as NodeJS.ProcessEnv,
      });
    const added = await run('add', 'ashby', 'rooted', '--company', 'Rooted Ltd');
    const id = added.stdout.trim().split('\n').at(-1);
    expect(id).toMatch(/^\d+$/);
    expect(added.stdout).toMatch(/^Added ashby\/rooted as source \d+: company "Rooted Ltd"/);
    const synced = await run('sync', String(id));
    expect(synced.stdout.trim().split('\n')).toEqual([`${id} ashby/rooted: 1 new, 0 updated, 0 closed, 0 unchanged`]);
    const [job] = await api.db
      .select({ description: jobPostings.description, places: jobPostings.places })
      .from(jobPostings)
      .where(eq(jobPostings.title, 'Rooted'));
    expect(job?.description).toBe('Hi #there#');
    // Read with the gazetteer (shared's cities), which the bundle finds where shared installed it.
    expect(job?.places).toEqual([expect.objectContaining({ city: 'Cambridge', region: 'US-MA', country: 'US' })]);
  });
});

// Two processes cannot share an embedded PGlite: this runs in the suite's PostgreSQL run.
describe.runIf(process.env.DATABASE_URL)('the scheduled sync on two workers (PostgreSQL run only)', () => {
  it('syncs each source once per interval, whichever worker claims the round', async () => {
    fake.setJobs('greenhouse', 'scheduled', [], {});
    const id = Number((await sources('add', 'greenhouse', 'scheduled')).lines.at(-1));
    fake.requests.length = 0;
    const worker = {
      DATABASE_URL: commandApi.databaseUrl,
      BOARD_ENV: 'test',
      LOG_LEVEL: 'silent',
      ALERTS_SECRET: 'sources-test-secret-of-enough-length',
      ALERTS_INTERVAL_SECONDS: '0',
      SOURCES_SYNC_MINUTES: '60',
      ...fake.env,
    };
    const [a, b] = await Promise.all([startWorkerProcess(worker), startWorkerProcess(worker)]);
    try {
      // Each worker looks 2 s after it starts, then every minute: one of them claims the round
      // (two minutes: a hang limit, the two processes' start on a busy machine included).
      const deadline = Date.now() + 120_000;
      while (Date.now() < deadline) {
        const [row] = await api.db.select().from(jobSources).where(eq(jobSources.id, id));
        if (row?.lastSyncAt) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      // Room for the other worker to look, too.
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      const lists = fake.requests.filter((request) => request.path === '/v1/boards/scheduled/jobs');
      expect(lists).toHaveLength(1);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });
});
