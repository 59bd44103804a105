import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/database';
import type { SourcesService } from '../src/sources/sources-service';
import { benchPortfolioYaml, roundInvestor, sourcedSlugs } from '../src/test/bench-portfolio';
import { portfolioFromConfig } from '../src/work/portfolio-from-config';
import { runApiCommand } from './api-command';
import type { BenchVendor } from './bench-vendor';
import type { InProcessApp, Writer } from './live-load';

/** The portfolio's size: the bench checks that 500 companies apply within 10 s (docs/performance.md). */
export const portfolioCompanies = 500;
/** Every 100th company has an Ashby source of 20 jobs on the bench's vendor, and a logo beside the file. */
const every = 100;
const sourceJobs = 20;
const logos = ['acme-robotics.svg', 'kestrel-health.svg'];

type Counts = Record<'created' | 'updated' | 'unchanged', number>;

/**
 * The portfolio writer: while searches are timed, a file of 500 new companies is applied (every one
 * created, a few with a logo beside the file and an Ashby source whose jobs the apply syncs), then
 * the same companies with every profile changed, again and again (every one updated). Each apply
 * goes the operator's way: on PostgreSQL `pnpm portfolio apply` in a process of its own (the
 * command on the database, which waits for the sources' syncs); on PGlite the API's portfolio
 * service (its operator endpoint's), which syncs the sources in the background. After each apply,
 * searches are asked until the investor filter finds every job of the companies with a source
 * under the round's new investor: the profile reached the searches. Each phase applies a portfolio
 * of new companies, so each phase's first apply creates.
 */
export function portfolioApplies(options: {
  vendors: BenchVendor;
  app: InProcessApp;
  db: Database;
  sources: SourcesService;
  byCommand: boolean;
  apiDir: string;
}) {
  const folder = mkdtempSync(path.join(tmpdir(), 'bench-portfolio-'));
  mkdirSync(path.join(folder, 'logos'));
  for (const logo of logos)
    copyFileSync(path.join(options.apiDir, '..', 'examples', 'logos', logo), path.join(folder, 'logos', logo));
  const logoFiles = new Map(
    logos.map((logo) => [`logos/${logo}`, new Uint8Array(readFileSync(path.join(folder, 'logos', logo)))]),
  );
  const config = loadConfig({ NODE_ENV: 'development', ASHBY_API_URL: options.vendors.urls.ashby });
  const service = portfolioFromConfig(config, options.db, options.sources, { waitForAll: false });
  const times = { creates: [] as number[], updates: [] as number[], found: [] as number[] };
  let round = 0;

  async function apply(file: string): Promise<Counts> {
    const applied = options.byCommand
      ? await runApiCommand(options.apiDir, options.vendors.urls.ashby, 'portfolio', ['apply', file])
      : await service.apply(readFileSync(file, 'utf8'), 'yaml', { logoFiles }).then((result) => ({
          ok: result.errors.length === 0 && result.refused.length === 0,
          lines: [...result.errors, ...result.lines, ...result.refused],
        }));
    if (!applied.ok) throw new Error(`the portfolio's apply failed:\n${applied.lines.slice(0, 5).join('\n')}`);
    const counts: Counts = { created: 0, updated: 0, unchanged: 0 };
    for (const line of applied.lines) {
      const action = /: (created|updated|unchanged)/.exec(line)?.[1] as keyof Counts | undefined;
      if (action) counts[action]++;
    }
    return counts;
  }

  /** Searches until the investor filter finds every job of the companies with a source under `investor`. */
  async function foundInSearches(investor: string, jobs: number) {
    const query = `/public-job-posting?limit=1&investor=${encodeURIComponent(investor)}`;
    for (const until = performance.now() + 60_000; performance.now() < until; ) {
      const { total } = (await (await options.app.request(query)).json()) as { total: number };
      if (total === jobs) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`the investor filter did not find the ${jobs} jobs of ${investor} in 60 s`);
  }

  /** At least one apply of each kind a phase, however long they take (the searches are timed until the last ends). */
  const writer: Writer = async (signal) => {
    const portfolio = { companies: portfolioCompanies, prefix: `pf${randomBytes(3).toString('hex')}` };
    const sourced = sourcedSlugs({ ...portfolio, sourceEvery: every });
    for (const board of sourced) await options.vendors.setRound(board, sourceJobs, 1);
    const file = path.join(folder, 'portfolio.yaml');
    let applies = 0;
    while (applies < 2 || !signal.aborted) {
      round++;
      const text = benchPortfolioYaml({
        ...portfolio,
        round,
        logos: [...logoFiles.keys()],
        logoEvery: every,
        sourceEvery: every,
      });
      writeFileSync(file, text);
      const started = performance.now();
      const counts = await apply(file);
      const ms = performance.now() - started;
      const expected = applies === 0 ? 'created' : 'updated';
      if (counts[expected] !== portfolioCompanies)
        throw new Error(
          `the portfolio's apply did not ${expected.slice(0, -1)} every company: ${JSON.stringify(counts)}`,
        );
      (applies === 0 ? times.creates : times.updates).push(ms);
      await foundInSearches(roundInvestor(round), sourced.length * sourceJobs);
      times.found.push(performance.now() - started - ms);
      applies++;
    }
    return applies;
  };
  return {
    writer: Object.assign(writer, { untilDone: true }),
    times,
    async close() {
      await service.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
