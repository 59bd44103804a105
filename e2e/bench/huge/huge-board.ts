/**
 * The huge section: a 100,000-job board (BENCH_HUGE_JOBS) made by the API's generator, the real
 * API on it in its own process (PGlite; PostgreSQL too when BOARD_TEST_POSTGRES_URL is set) and the
 * built board's shell server in its own process, as `pnpm serve:shell` runs it, with the bench's
 * remotes. Each figure carries the machine's load average when it was taken.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { freePort } from '../../../shared/src/test/free-port';
import type { Board } from '../../support/board';
import { type LighthouseResult, lighthouseMedian } from '../lighthouse';
import { apiProcess, type ChildServer, cpuMs, residentMb, shellProcess, stop } from '../processes';
import { roundedLoad } from '../run-info';
import { type SsrResult, ssrLoad } from '../ssr-load';
import { pgliteBoard, postgresBoard } from './dataset';
import {
  type FilteredRender,
  type FirstPage,
  filteredRender,
  firstPage,
  type PageSize,
  pageSize,
  sizedPages,
} from './pages';
import { type SearchTime, searchInProcess, searchOverHttp } from './search-time';
import { measureTyping, type TypingResult } from './typing';

export const hugeJobs = Number(process.env.BENCH_HUGE_JOBS ?? 100_000);

export interface HugeResult {
  jobs: number;
  publicJobs: number;
  search: {
    pglite: { inProcess: SearchTime; http: SearchTime };
    postgres?: { inProcess: SearchTime; http: SearchTime };
  };
  firstPage: FirstPage;
  pages: Record<string, PageSize>;
  render: {
    '/': SsrResult & { cpuPerPage: { shellMs: number; apiMs: number }; loadAverage: number[] };
    filtered: FilteredRender;
  };
  typing: TypingResult;
  lighthouse: LighthouseResult & { scores: number[]; loadAverage: number[] };
  memory: { shellRssMb: number; apiRssMb: number; loadAverage: number[] };
}

async function postgresSearch(serverUrl: string) {
  const databaseUrl = await postgresBoard(serverUrl, hugeJobs);
  const inProcess = await searchInProcess({ databaseUrl });
  const api = await apiProcess({ DATABASE_URL: databaseUrl, SEED: 'none' });
  try {
    return { inProcess, http: await searchOverHttp(api.url) };
  } finally {
    await stop(api);
  }
}

/** The shell's server in its own process, reading the board's remotes and `apiUrl`. */
async function startShell(board: Board, apiUrl: string, port: number, apiKey: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-huge-config-'));
  const configFile = path.join(dir, 'runtime-config.json');
  const siteUrl = `http://127.0.0.1:${port}`;
  writeFileSync(configFile, JSON.stringify({ ...board.config, environment: 'test', siteUrl, apiBaseUrl: apiUrl }));
  const shell = await shellProcess({ BOARD_CONFIG: configFile, PORT: String(port), SHELL_API_KEY: apiKey });
  return { shell, close: () => stop(shell).finally(() => rmSync(dir, { recursive: true, force: true })) };
}

async function total(apiUrl: string, query: string): Promise<{ total: number; atLeast: boolean; title: string }> {
  const body = (await (await fetch(`${apiUrl}/public-job-posting?limit=1&${query}`)).json()) as {
    total: number;
    total_is_lower_bound?: boolean;
    jobs: { title: string }[];
  };
  return { total: body.total, atLeast: body.total_is_lower_bound === true, title: body.jobs[0]?.title ?? '' };
}

/** What a visitor meets on the huge board, with the shell's server at `siteUrl`. */
async function measureBoard(browser: Browser, siteUrl: string, apiUrl: string, shell: ChildServer, api: ChildServer) {
  const cold = await firstPage(siteUrl);
  const pages: Record<string, PageSize> = {};
  for (const route of sizedPages) pages[route] = await pageSize(siteUrl, route);
  console.log('huge: page sizes', pages);
  const newest = await total(apiUrl, '');
  const renderLoad = roundedLoad();
  const cpuBefore = { shell: cpuMs(shell.child), api: cpuMs(api.child) };
  const home = await ssrLoad(`${siteUrl}/`, 'board', newest.title);
  // Every page of the run: the warm-up's (uncompressed), the timed run's (compressed) and two checks.
  const served = home.checked + home.responses + 1;
  const cpuPerPage = {
    shellMs: (cpuMs(shell.child) - cpuBefore.shell) / served,
    apiMs: (cpuMs(api.child) - cpuBefore.api) / served,
  };
  console.log('huge: render /', home);
  const filtered = await filteredRender(siteUrl);
  console.log('huge: filtered URLs', filtered);
  const typing = await measureTyping(browser, siteUrl, await total(apiUrl, 'title=engineer'));
  console.log('huge: typing', typing);
  const lighthouseLoad = roundedLoad();
  const lighthouse = await lighthouseMedian(`${siteUrl}/`, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
  const memory = { shellRssMb: residentMb(shell.child), apiRssMb: residentMb(api.child), loadAverage: roundedLoad() };
  return {
    publicJobs: newest.total,
    firstPage: cold,
    pages,
    render: { '/': { ...home, cpuPerPage, loadAverage: renderLoad }, filtered },
    typing,
    lighthouse: { ...lighthouse, loadAverage: lighthouseLoad },
    memory,
  };
}

export async function hugeBoard(board: Board, browser: Browser): Promise<HugeResult> {
  const dataDir = await pgliteBoard(hugeJobs);
  // Before the API opens the folder: PGlite's folder has one process at a time.
  const pgliteInProcess = await searchInProcess({ dataDir });
  console.log('huge: search in-process, PGlite', pgliteInProcess);
  const postgresUrl = process.env.BOARD_TEST_POSTGRES_URL;
  const postgres = postgresUrl ? await postgresSearch(postgresUrl) : undefined;
  const port = await freePort();
  const siteUrl = `http://127.0.0.1:${port}`;
  const apiKey = randomBytes(16).toString('hex');
  const api = await apiProcess({
    PGLITE_DATA_DIR: dataDir,
    SEED: 'none',
    BOARD_SITE_URL: siteUrl,
    CORS_ORIGINS: siteUrl,
    SHELL_API_KEY: apiKey,
  });
  try {
    const pgliteHttp = await searchOverHttp(api.url);
    console.log('huge: search over HTTP, PGlite', pgliteHttp, 'PostgreSQL', postgres);
    const { shell, close } = await startShell(board, api.url, port, apiKey);
    try {
      const measured = await measureBoard(browser, siteUrl, api.url, shell, api);
      return {
        jobs: hugeJobs,
        search: { pglite: { inProcess: pgliteInProcess, http: pgliteHttp }, ...(postgres ? { postgres } : {}) },
        ...measured,
      };
    } finally {
      await close();
    }
  } finally {
    await stop(api);
  }
}
