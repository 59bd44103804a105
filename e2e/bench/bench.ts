/**
 * `pnpm bench`: bytes, page load (throttled), Lighthouse, a 10,000-job board, server rendering, the API,
 * and a 100,000-job board (huge/), on the built board. Prints tables and writes docs/performance.json
 * (and the huge section's table in docs/performance.md). Figures are reported, never asserted.
 */
// First: NODE_ENV=production before React is loaded (the board's server runs in this process).
import './production-mode';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import autocannon from 'autocannon';
import { openDatabase } from '../../api/src/db/database';
import { placements } from '../../api/src/job-postings/visible';
import { generateDemoData } from '../../api/src/seed/demo-data';
import { seed } from '../../api/src/seed/seed';
import { Board } from '../support/board';
import { chromiumLaunchOptions } from '../support/chromium';
import { startMemoryApi } from '../support/memory-api';
import { measureBytes, singleBundleSite } from './bytes';
import { firstPaintBench, firstPaintTable } from './first-paint';
import { hugeBoard } from './huge/huge-board';
import { hugeMarkdown, writeHugeMarkdown } from './huge/report';
import { type LighthouseResult, lighthouseMedian } from './lighthouse';
import { apiProcess, rootDir } from './processes';
import { roundedLoad, runInfo } from './run-info';
import { ssrConnections, ssrLoad, ssrSeconds, ssrWarmupSeconds } from './ssr-load';
import { median, percentile } from './stats';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const launch = () => chromium.launch(chromiumLaunchOptions);

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

const vitals = () => {
  const metrics = { fcp: 0, lcp: 0, cls: 0, longTasks: [] as { start: number; duration: number }[] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') metrics.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) metrics.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
      if (!entry.hadRecentInput) metrics.cls += entry.value;
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) metrics.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  (window as unknown as { __vitals: typeof metrics }).__vitals = metrics;
};

/** FCP, LCP, TBT, CLS with 4x CPU slowdown, 150 ms RTT and 1.6 Mbit/s down; and the request timeline. */
async function measureLoad(browser: Browser, url: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(vitals);
  const timeline: { url: string; start: number; end: number }[] = [];
  const starts = new Map<string, number>();
  page.on('request', (request) => starts.set(request.url(), Date.now()));
  page.on('requestfinished', (request) =>
    timeline.push({ url: request.url(), start: starts.get(request.url()) ?? 0, end: Date.now() }),
  );
  const navigationStart = Date.now();
  await page.goto(url);
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const metrics = await page.evaluate(
    () =>
      (
        window as unknown as {
          __vitals: { fcp: number; lcp: number; cls: number; longTasks: { start: number; duration: number }[] };
        }
      ).__vitals,
  );
  await context.close();
  const tbt = metrics.longTasks
    .filter((task) => task.start >= metrics.fcp)
    .reduce((total, task) => total + Math.max(0, task.duration - 50), 0);
  return {
    fcp: metrics.fcp,
    lcp: metrics.lcp,
    tbt,
    cls: metrics.cls,
    timeline: timeline
      .map((entry) => ({ url: entry.url, start: entry.start - navigationStart, end: entry.end - navigationStart }))
      .sort((a, b) => a.start - b.start),
  };
}

async function largeBoard(browser: Browser, board: Board) {
  const api = await startMemoryApi(board.url, { SEED: 'none' });
  await seed(api.db, generateDemoData({ jobs: 10_000 }));
  const original = board.config;
  board.config = { ...original, apiBaseUrl: api.url };
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(board.url);
    await page.locator('article').first().waitFor({ timeout: 60_000 });
    const firstCard = await page.evaluate(() => performance.now());
    const count = page.getByText(/^[\d,]+ of [\d,]+ jobs?$/);
    await count.waitFor();
    const input = page.getByLabel('Job title');
    await input.click();
    const keystrokes: number[] = [];
    for (let i = 0; i < 20; i++) {
      const before = await count.textContent();
      await page.evaluate(() => {
        (window as unknown as { __t0: number }).__t0 = performance.now();
      });
      await page.keyboard.press(i % 2 === 0 ? 'x' : 'Backspace');
      // The count line ('24 of 8,667 jobs'; 10,000 generated jobs list as 8,667 on the board): a
      // pattern that never matched made this wait return at once, timing the key press alone.
      await page.waitForFunction((previous) => {
        const text = [...document.querySelectorAll('p')].find((p) =>
          /^[\d,]+ of [\d,]+ jobs?$/.test(p.textContent ?? ''),
        )?.textContent;
        return text !== undefined && text !== previous;
      }, before);
      keystrokes.push(
        await page.evaluate(
          () =>
            new Promise<number>((resolve) =>
              requestAnimationFrame(() => resolve(performance.now() - (window as unknown as { __t0: number }).__t0)),
            ),
        ),
      );
    }
    const heap = await page.evaluate(
      () => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0,
    );
    await context.close();
    return {
      firstCardMs: firstCard,
      keystrokeMedianMs: median(keystrokes),
      keystrokeP95Ms: percentile(keystrokes, 95),
      heapMb: heap / 1024 / 1024,
    };
  } finally {
    board.config = original;
    await api.close();
  }
}

