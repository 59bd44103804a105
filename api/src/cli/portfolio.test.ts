import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobPostings, organizations } from '../db/job-board-tables';
import { type CommandApi, startCommandApi } from '../test/command-api';
import { type FakeSites, startFakeSites } from '../test/fake-sites';
import { type FakeVendors, startFakeVendors } from '../test/fake-vendors';
import { greenhouseDocsJob, greenhouseDocsList } from '../test/vendor-samples';
import { portfolioUsage, runPortfolio } from './portfolio';

let fake: FakeVendors;
let sites: FakeSites;
let commandApi: CommandApi;
let api: CommandApi['api'];
let env: Record<string, string | undefined>;
let folder: string;

const logoSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><script>alert(1)</script><rect width="40" height="20" fill="teal"/></svg>';

beforeAll(async () => {
  fake = await startFakeVendors();
  sites = await startFakeSites();
  commandApi = await startCommandApi({ commandEnv: { ENRICH_ALLOW_HOSTS: sites.host, ...fake.env } });
  ({ api, env } = commandApi);
  folder = await mkdtemp(path.join(tmpdir(), 'portfolio-'));
  await mkdir(path.join(folder, 'logos'));
  await writeFile(path.join(folder, 'logos', 'vault.svg'), logoSvg);
  await writeFile(path.join(folder, 'logos', 'fake.png'), 'not an image at all');
  fake.setJobs('greenhouse', 'vaulttec', greenhouseDocsList.jobs, { '127817': greenhouseDocsJob });
  // Greenhouse sends its board's intro as HTML escaped once more.
  fake.setIntro('introonly', '&lt;p&gt;Intro Only writes &lt;b&gt;software&lt;/b&gt; for lighthouses.&lt;/p&gt;');
});
afterAll(async () => {
  await commandApi?.close();
  await fake?.close();
  await sites?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** A command as runPortfolio runs it, in the portfolio's folder: its exit code and printed lines. */
async function portfolio(...argv: string[]) {
  const lines: string[] = [];
  const notes: string[] = [];
  const code = await runPortfolio(
    argv,
    { ...env, INIT_CWD: folder },
    (line) => lines.push(...line.split('\n')),
    (line) => notes.push(line),
  );
  return { code, lines, notes };
}

const vaultTec = (overrides: { overview?: string; total?: string; investors?: string; logo?: string } = {}) => `
  - name: Vault-Tec
    slug: vault-tec
    website: ${sites.url}/og/
    overview: ${overrides.overview ?? 'Vault-Tec builds shelters for the long term.'}
    logo: ${overrides.logo ?? 'logos/vault.svg'}
    headquarters: Boston, USA
    headcount: 120
    founded: 2019
    workspaces: [demo]
    funding: { total: ${overrides.total ?? '12000000'}, last_round: { amount: 8M, type: Series A, date: 2026-03-01 } }
    investors: { all: [${overrides.investors ?? 'Atomico'}], last_round: [Atomico] }
    team:
      - { name: Ada García, role: CEO & Co-founder, bio: Former climate scientist }
    equity: { type: Options, percentage: 0.1–0.5%, cliff: 1 year, vesting: 4 years }
    benefits: [30 days of holiday]
    sources: [{ greenhouse: vaulttec }]`;

const sitesPart = () => `
  - name: Lumen Grid
    website: ${sites.url}/jsonld/
  - name: Tidewater
    website: ${sites.url}/og/
  - name: Hostile Redirect
    website: ${sites.url}/hostile/redirect/
  - name: Hostile Huge
    website: ${sites.url}/hostile/huge/
  - name: Hostile Svg
    website: ${sites.url}/hostile/svg/
  - name: Intro Only
    sources: [{ greenhouse: introonly }]`;

async function file(name: string, text: string) {
  await writeFile(path.join(folder, name), text);
  return name;
}

const company = async (slug: string) =>
  (await api.db.select().from(organizations).where(eq(organizations.jobBoardSlug, slug)))[0];
const get = (pathName: string) => fetch(`${api.url}${pathName}`);

describe('pnpm portfolio, against the running API', () => {
  it('a dry run prints the plan and changes nothing; applying creates, then finds everything unchanged', async () => {
    const yaml = await file('portfolio.yaml', `investor: Foundry Test Fund\ncompanies:${vaultTec()}${sitesPart()}\n`);
    const dry = await portfolio('apply', yaml, '--dry-run');
    const slugs = [
      'vault-tec',
      'lumen-grid',
      'tidewater',
      'hostile-redirect',
      'hostile-huge',
      'hostile-svg',
      'intro-only',
    ];
    expect(dry).toMatchObject({ code: 0, lines: slugs.map((slug) => `${slug}: created`) });
    expect(await company('vault-tec')).toBeUndefined();

    const applied = await portfolio('apply', yaml);
    expect(applied).toMatchObject({ code: 0, lines: slugs.map((slug) => `${slug}: created`) });
    expect((await portfolio('apply', yaml)).lines).toEqual(slugs.map((slug) => `${slug}: unchanged`));
  });

  it("shows the profile on the company's imported jobs, finds them by the portfolio's investor, and on the company page", async () => {
    const organization = await company('vault-tec');
    if (!organization) throw new Error('vault-tec was not created');
    // The source the file added is synced at once: its job arrives.
    await expect
      .poll(
        async () =>
          (await api.db.select().from(jobPostings).where(eq(jobPostings.organizationId, organization.id))).length,
      )
      .toBeGreaterThan(0);
    const search = (await (
      await get('/public-job-posting?visibility=job_board_only&limit=50&investor=Foundry%20Test%20Fund')
    ).json()) as { jobs: Record<string, unknown>[] };
    expect(search.jobs.length).toBeGreaterThan(0);
    expect(search.jobs.every((job) => job.organization_name === 'Vault-Tec')).toBe(true);
    const [job] = search.jobs;
    expect(job).toMatchObject({
      company_website: `${sites.url}/og/`,
      company_overview: 'Vault-Tec builds shelters for the long term.',
      funding: { total_funding_amount: '12M', last_round_amount: '8M', last_round_type: 'Series A' },
      investors: { all: ['Foundry Test Fund', 'Atomico'], last_round: ['Atomico'] },
      team_members: [{ name: 'Ada García', title: 'CEO & Co-founder', bio: 'Former climate scientist', avatar: null }],
      equity: { type: 'Options', percentage: '0.1–0.5%', cliff_period: '1 year', vesting_period: '4 years' },
      benefits: ['30 days of holiday'],
    });
    const page = (await (await get(`/public-job-posting/organization/${organization.id}`)).json()) as {
      organization: Record<string, unknown>;
    };
    expect(page.organization).toMatchObject({
      organization_name: 'Vault-Tec',
      website: `${sites.url}/og/`,
      overview: 'Vault-Tec builds shelters for the long term.',
      headquarters: 'Boston, USA',
      headcount: 120,
      founded: 2019,
      logo: expect.stringMatching(/\/public\/logos\/[0-9a-f]{32}\.png$/),
    });
  });

  it('serves the logo as a square PNG at a content-hashed address, cached for good, never as SVG', async () => {
    const organization = await company('vault-tec');
    const response = await get(organization?.logo ?? '');
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 256, height: 256 });
  });

  it("fills what the file leaves empty from the company's site, and reads hostile sites safely", async () => {
    expect(await company('lumen-grid')).toMatchObject({
      overview: 'Lumen Grid balances city power grids with software.',
      headquarters: 'Lisbon, Portugal',
      headcount: 42,
      founded: 2019,
      logo: expect.stringMatching(/^\/public\/logos\/[0-9a-f]{32}\.png$/),
    });
    expect((await company('lumen-grid'))?.fromSite).toEqual([
      'overview',
      'logo',
      'headquarters',
      'headcount',
      'founded',
    ]);
    expect(await company('tidewater')).toMatchObject({
      overview: 'Tidewater maps coastlines for insurers.',
      logo: expect.stringMatching(/\.png$/),
    });
    for (const slug of ['hostile-redirect', 'hostile-huge'])
      expect(await company(slug)).toMatchObject({ overview: null, fromSite: [] });
    // No website, a Greenhouse board: its own intro is the overview.
    expect(await company('intro-only')).toMatchObject({
      overview: 'Intro Only writes software for lighthouses.',
      fromSite: ['overview'],
    });
    const svg = await company('hostile-svg');
    expect(svg?.overview).not.toMatch(/</);
    expect(svg?.logo).toMatch(/\.png$/);
    expect(sites.requests.every((request) => request.userAgent.includes('FoundryJobsBoard'))).toBe(true);
  });

  it('enrich reads the sites again: what the site filled follows it, what the file wrote stays, what it stopped stating stays', async () => {
    sites.set(
      '/jsonld/',
      '<!doctype html><html><head><meta property="og:description" content="Lumen Grid, now in Porto."></head></html>',
    );
    const enriched = await portfolio('enrich', 'lumen-grid', 'vault-tec', 'nobody');
    expect(enriched).toMatchObject({
      code: 0,
      lines: ['lumen-grid: read (overview)', 'vault-tec: unchanged', 'nobody: no such company on the board'],
    });
    expect(await company('lumen-grid')).toMatchObject({
      overview: 'Lumen Grid, now in Porto.',
      headquarters: 'Lisbon, Portugal',
      headcount: 42,
    });
    expect((await company('vault-tec'))?.overview).toBe('Vault-Tec builds shelters for the long term.');
  });

  it('prints what changed, field by field', async () => {
    const yaml = await file(
      'changed.yaml',
      `investor: Foundry Test Fund\ncompanies:${vaultTec({ overview: 'Shelters, now with windows.', investors: 'Atomico, Quietwater Partners' })}${sitesPart()}\n`,
    );
    const applied = await portfolio('apply', yaml);
    expect(applied.lines[0]).toBe('vault-tec: updated (overview, investors)');
    expect(applied.lines.slice(1).every((line) => line.endsWith(': unchanged'))).toBe(true);
    // The search sees the profile's change within 5 s (at once through the API; by notification
    // when the command wrote to PostgreSQL itself): the investor filter finds the new investor.
    const vaultJob = async () => {
      const search = (await (
        await get('/public-job-posting?visibility=job_board_only&limit=50&investor=Quietwater%20Partners')
      ).json()) as { jobs: { organization_name: string; company_overview: string }[] };
      return search.jobs.find((job) => job.organization_name === 'Vault-Tec')?.company_overview;
    };
    await expect.poll(vaultJob).toBe('Shelters, now with windows.');
  });

  it('applies a portfolio larger than the 16 KB bodies the API takes elsewhere', async () => {
    const many = Array.from(
      { length: 200 },
      (_, i) => `  - name: Portfolio Company ${i}\n    overview: ${'Builds. '.repeat(20)}`,
    );
    const yaml = await file('many.yaml', `companies:\n${many.join('\n')}\n`);
    const applied = await portfolio('apply', yaml);
    expect(applied.code).toBe(0);
    expect(applied.lines).toHaveLength(200);
    expect(applied.lines[199]).toBe('portfolio-company-199: created');
  });

  it('a file with errors changes nothing and names each line', async () => {
    const yaml = await file(
      'wrong.yaml',
      `companies:${vaultTec({ overview: 'Never written.', total: 'ten million' })}\n  - name: Other\n    headcount: many\n`,
    );
    const applied = await portfolio('apply', yaml);
    expect(applied.code).toBe(1);
    expect(applied.lines).toEqual([
      'line 11, companies[0].funding.total: "ten million" is not an amount',
      'line 19, companies[1].headcount: "many" is not a number of people',
    ]);
    expect((await company('vault-tec'))?.overview).toBe('Shelters, now with windows.');
  });

  it('--help prints the usage and exits 0; a mistake in the command prints it and exits 2', async () => {
    for (const argv of [['--help'], ['apply', 'any.yaml', '-h']])
      expect(await portfolio(...argv)).toEqual({ code: 0, lines: portfolioUsage.split('\n'), notes: [] });
    const wrong = await portfolio('apply');
    expect(wrong.code).toBe(2);
    expect(wrong.lines).toEqual(['apply takes one file.', ...portfolioUsage.split('\n')]);
  });

  it('export into a reader that stopped early (`| head`) exits 0, with nothing on stderr', async () => {
    const child = spawn(process.execPath, ['src/cli/run-bundled.mjs', 'portfolio', 'export'], {
      cwd: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'),
      env: { PATH: process.env.PATH, ...env } as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(0);
    expect(stderr).toBe('');
  });

  it("refuses a bad logo with its company's line and applies the rest", async () => {
    const yaml = await file(
      'bad-logo.yaml',
      `investor: Foundry Test Fund\ncompanies:${vaultTec({ overview: 'Written anyway.', logo: 'logos/fake.png' })}\n`,
    );
    const before = (await company('vault-tec'))?.logo;
    const applied = await portfolio('apply', yaml);
    expect(applied.code).toBe(1);
    expect(applied.lines).toEqual([
      'vault-tec: updated (overview, investors)',
      'line 7, companies[0].logo: "logos/fake.png" is not a PNG, JPEG, WebP, GIF or SVG image: the logo was left as it was',
    ]);
    expect(await company('vault-tec')).toMatchObject({ overview: 'Written anyway.', logo: before });
  });

  it('export, then apply of what it wrote, is unchanged for every company, in YAML and in CSV', async () => {
    for (const format of ['yaml', 'csv'] as const) {
      const written: string[] = [];
      const original = process.stdout.write.bind(process.stdout);
      process.stdout.write = ((chunk: string) => {
        written.push(String(chunk));
        return true;
      }) as typeof process.stdout.write;
      let code: number;
      try {
        ({ code } = await portfolio('export', '--format', format));
      } finally {
        process.stdout.write = original;
      }
      expect(code).toBe(0);
      const name = await file(`exported.${format}`, written.join(''));
      if (format === 'yaml')
        expect(written.join('')).toMatch(/from_site: \[overview, logo, headquarters, headcount, founded\]/);
      const applied = await portfolio('apply', name);
      expect(applied.code).toBe(0);
      expect(applied.lines.filter((line) => !line.endsWith(': unchanged'))).toEqual([]);
      expect(applied.lines.length).toBeGreaterThan(6);
      // Applied from a folder without the logos beside it: the logos it names are the board's own.
      const elsewhere = await mkdtemp(path.join(tmpdir(), 'portfolio-elsewhere-'));
      try {
        await writeFile(path.join(elsewhere, `exported.${format}`), written.join(''));
        const away = await portfolio('apply', path.join(elsewhere, `exported.${format}`));
        expect(away.lines.filter((line) => !line.endsWith(': unchanged'))).toEqual([]);
        expect(away.code).toBe(0);
      } finally {
        await rm(elsewhere, { recursive: true, force: true });
      }
    }
  });

  it('with --prune, closes the jobs of the companies the file leaves out', async () => {
    const organization = await company('vault-tec');
    const yaml = await file('only-sites.yaml', `companies:${sitesPart()}\n`);
    // The file leaves out the demo's companies too: past half of the board, so it says it means it.
    const applied = await portfolio('apply', yaml, '--prune', '--allow-mass-remove');
    expect(applied.lines).toContain('vault-tec: removed');
    const open = await api.db
      .select()
      .from(jobPostings)
      .where(eq(jobPostings.organizationId, organization?.id ?? 0));
    expect(open.every((job) => job.status === 'closed')).toBe(true);
  });
});
