/**
 * `pnpm bench`: bytes, page load (throttled), Lighthouse, a 10,000-job board, server rendering, the API,
 * a 100,000-job board (huge/), on the built board, and reads on that board while its data changes
 * (live/). Prints tables and writes docs/performance.json (and the huge and live sections' tables in
 * docs/performance.md). Figures are reported, never asserted.
 */
// First: NODE_ENV=production before React is loaded (the board's server runs in this process).
import './production-mode';
import { chromium } from '@playwright/test';
import { Board } from '../support/board';
import { chromiumLaunchOptions } from '../support/chromium';
import { apiBench, printApiBench } from './api-bench';
import { singleBundleSite } from './bytes';
import { firstPaintBench, firstPaintTable } from './first-paint';
import { hugeBoard } from './huge/huge-board';
import { hugeMarkdown, writeHugeMarkdown } from './huge/report';
import { largeBoard, noLargeBoard, printLargeBoard } from './large-board';
import { lighthouseBench, printLighthouse } from './lighthouse';
import { liveBench } from './live/live-board';
import { liveMarkdown, writeLiveMarkdown } from './live/report';
import { pagesBench, printPageLoads } from './page-load';
import { runInfo } from './run-info';
import { only, section, writeResults } from './sections';
import { printFederationCost, singleBundleBench } from './single-bundle';
import { printSsrBench, ssrBench } from './ssr-bench';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const launch = () => chromium.launch(chromiumLaunchOptions);

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

  const { bytes, loads, timeline } = await pagesBench(browser, board.url, section('pages') ? pages : {}, runs);
  // The first paint on an iPhone (no client hints) and on Android (client hints), / and a job page.
  const firstPaint = section('firstpaint')
    ? await firstPaintBench(browser, { '/': `${board.url}/`, '/job/:id': `${board.url}${pages['/job/:id']}` }, runs)
    : null;
  // The same pages built as one bundle, measured in the same run.
  const single = section('single') ? await singleBundleSite() : null;
  const singleBundle = await singleBundleBench(
    browser,
    { board: board.url, single: single?.url ?? '' },
    single ? pages : {},
    runs,
  );
  // Lighthouse, mobile preset, federated and one bundle side by side.
  const lighthouse = await lighthouseBench(
    { board: board.url, single: single?.url ?? '' },
    single && section('lighthouse') ? pages : {},
    lighthouseRuns,
  );
  await single?.close();
  const large = section('large') ? await largeBoard(browser, board) : noLargeBoard;
  const huge = section('huge') ? await hugeBoard(board, browser) : null;
  await browser.close();
  await board.stop();
  const api: Record<string, Awaited<ReturnType<typeof apiBench>>> = section('api')
    ? { 150: await apiBench(150), 10000: await apiBench(10_000) }
    : {};
  // The board and the browser are stopped: this section's figures are the API's alone.
  const live = section('live') ? await liveBench() : null;

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
    singleBundle,
    lighthouse,
    huge,
    firstPaint,
    live,
    seconds: Math.round((Date.now() - started) / 1000),
  };
  writeResults(results);

  printPageLoads({ bytes, loads, timeline: results.timeline }, runs);
  printFederationCost(pages, bytes, loads, singleBundle);
  printLighthouse(lighthouse, lighthouseRuns);
  printLargeBoard(large);
  printApiBench(api);
  if (firstPaint) {
    console.log(
      `First paint on a phone (4x CPU, 150 ms RTT, 1.6 Mbit/s), median of ${runs}: card y = the first job card's top`,
    );
    console.table(firstPaintTable(firstPaint));
  }
  if (ssr) printSsrBench(ssr);
  if (huge) {
    const markdown = hugeMarkdown(huge, info);
    console.log(`\nHuge board\n${markdown}`);
    writeHugeMarkdown(markdown);
  }
  if (live) {
    const markdown = liveMarkdown(live, info);
    console.log(`\nReads while the data changes\n${markdown}`);
    writeLiveMarkdown(markdown);
  }
  console.log(`\nWrote docs/performance.json${only ? ` (${only.join(', ')})` : ''} in ${results.seconds} s.`);
} catch (error) {
  await browser.close().catch(() => undefined);
  await board.stop().catch(() => undefined);
  throw error;
}
