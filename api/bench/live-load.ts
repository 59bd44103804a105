/**
 * The pieces of the live-reads bench (`bench:live`, live-bench.ts): searches asked one after
 * another while a writer writes, and the writers. A new writer (an ATS sync, say) is a `Writer`
 * measured with `measureWhile`, beside the others.
 */
import { loadavg } from 'node:os';
import type { Hono } from 'hono';

/** The API as `createApp` builds it, asked in-process (no HTTP). */
export type InProcessApp = Pick<Hono, 'request'>;

/**
 * Writes until `signal` aborts; resolves with how many writes it made. `untilDone`: its writes are
 * long and it makes a few of each kind whatever the phase's length, so the searches are timed until
 * it ends (each write measured whole), not only for the phase's seconds.
 */
export type Writer = ((signal: AbortSignal) => Promise<number>) & { untilDone?: boolean };

/** A stream of call-1 searches: the next query string each time it is asked. */
export type Workload = () => string;

/**
 * What a phase's searches must stay within, against the quiet phase of the same run: p95 and
 * searches a second within 2×, or nothing measurable (within 25%).
 */
export type PhaseTarget = 'within 2×' | 'unchanged';

export interface PhaseResult {
  phase: string;
  target?: PhaseTarget | null;
  searches: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  writes: number;
  writesPerSecond: number;
  loadAverage: number[];
  /** The changes the instance applied meanwhile: how many, how long each took, how many read whole. */
  applied?: { changes: number; p50: number; max: number; whole: number };
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done);
  });

/**
 * Lets the event loop turn between two searches, as a server's does between requests: an answer
 * the API keeps is sent without any I/O, and a loop of them alone would starve the writers.
 */
export const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * p) - 1))] ?? Number.NaN;
const rounded = (ms: number) => Math.round(ms * 100) / 100;
export const loadAverage = () => loadavg().map((load) => Number(load.toFixed(2)));

/** `write` `perSecond` times a second, each start on its beat (a slow write delays the next). */
export function every(perSecond: number, write: (n: number) => Promise<unknown>): Writer {
  return async (signal) => {
    const beat = 1000 / perSecond;
    const started = performance.now();
    let count = 0;
    while (!signal.aborted) {
      await write(count);
      count++;
      await sleep(started + count * beat - performance.now(), signal);
    }
    return count;
  };
}

/** Several writers at once (their writes added up). */
export const together =
  (...writers: Writer[]): Writer =>
  async (signal) =>
    (await Promise.all(writers.map((writer) => writer(signal)))).reduce((sum, count) => sum + count, 0);