async function load(url: string) {
  const result = await autocannon({ url, duration: 10, connections: 10, headers: { 'accept-encoding': 'br, gzip' } });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function apiBench(jobs: number) {
  const env: Record<string, string> = { PGLITE_DATA_DIR: 'memory://', SEED: 'demo' };
  if (jobs > 150) {
    const dir = mkdtempSync(path.join(tmpdir(), 'bench-pglite-'));
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'src/cli/generate-large.ts', '--jobs', String(jobs), '--data-dir', dir],
        {
          cwd: path.join(rootDir, 'api'),
          stdio: 'inherit',
        },
      );
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`generate-large exited ${code}`))));
    });
    Object.assign(env, { PGLITE_DATA_DIR: dir, SEED: 'none' });
  }
  const { url, child } = await apiProcess(env);
  try {
    const list = await (await fetch(`${url}/public-job-posting`)).json();
    const id = (list as { jobs: { id: number }[] }).jobs[0]?.id;
    return {
      list: await load(`${url}/public-job-posting?visibility=job_board_only`),
      detail: await load(`${url}/public-job-posting/${id}?visibility=linkedin_or_job_board`),
    };
  } finally {
    child.kill();
  }
}

const ssrBoardJobs = 150;

/**
 * Server rendering throughput: `/job/:id` and `/` with 150 public jobs, the shell's server
 * of `board` against the API in its own process on PGlite: the demo data with the generator's next
 * jobs until 150 are public (its first 150 are the demo data: the generator is sequential).
 */
