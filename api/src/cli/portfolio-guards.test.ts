import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobPostings, jobSources } from '../db/job-board-tables';
import { type CommandApi, startCommandApi } from '../test/command-api';
import { type FakeVendors, startFakeVendors } from '../test/fake-vendors';
import { greenhouseDocsJob, greenhouseDocsList } from '../test/vendor-samples';
import { runPortfolio } from './portfolio';

/** What `pnpm portfolio apply` holds or refuses of a file that would do more harm than it says. */
let fake: FakeVendors;
let commandApi: CommandApi;
let api: CommandApi['api'];
let env: Record<string, string | undefined>;
let folder: string;

const boards = ['guarda', 'guardb', 'guardc', 'guardd'];
const companies = boards.map((board) => `\n  - { name: ${board}, sources: [{ greenhouse: ${board} }] }`);
const csvHeader =
  'name,slug,website,overview,logo,headquarters,headcount,founded,workspaces,total_funding,last_round_amount,last_round_type,last_round_date,investors,last_round_investors,ats,ats_board';

beforeAll(async () => {
  fake = await startFakeVendors();
  // The board holds only this file's companies: the counts below are theirs.
  commandApi = await startCommandApi({ apiEnv: { SEED: 'none' }, commandEnv: fake.env });
  ({ api, env } = commandApi);
  folder = await mkdtemp(path.join(tmpdir(), 'portfolio-guards-'));
  await mkdir(path.join(folder, 'logos'));
  for (const board of boards)
    fake.setJobs('greenhouse', board, greenhouseDocsList.jobs, { '127817': greenhouseDocsJob });
});
afterAll(async () => {
  await commandApi?.close();
  await fake?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

async function portfolio(...argv: string[]) {
  const lines: string[] = [];
  const code = await runPortfolio(
    argv,
    { ...env, INIT_CWD: folder },
    (line) => lines.push(...line.split('\n')),
    () => {},
  );
  return { code, lines };
}

async function file(name: string, text: string) {
  await writeFile(path.join(folder, name), text);
  return name;
}

const published = async () =>
  (await api.db.select().from(jobPostings).where(eq(jobPostings.status, 'published'))).length;
const activeSources = async () => (await api.db.select().from(jobSources).where(isNull(jobSources.removedAt))).length;

describe('apply --prune, past half of the companies', () => {
  it('sets up four companies whose jobs are on the board', async () => {
    expect(await portfolio('apply', await file('four.yaml', `companies:${companies.join('')}\n`))).toMatchObject({
      code: 0,
    });
    await expect.poll(published, { timeout: 120_000 }).toBe(boards.length);
  });

  const held =
    "held: the file would remove 4 of the board's 4 companies with jobs or sources, so nothing was changed; if they did leave, apply it again with --allow-mass-remove";

  it.each([
    ['an empty file', 'empty.yaml', 'companies: []\n'],
    ['a CSV with only its header row', 'header-only.csv', `${csvHeader}\n`],
  ])('holds %s, in one line, and changes nothing', async (_, name, text) => {
    expect(await portfolio('apply', await file(name, text), '--prune')).toEqual({ code: 1, lines: [held] });
    expect(await published()).toBe(boards.length);
    expect(await activeSources()).toBe(boards.length);
  });

  it('says so in the dry run', async () => {
    expect(await portfolio('apply', 'empty.yaml', '--prune', '--dry-run')).toEqual({
      code: 1,
      lines: [
        ...boards.map((board) => `${board}: removed`),
        "held: the file would remove 4 of the board's 4 companies with jobs or sources, so applying it would change nothing; if they did leave, add --allow-mass-remove",
      ],
    });
  });

  it('lets half of the companies go without a word', async () => {
    const half = await file('half.yaml', `companies:${companies.slice(0, 2).join('')}\n`);
    expect(await portfolio('apply', half, '--prune', '--dry-run')).toEqual({
      code: 0,
      lines: ['guarda: unchanged', 'guardb: unchanged', 'guardc: removed', 'guardd: removed'],
    });
  });

  it('removes them all with --allow-mass-remove', async () => {
    expect(await portfolio('apply', 'empty.yaml', '--prune', '--allow-mass-remove')).toEqual({
      code: 0,
      lines: boards.map((board) => `${board}: removed`),
    });
    expect(await published()).toBe(0);
    expect(await activeSources()).toBe(0);
  });
});

describe("a logo that is no file beside the portfolio is refused with its company's line", () => {
  const refusedLine = (logo: string, index: number) =>
    `line ${3 + 2 * index}, companies[${index}].logo: "${logo}" is not a file beside the portfolio: the logo was left as it was`;
  const apply = async (name: string, logos: string[]) =>
    portfolio(
      'apply',
      await file(
        name,
        `companies:${logos.map((logo, index) => `\n  - name: Logo ${index}\n    logo: ${logo}`).join('')}\n`,
      ),
      '--dry-run',
    );

  it("named like an object's own; a file so named is a logo like any other", async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><rect width="20" height="20"/></svg>';
    await writeFile(path.join(folder, 'constructor'), svg);
    const logos = ['__proto__', 'toString', 'hasOwnProperty', 'constructor'];
    expect(await apply('object-logos.yaml', logos)).toEqual({
      code: 1,
      lines: [...logos.map((_, index) => `logo-${index}: created`), ...logos.slice(0, 3).map(refusedLine)],
    });
  });

  it('a folder', async () => {
    expect(await apply('folder-logo.yaml', ['logos'])).toEqual({
      code: 1,
      lines: ['logo-0: created', refusedLine('logos', 0)],
    });
  });
});