/** One search as a client asks it: the answer read whole. Its time in ms. */
export async function timedSearch(app: InProcessApp, query: string): Promise<number> {
  const started = performance.now();
  const response = await app.request(`/public-job-posting?${query}`, { headers: { 'accept-encoding': 'gzip' } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${query}: ${response.status}`);
  return performance.now() - started;
}

/** The figures of searches timed over `ms`. */
export function summary(phase: string, times: number[], ms: number, writes: number): PhaseResult {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    phase,
    searches: times.length,
    perSecond: Math.round((times.length * 1000) / ms),
    p50: rounded(percentile(sorted, 0.5)),
    p95: rounded(percentile(sorted, 0.95)),
    p99: rounded(percentile(sorted, 0.99)),
    max: rounded(sorted.at(-1) ?? Number.NaN),
    writes,
    writesPerSecond: Math.round((writes * 10_000) / ms) / 10,
    loadAverage: loadAverage(),
  };
}

/**
 * Searches one after another for `seconds`, while `writer` writes (none: quiet): how many a second
 * and how long each took. The writer starts with the searches and is stopped with them (one
 * `untilDone` is stopped after `seconds`, and the searches go on until it ends).
 */
export async function measureWhile(
  phase: string,
  app: InProcessApp,
  workload: Workload,
  writer: Writer | null,
  seconds: number,
  /** Told of each search (the bench's trace of slow ones). */
  onSearch?: (query: string, ms: number) => void,
): Promise<PhaseResult> {
  const stop = new AbortController();
  let ended = false;
  const writing = (writer ? writer(stop.signal) : Promise.resolve(0)).finally(() => {
    ended = true;
  });
  const times: number[] = [];
  const started = performance.now();
  const until = started + seconds * 1000;
  while (performance.now() < until || (writer?.untilDone && !ended)) {
    if (performance.now() >= until) stop.abort();
    const query = workload();
    const ms = await timedSearch(app, query);
    times.push(ms);
    onSearch?.(query, ms);
    await turn();
  }
  const elapsed = performance.now() - started;
  stop.abort();
  return summary(phase, times, elapsed, await writing);
}

/** Searches in a window of time: how many, and how long they took. */
export interface WindowTimes {
  searches: number;
  p50: number;
  p99: number;
  max: number;
}

/** What `bench:live` measures on one engine (its last line, as JSON after `LIVE_RESULT `). */
export interface LiveEngineResult {
  engine: 'pglite' | 'postgres';
  publicJobs: number;
  seconds: number;
  instances: number;
  /** Per workload, its phases; the first is quiet, what the others are held against. */
  workloads: Record<string, PhaseResult[]>;
  /** Per instance: ms from a job's commit (by SQL, or the writer in the process) until found. */
  platformChange: { samples: number; p50: number; max: number }[];
  bulk: {
    jobs: number;
    writeMs: number;
    visibleMs: number[];
    duringWrite: WindowTimes;
    whileApplied: WindowTimes;
    /** The slowest searches while it is applied, with the GC pauses and the applies (ms each) within them. */
    slowest: { ms: number; gcMs: number; applies: number[] }[];
    wholeRun: PhaseResult;
    loadAverage: number[];
  };
  /** The import's syncs of a 1,000-job source whose every job changed, timed during their phase. */
  sourceSyncs?: { jobs: number; syncs: number; p50: number; max: number };
  /** The portfolio writer's applies (each phase's first creates, the others update); found: ms after each. */
  portfolio?: { companies: number; byCommand: boolean; creates: Timing; updates: Timing; found: Timing };
}

/** Several times of one thing, in ms: how many, their median and the longest. */
export type Timing = { count: number; p50: number; max: number };
export function timing(times: number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: Math.round(percentile(sorted, 0.5)),
    max: Math.round(sorted.at(-1) ?? Number.NaN),
  };
}

/** A small deterministic random number generator (mulberry32): the same searches every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The same few searches over and over: after the first round, the answers the API keeps. */
export function repeatedSearches(queries: string[]): Workload {
  let next = 0;
  return () => queries[next++ % queries.length] ?? '';
}

/**
 * Searches a visitor could type, rarely the same twice within the 10 s the API keeps an answer:
 * a title word, and sometimes a location, a workplace, a salary floor and the salary order.
 */
export function newSearches(words: string[], locations: string[], random = seeded(33)): Workload {
  const pick = <T>(values: T[]) => values[Math.floor(random() * values.length)] as T;
  return () => {
    const query = new URLSearchParams({ limit: '25', title: pick(words) });
    if (random() < 0.5) query.set('location', pick(locations));
    if (random() < 0.3) query.set('workplace', pick(['Remote', 'Hybrid', 'On-site', 'Remote,Hybrid']));
    if (random() < 0.5) query.set('salary_min_k', String(40 + Math.floor(random() * 120)));
    if (random() < 0.3) query.set('sort', 'salary');
    return query.toString();
  };
}

/**
 * Asks `query` on each app until `found` says its answer holds the change; resolves with the ms
 * each took from `since` (no limit: the bench reports what it measured).
 */
export async function untilFound(
  apps: InProcessApp[],
  query: string,
  found: (body: { total: number; jobs: { id: number; title: string }[] }) => boolean,
  since: number,
): Promise<number[]> {
  return Promise.all(
    apps.map(async (app) => {
      for (;;) {
        const response = await app.request(`/public-job-posting?${query}`);
        if (found((await response.json()) as { total: number; jobs: { id: number; title: string }[] }))
          return performance.now() - since;
        await sleep(5);
      }
    }),
  );
}
