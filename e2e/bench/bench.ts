/**
 * `pnpm bench`: bytes, page load (throttled), a 10,000-job board and the API, on the built board.
 * Prints a table and writes docs/performance.json. Figures are reported, never asserted.
 */
// First: NODE_ENV=production before React is loaded (the board's server runs in this process).
import './production-mode';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium } from '@playwright/test';
import autocannon from 'autocannon';
import { generateDemoData } from '../../api/src/seed/demo-data';
import { seed } from '../../api/src/seed/seed';
import { precompress } from '../../scripts/precompress';
import { serveFolder } from '../../scripts/serve-board';
import { app as shellApp } from '../../shell/rspack.config';
import { Board } from '../support/board';
import { buildApp } from '../support/build';
import { chromiumLaunchOptions } from '../support/chromium';
import { startMemoryApi } from '../support/memory-api';
import { type LighthouseResult, lighthouseMedian } from './lighthouse';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const runs = Number(process.env.BENCH_RUNS ?? 5);
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const launch = () => chromium.launch(chromiumLaunchOptions);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};
const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

/** JS and CSS the browser downloads on a first load, from its network events. */
async function measureBytes(browser: Browser, url: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const bodies: { type: string; raw: number; gzip: number }[] = [];
  let requests = 0;
  page.on('request', () => requests++);
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    bodies.push({ type, raw: body.byteLength, gzip: gzipSync(body).byteLength });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await context.close();
  const sum = (type: string, key: 'raw' | 'gzip') =>
    bodies.filter((b) => b.type === type).reduce((total, b) => total + b[key], 0);
  return {
    jsRaw: sum('script', 'raw'),
    jsGzip: sum('script', 'gzip'),
    cssRaw: sum('stylesheet', 'raw'),
    cssGzip: sum('stylesheet', 'gzip'),
    requests,
  };
}

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
    const count = page.getByText(/^\d+ of \d+ jobs$/);
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
      // The count line ('877 of 8667 jobs'; 10,000 generated jobs list as 8,667 on the board): a
      // pattern that never matched made this wait return at once, timing the key press alone.
      await page.waitForFunction((previous) => {
        const text = [...document.querySelectorAll('p')].find((p) =>
          /^\d+ of \d+ jobs$/.test(p.textContent ?? ''),
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

/** The API in its own process, so the load generator does not share its event loop. */
async function apiProcess(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  // Without this process's NODE_ENV=production, which would make the API refuse PGlite (production-like).
  const { NODE_ENV: _, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(rootDir, 'api/src/server.ts')], {
    cwd: path.join(rootDir, 'api'),
    env: { ...inherited, PORT: '0', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '100000', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = /API listening on (http:\/\/\S+)/.exec(chunk.toString());
      if (match?.[1]) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`the API exited (${code})`)));
  });
  return { url, child };
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

/** The board as one bundle without federation (the shell with the remotes' pages imported). */
async function singleBundleSite(): Promise<{ url: string; close: () => Promise<void> }> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'bench-single-'));
  await buildApp(shellApp, { mode: 'production', outDir, buildVersion: 'single', singleBundle: true });
  precompress(outDir);
  let config: unknown = null;
  const site = await serveFolder({
    folder: outDir,
    port: 0,
    spa: true,
    routes: { '/runtime-config.json': () => ({ type: 'application/json', body: JSON.stringify(config) }) },
  });
  const api = await startMemoryApi(site.url);
  const base = (await import('../../scripts/serve-board')).readEnvironmentConfig('local');
  config = { ...base, environment: 'test', siteUrl: site.url, apiBaseUrl: api.url };
  return {
    url: site.url,
    close: async () => {
      await site.close();
      await api.close();
    },
  };
}

/** BENCH_ONLY=large,api runs only the named sections (pages, single, large, api) and writes no JSON. */
const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const section = (name: 'pages' | 'single' | 'lighthouse' | 'large' | 'api') => !only || only.includes(name);

const started = Date.now();
const board = await Board.start();
const browser = await launch();
try {
  const jobs = (await (await fetch(`${board.config.apiBaseUrl}/public-job-posting`)).json()) as {
    jobs: { id: number }[];
  };
  const jobId = jobs.jobs[0]?.id;
  const pages = { '/': '/', '/job/:id': `/job/${jobId}`, '/job/:id/apply': `/job/${jobId}/apply` };

  const bytes: Record<string, Awaited<ReturnType<typeof measureBytes>>> = {};
  const loads: Record<string, { fcp: number; lcp: number; tbt: number; cls: number }> = {};
  let timeline: Awaited<ReturnType<typeof measureLoad>>['timeline'] = [];
  for (const [name, route] of Object.entries(section('pages') ? pages : {})) {
    bytes[name] = await measureBytes(browser, `${board.url}${route}`);
    const samples = [];
    for (let i = 0; i < runs; i++) samples.push(await measureLoad(browser, `${board.url}${route}`));
    if (name === '/') timeline = samples[0]?.timeline ?? [];
    loads[name] = {
      fcp: median(samples.map((s) => s.fcp)),
      lcp: median(samples.map((s) => s.lcp)),
      tbt: median(samples.map((s) => s.tbt)),
      cls: median(samples.map((s) => s.cls)),
    };
  }
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
  const lighthouse: Record<string, { federated: LighthouseResult; single: LighthouseResult }> = {};
  for (const [name, route] of Object.entries(single && section('lighthouse') ? pages : {})) {
    lighthouse[name] = {
      federated: await lighthouseMedian(`${board.url}${route}`, lighthouseRuns),
      single: await lighthouseMedian(`${single?.url}${route}`, lighthouseRuns),
    };
  }
  await single?.close();
  const large = section('large')
    ? await largeBoard(browser, board)
    : { firstCardMs: Number.NaN, keystrokeMedianMs: Number.NaN, keystrokeP95Ms: Number.NaN, heapMb: Number.NaN };
  await browser.close();
  await board.stop();
  const api: Record<string, Awaited<ReturnType<typeof apiBench>>> = section('api')
    ? { 150: await apiBench(150), 10000: await apiBench(10_000) }
    : {};

  const results = {
    date: new Date().toISOString(),
    machine: `${process.platform} ${process.arch}, Node ${process.version}, ${(await import('node:os')).cpus().length} cores`,
    runs,
    bytes,
    loads,
    timeline: timeline.map((entry) => ({ ...entry, url: entry.url.replace(/^http:\/\/127\.0\.0\.1:\d+/, '') })),
    large,
    api,
    singleBundle: { bytes: singleBytes, loads: singleLoads, federatedApiStart },
    lighthouse,
    seconds: Math.round((Date.now() - started) / 1000),
  };
  if (!only) writeFileSync(path.join(rootDir, 'docs/performance.json'), `${JSON.stringify(results, null, 2)}\n`);

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
            'bytes ratio': Number(
              ((fed?.jsGzip ?? 0) + (fed?.cssGzip ?? 0)) / ((one?.jsGzip ?? 1) + (one?.cssGzip ?? 0)),
            ).toFixed(2),
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
  console.log(`\n${only ? 'Done (no JSON written)' : 'Wrote docs/performance.json'} in ${results.seconds} s.`);
} catch (error) {
  await browser.close().catch(() => undefined);
  await board.stop().catch(() => undefined);
  throw error;
}