async function ssrBench(board: Board) {
  if (process.env.NODE_ENV !== 'production')
    throw new Error(`SSR bench: NODE_ENV is "${process.env.NODE_ENV}"; the figures are for production mode`);
  // The machine's load before the section (1, 5, 15 min): the figures are read against it.
  const loadAverage = loadavg();
  const generated = generateDemoData({ jobs: ssrBoardJobs * 2, siteUrl: board.url }).jobs;
  let jobs = 0;
  for (let publicJobs = 0; publicJobs < ssrBoardJobs; jobs++) {
    const job = generated[jobs];
    if (!job) throw new Error('SSR bench: the generator gave too few public jobs');
    if (job.status === 'published' && placements('job_board_only').includes(job.shownOn)) publicJobs++;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-ssr-pglite-'));
  const database = await openDatabase({ pgliteDataDir: dir });
  await seed(database.db, generateDemoData({ jobs, siteUrl: board.url }));
  await database.close();
  const { url: apiUrl, child } = await apiProcess({
    PGLITE_DATA_DIR: dir,
    SEED: 'none',
    BOARD_SITE_URL: board.url,
    CORS_ORIGINS: board.url,
  });
  const original = board.config;
  try {
    const list = (await (await fetch(`${apiUrl}/public-job-posting`)).json()) as {
      jobs: { id: number; title: string }[];
    };
    if (list.jobs.length !== ssrBoardJobs)
      throw new Error(`SSR bench: the board lists ${list.jobs.length} public jobs, not ${ssrBoardJobs}`);
    // The newest job: first on `/` (newest first, the board's default sort) and the job page measured.
    const job = list.jobs[0];
    if (!job) throw new Error('SSR bench: no public job');
    board.config = { ...original, apiBaseUrl: apiUrl };
    const routes = {
      '/job/:id': await ssrLoad(`${board.url}/job/${job.id}`, 'job', job.title),
      '/': await ssrLoad(`${board.url}/`, 'board', job.title),
    };
    const faults = Object.entries(routes)
      .filter(([, r]) => r.non2xx + r.errors + r.mismatches > 0)
      .map(
        ([route, r]) =>
          `${route}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.mismatches} of ${r.checked} bodies checked not the page`,
      );
    if (faults.length > 0) {
      console.table(routes);
      throw new Error(`SSR bench: responses under load were not all the page: ${faults.join('; ')}`);
    }
    return {
      publicJobs: list.jobs.length,
      jobId: job.id,
      nodeEnv: process.env.NODE_ENV,
      loadAverage: loadAverage.map((load) => Number(load.toFixed(2))),
      connections: ssrConnections,
      seconds: ssrSeconds,
      warmupSeconds: ssrWarmupSeconds,
      routes,
    };
  } finally {
    board.config = original;
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * BENCH_ONLY=large,api runs only the named sections (pages, single, lighthouse, large, ssr, api,
 * huge, firstpaint); docs/performance.json then keeps the other sections' figures of the last run.
 */
const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
type Section = 'pages' | 'single' | 'lighthouse' | 'large' | 'ssr' | 'api' | 'huge' | 'firstpaint';
const section = (name: Section) => !only || only.includes(name);
/** The keys of docs/performance.json each section writes. */
const sectionKeys: Record<Section, string[]> = {
  pages: ['bytes', 'loads', 'timeline'],
  single: ['singleBundle'],
  lighthouse: ['lighthouse'],
  large: ['large'],
  ssr: ['ssr'],
  api: ['api'],
  huge: ['huge'],
  firstpaint: ['firstPaint'],
};

/** Writes the sections that ran into docs/performance.json, keeping the others' figures. */
function writeResults(results: Record<string, unknown>) {
  const file = path.join(rootDir, 'docs/performance.json');
  if (!only) return writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  const previous = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  const ran = only.filter((name): name is Section => name in sectionKeys);
  const updated = {
    ...(previous.updated as Record<string, unknown>),
    ...Object.fromEntries(ran.map((name) => [name, results.info])),
  };
  const keys = ran.flatMap((name) => sectionKeys[name]);
  const merged = { ...previous, ...Object.fromEntries(keys.map((key) => [key, results[key]])), updated };
  writeFileSync(file, `${JSON.stringify(merged, null, 2)}\n`);
}

const started = Date.now();
const board = await Board.start();
const browser = await launch();
try {
  const jobs = (await (await fetch(`${board.config.apiBaseUrl}/public-job-posting`)).json()) as {
    jobs: { id: number }[];
  };
  const jobId = jobs.jobs[0]?.id;
  const pages = { '/': '/', '/job/:id': `/job/${jobId}`, '/job/:id/apply': `/job/${jobId}/apply` };
  // First: it fails in seconds when the server does not render (or falls back under load).
  const ssr = section('ssr') ? await ssrBench(board) : null;

  const bytes: Record<string, Awaited<ReturnType<typeof measureBytes>>> = {};
  const loads: Record<string, { fcp: number; lcp: number; tbt: number; cls: number; loadAverage: number[] }> = {};
  let timeline: Awaited<ReturnType<typeof measureLoad>>['timeline'] = [];
  for (const [name, route] of Object.entries(section('pages') ? pages : {})) {
    bytes[name] = await measureBytes(browser, `${board.url}${route}`);
    const samples = [];
    for (let i = 0; i < runs; i++) samples.push(await measureLoad(browser, `${board.url}${route}`));
    if (name === '/') timeline = samples[0]?.timeline ?? [];
    loads[name] = {
      loadAverage: roundedLoad(),
      fcp: median(samples.map((s) => s.fcp)),
      lcp: median(samples.map((s) => s.lcp)),
      tbt: median(samples.map((s) => s.tbt)),
      cls: median(samples.map((s) => s.cls)),
    };
  }
  // The first paint on an iPhone (no client hints) and on Android (client hints), / and a job page.
  const firstPaint = section('firstpaint')
    ? await firstPaintBench(browser, { '/': `${board.url}/`, '/job/:id': `${board.url}${pages['/job/:id']}` }, runs)
    : null;
  // The same pages built as one bundle, measured in the same run.
  const single = section('single') ? await singleBundleSite() : null;
  const singleBytes: Record<string, Awaited<ReturnType<typeof measureBytes>>> = {};
  const singleLoads: Record<string, { fcp: number; lcp: number; apiStart: number }> = {};
  const federatedApiStart: Record<string, number> = {};
  for (const [name, route] of Object.entries(single ? pages : {})) {
    singleBytes[name] = await measureBytes(browser, `${single?.url}${route}`);
    const samples = [];
    for (let i = 0; i < runs; i++) samples.push(await measureLoad(browser, `${single?.url}${route}`));
    const apiStart = (timeline: { url: string; start: number }[]) =>
      timeline.find((entry) => entry.url.includes('/public-job-posting'))?.start ?? Number.NaN;
    singleLoads[name] = {
      fcp: median(samples.map((s) => s.fcp)),
      lcp: median(samples.map((s) => s.lcp)),
      apiStart: median(samples.map((s) => apiStart(s.timeline))),
    };
    federatedApiStart[name] =
      (await measureLoad(browser, `${board.url}${route}`)).timeline.find((entry) =>
        entry.url.includes('/public-job-posting'),
      )?.start ?? Number.NaN;
  }
  // Lighthouse, mobile preset, federated and one bundle side by side.
  const lighthouse: Record<string, { federated: LighthouseResult; single: LighthouseResult; loadAverage: number[] }> =
    {};
  for (const [name, route] of Object.entries(single && section('lighthouse') ? pages : {})) {
    lighthouse[name] = {
      loadAverage: roundedLoad(),
      federated: await lighthouseMedian(`${board.url}${route}`, lighthouseRuns),
      single: await lighthouseMedian(`${single?.url}${route}`, lighthouseRuns),
    };
  }
  await single?.close();
  const large = section('large')
    ? await largeBoard(browser, board)
    : { firstCardMs: Number.NaN, keystrokeMedianMs: Number.NaN, keystrokeP95Ms: Number.NaN, heapMb: Number.NaN };
  const huge = section('huge') ? await hugeBoard(board, browser) : null;
  await browser.close();
  await board.stop();
  const api: Record<string, Awaited<ReturnType<typeof apiBench>>> = section('api')
    ? { 150: await apiBench(150), 10000: await apiBench(10_000) }
    : {};

  const info = runInfo();
  const results = {
    date: info.date,
    info,
    machine: `${process.platform} ${process.arch}, Node ${process.version}, ${(await import('node:os')).cpus().length} cores`,
    runs,
    bytes,
    loads,
    timeline: timeline.map((entry) => ({ ...entry, url: entry.url.replace(/^http:\/\/127\.0\.0\.1:\d+/, '') })),
    large,
    ssr,
    api,
    singleBundle: { bytes: singleBytes, loads: singleLoads, federatedApiStart },
    lighthouse,
    huge,
    firstPaint,
    seconds: Math.round((Date.now() - started) / 1000),
  };
  writeResults(results);

  console.log('\nBytes on first load (JS+CSS, from the network log)');
  console.table(
    Object.fromEntries(
      Object.entries(bytes).map(([page, b]) => [
        page,
        {
          'JS KB': kb(b.jsRaw),
          'JS KB gzip': kb(b.jsGzip),
          'CSS KB': kb(b.cssRaw),
          'CSS KB gzip': kb(b.cssGzip),
          requests: b.requests,
        },
      ]),
    ),
  );
  console.log(`Page load, throttled (4x CPU, 150 ms RTT, 1.6 Mbit/s), median of ${runs}`);
  console.table(
    Object.fromEntries(
      Object.entries(loads).map(([page, l]) => [
        page,
        {
          'FCP ms': Math.round(l.fcp),
          'LCP ms': Math.round(l.lcp),
          'TBT ms': Math.round(l.tbt),
          CLS: Number(l.cls.toFixed(4)),
        },
      ]),
    ),
  );
  console.log('Request timeline of / (ms from navigation, throttled)');
  console.table(
    results.timeline.slice(0, 30).map((entry) => ({ url: entry.url.slice(0, 70), start: entry.start, end: entry.end })),
  );
  console.log('Cost of federation: the same pages as one bundle, in the same run');
  console.table(
    Object.fromEntries(
      Object.keys(pages).map((page) => {
        const fed = bytes[page];
        const one = singleBytes[page];
        return [
          page,
          {
            'JS gzip KB fed': kb(fed?.jsGzip ?? 0),
            'JS gzip KB single': kb(one?.jsGzip ?? 0),
            // JS only (the byte target compares scripts): the federated page's first-view CSS is inline in its HTML.
            'JS ratio': Number((fed?.jsGzip ?? 0) / (one?.jsGzip ?? 1)).toFixed(3),
            'requests fed/single': `${fed?.requests}/${one?.requests}`,
            'LCP ms fed/single': `${Math.round(loads[page]?.lcp ?? 0)}/${Math.round(singleLoads[page]?.lcp ?? 0)}`,
            'API call starts ms fed/single': `${Math.round(federatedApiStart[page] ?? 0)}/${Math.round(singleLoads[page]?.apiStart ?? 0)}`,
          },
        ];
      }),
    ),
  );
  console.log(
    `Lighthouse ${lighthouseRuns > 1 ? `median of ${lighthouseRuns}` : '1 run'}, mobile preset: federated / one bundle`,
  );
  console.table(
    Object.fromEntries(
      Object.entries(lighthouse).map(([page, { federated, single }]) => [
        page,
        {
          performance: `${federated.score} / ${single.score}`,
          accessibility: `${federated.accessibility} / ${single.accessibility}`,
          'FCP ms': `${Math.round(federated.fcpMs)} / ${Math.round(single.fcpMs)}`,
          'LCP ms': `${Math.round(federated.lcpMs)} / ${Math.round(single.lcpMs)}`,
          'TBT ms': `${Math.round(federated.tbtMs)} / ${Math.round(single.tbtMs)}`,
          CLS: `${federated.cls.toFixed(3)} / ${single.cls.toFixed(3)}`,
        },
      ]),
    ),
  );
  console.log('Large board (10,000 jobs)');
  console.table({
    board: {
      'first card ms': Math.round(large.firstCardMs),
      'keystroke median ms': Math.round(large.keystrokeMedianMs),
      'keystroke p95 ms': Math.round(large.keystrokeP95Ms),
      'heap MB': Math.round(large.heapMb),
    },
  });
  console.log('API (autocannon, 10 connections, 10 s)');
  console.table(
    Object.fromEntries(
      Object.entries(api).flatMap(([jobCount, calls]) =>
        Object.entries(calls).map(([call, r]) => [
          `${call === 'list' ? 'call 1' : 'call 4'}, ${jobCount} jobs`,
          { 'req/s': Math.round(r.rps), 'p50 ms': r.p50, 'p99 ms': r.p99, errors: r.errors },
        ]),
      ),
    ),
  );
  if (firstPaint) {
    console.log(
      `First paint on a phone (4x CPU, 150 ms RTT, 1.6 Mbit/s), median of ${runs}: card y = the first job card's top`,
    );
    console.table(firstPaintTable(firstPaint));
  }
  if (ssr) {
    console.log(
      `Server rendering (autocannon, ${ssr.connections} connections, ${ssr.seconds} s gzip after a ${ssr.warmupSeconds} s ` +
        `warm-up that checks every body; API in its own process, ${ssr.publicJobs} public jobs; NODE_ENV=${ssr.nodeEnv}; ` +
        `load average before: ${ssr.loadAverage.join(', ')})`,
    );
    console.table(
      Object.fromEntries(
        Object.entries(ssr.routes).map(([route, r]) => [
          route,
          {
            rendered: r.rendered ? 'yes' : 'NO',
            'pages/s': Math.round(r.rps),
            'p50 ms': r.p50,
            'p99 ms': r.p99,
            non2xx: r.non2xx,
            errors: r.errors,
            'not the page': `${r.mismatches} of ${r.checked}`,
            'bytes/page': r.bytesPerPage,
            'HTML bytes': r.htmlBytes,
            articles: r.articles,
          },
        ]),
      ),
    );
    const targets = { '/job/:id': { rps: 200, p99: 100 }, '/': { rps: 50, p99: Number.POSITIVE_INFINITY } };
    for (const [route, r] of Object.entries(ssr.routes)) {
      const target = targets[route as keyof typeof targets];
      const met = r.rps >= target.rps && r.p99 <= target.p99;
      const wanted = `≥ ${target.rps} pages/s${Number.isFinite(target.p99) ? `, p99 ≤ ${target.p99} ms` : ''}`;
      console.log(
        `  ${route}: ${Math.round(r.rps)} pages/s, p99 ${r.p99} ms (target ${wanted}): ` +
          (r.rendered ? (met ? 'met' : 'MISSED') : 'not a render (the page is not server-rendered): no verdict'),
      );
    }
  }
  if (huge) {
    const markdown = hugeMarkdown(huge, info);
    console.log(`\nHuge board\n${markdown}`);
    writeHugeMarkdown(markdown);
  }
  console.log(`\nWrote docs/performance.json${only ? ` (${only.join(', ')})` : ''} in ${results.seconds} s.`);
} catch (error) {
  await browser.close().catch(() => undefined);
  await board.stop().catch(() => undefined);
  throw error;
}
