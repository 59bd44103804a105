import { randomBytes } from 'node:crypto';
import { PerformanceObserver } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type postgres from 'postgres';
import type { DatabaseHandle } from '../src/db/database';
import type { PlatformSql } from './live-instance';
import {
  type InProcessApp,
  type LiveEngineResult,
  loadAverage,
  percentile,
  summary,
  timedSearch,
  turn,
  untilFound,
  type WindowTimes,
  type Workload,
} from './live-load';

/**
 * The measures after the phases (bench:live): a job changed by the platform, found on every
 * instance, from its commit to each instance's first answer holding it; and one transaction
 * changing 1,000 jobs while searches go on.
 */
export async function platformChangeFound(
  instances: InProcessApp[],
  platformSql: PlatformSql,
  pick: (n: number) => number,
): Promise<number[][]> {
  const found: number[][] = instances.map(() => []);
  for (let sample = 0; sample < 10; sample++) {
    const marker = `relay${randomBytes(4).toString('hex')}`;
    const id = pick(1000 + sample);
    await platformSql('update job_postings set title = $1 where id = $2', [`Lighthouse ${marker}`, id]);
    const committed = performance.now();
    const times = await untilFound(
      instances,
      `limit=5&title=${marker}`,
      (body) => body.jobs.some((job) => job.id === id),
      committed,
    );
    for (const [at, ms] of times.entries()) found[at]?.push(ms);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return found;
}

/** One transaction changing 1,000 jobs while new searches go on, to every instance in turn. */
export async function bulkChange(options: {
  instances: InProcessApp[];
  workload: Workload;
  jobIds: number[];
  main: DatabaseHandle;
  platform: postgres.Sql | null;
  /** Each change the instances applied: when it ended, and how long it took. */
  appliedChanges: { at: number; ms: number }[];
}): Promise<LiveEngineResult['bulk']> {
  const { instances, jobIds } = options;
  const pauses: { at: number; ms: number }[] = [];
  const collector = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) pauses.push({ at: entry.startTime, ms: entry.duration });
  });
  collector.observe({ entryTypes: ['gc'] });
  const marker = `bulk${randomBytes(4).toString('hex')}`;
  const ids = [...new Set(Array.from({ length: 1000 }, (_, n) => jobIds[(n * 97) % jobIds.length] ?? 0))];
  const bulkSql = `update job_postings set title = 'Bulk ${marker} ' || id where id = any($1::integer[])`;
  const searches: { at: number; ms: number }[] = [];
  const readingFrom = performance.now();
  let reading = true;
  const reader = (async () => {
    let next = 0;
    while (reading) {
      const at = performance.now();
      searches.push({
        at,
        ms: await timedSearch(instances[next++ % instances.length] as InProcessApp, options.workload()),
      });
      await turn();
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const begun = performance.now();
  if (options.platform) await options.platform.begin((tx) => tx.unsafe(bulkSql, [ids] as never[]));
  else
    await options.main.db.transaction((tx) =>
      tx.execute(sql.raw(bulkSql.replace('$1::integer[]', `array[${ids.join(',')}]`))),
    );
  const committed = performance.now();
  const visibleMs = await untilFound(
    instances,
    `limit=1&title=${marker}`,
    (body) => body.total === ids.length,
    committed,
  );
  const visible = committed + Math.max(...visibleMs);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  reading = false;
  await reader;
  collector.disconnect();
  /** The searches that ran during [from, to] (`started`: that began in it). */
  const window = (from: number, to: number, started = false): WindowTimes => {
    const inside = searches
      .filter((search) => (started ? search.at >= from : search.at + search.ms >= from) && search.at <= to)
      .map((search) => search.ms);
    const sorted = [...inside].sort((x, y) => x - y);
    return {
      searches: inside.length,
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
      max: sorted.at(-1) ?? Number.NaN,
    };
  };
  const overlapping = (from: number, to: number) => (item: { at: number; ms: number }) =>
    item.at + item.ms > from && item.at < to;
  const slowest = searches
    .filter((search) => search.at >= committed && search.at <= visible + 1000)
    .sort((x, y) => y.ms - x.ms)
    .slice(0, 3)
    .map((search) => ({
      ms: Math.round(search.ms),
      gcMs: Math.round(pauses.filter(overlapping(search.at, search.at + search.ms)).reduce((sum, p) => sum + p.ms, 0)),
      // An apply is told of when it ends: it ran in [at - ms, at].
      applies: options.appliedChanges
        .map((change) => ({ at: change.at - change.ms, ms: change.ms }))
        .filter(overlapping(search.at, search.at + search.ms))
        .map((change) => Math.round(change.ms)),
    }));
  return {
    jobs: ids.length,
    writeMs: Math.round(committed - begun),
    visibleMs: visibleMs.map(Math.round),
    duringWrite: window(begun, committed),
    // From the commit until a second after it is found on every instance: applied, and the answers
    // kept before it built again (the few searches of the apply alone say little at p99).
    whileApplied: window(committed, visible + 1000, true),
    slowest,
    wholeRun: summary(
      '1,000 jobs in one transaction',
      searches.map((search) => search.ms),
      performance.now() - readingFrom,
      1,
    ),
    loadAverage: loadAverage(),
  };
}
