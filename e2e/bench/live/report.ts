/**
 * The live section's figures against the targets of reads while the data changes (PostgreSQL's;
 * PGlite's are figures): a Markdown table the bench prints and writes into docs/performance.md
 * between the `bench:live` markers.
 */
import { type Row, runLine, verdictTable, writeMarkdownBlock } from '../huge/report';
import type { RunInfo } from '../run-info';
import type { LiveEngineResult, LiveResult } from './live-board';

/** The workloads of `bench:live`, as the table names them. */
const workloadLabels: Record<string, string> = {
  repeated: "bench:search's searches in turn (answers kept)",
  new: 'new searches (a new URL nearly every time)',
};

type Phase = LiveEngineResult['workloads'][string][number];
type Timing = NonNullable<LiveEngineResult['portfolio']>['found'];
const ms = (value: number) => `${value < 10 ? value.toFixed(2) : Math.round(value)} ms`;
const figures = (phase: Phase) =>
  `p95 ${ms(phase.p95)}, ${phase.perSecond.toLocaleString('en-GB')}/s (p50 ${ms(phase.p50)}, p99 ${ms(phase.p99)})`;

/** How many changes the instance applied meanwhile (none is a figure too), and how long each took. */
const applied = (phase: Phase) =>
  !phase.applied
    ? ''
    : phase.applied.changes
      ? `; ${phase.applied.changes} changes applied, p50 ${ms(phase.applied.p50)}, max ${ms(phase.applied.max)}${phase.applied.whole ? ` (${phase.applied.whole} read whole)` : ''}`
      : '; no change applied';

/** Within `factor` of the quiet run: p95 at most `factor` times, searches a second at least 1/`factor`. */
const within = (phase: Phase, quiet: Phase, factor: number) =>
  phase.p95 <= quiet.p95 * factor && phase.perSecond >= quiet.perSecond / factor;

function engineRows(name: string, result: LiveEngineResult): Row[] {
  const rows: Row[] = [];
  for (const [workload, phases] of Object.entries(result.workloads)) {
    const label = workloadLabels[workload] ?? workload;
    const [quiet, ...others] = phases;
    if (!quiet) continue;
    const quietAgain = others.find((phase) => phase.phase === 'quiet again');
    rows.push({
      figure: `${name}, ${label}: quiet`,
      target: '—',
      measured: `${figures(quiet)}${quietAgain ? `; quiet again at the end: ${figures(quietAgain)}` : ''}`,
      met: null,
      load: quiet.loadAverage,
    });
    for (const phase of others) {
      if (!phase.target) continue;
      const factor = phase.target === 'within 2×' ? 2 : 1.25;
      rows.push({
        figure: `${name}, ${label}: ${phase.phase} (${phase.writesPerSecond}/s made)`,
        target:
          phase.target === 'within 2×'
            ? 'p95 and searches/s within 2× of quiet'
            : 'nothing measurable (within 25% of quiet)',
        measured: `${figures(phase)}: p95 ${(phase.p95 / quiet.p95).toFixed(2)}×, ${(phase.perSecond / quiet.perSecond).toFixed(2)}× the searches${applied(phase)}`,
        met: within(phase, quiet, factor),
        load: phase.loadAverage,
      });
    }
  }
  const slowest = Math.max(...result.platformChange.map((instance) => instance.max));
  rows.push({
    figure: `${name}: a job changed by ${result.engine === 'postgres' ? 'SQL from another connection' : 'a writer in the process'}, found on every instance (${result.instances}), ${result.platformChange[0]?.samples} changes`,
    target: '≤ 5 s',
    measured: result.platformChange
      .map((instance, at) => `instance ${at + 1}: p50 ${ms(instance.p50)}, max ${ms(instance.max)}`)
      .join('; '),
    met: slowest <= 5000,
    load: result.bulk.loadAverage,
  });
  const { bulk } = result;
  const visible = Math.max(...bulk.visibleMs);
  rows.push({
    figure: `${name}: one transaction changing ${bulk.jobs.toLocaleString('en-GB')} jobs, searchable on every instance`,
    target: '≤ 10 s after its commit',
    measured: `${bulk.visibleMs.map(ms).join(', ')} (the write itself: ${ms(bulk.writeMs)})`,
    met: visible <= 10_000,
    load: bulk.loadAverage,
  });
  rows.push({
    figure: `${name}: search p99 while it is applied (new searches, from its commit to 1 s after it is found everywhere)`,
    target: '≤ 50 ms',
    measured:
      `${ms(bulk.whileApplied.p99)} over ${bulk.whileApplied.searches} searches (max ${ms(bulk.whileApplied.max)}); ` +
      `during the write itself: p99 ${ms(bulk.duringWrite.p99)} over ${bulk.duringWrite.searches}` +
      // What the slowest were made of (older results have no `slowest`).
      (bulk.slowest?.length
        ? `; slowest ${bulk.slowest.map((search) => `${ms(search.ms)} (GC ${ms(search.gcMs)}, applies ${search.applies.map(ms).join(' + ') || 'none'})`).join(', ')}`
        : ''),
    met: bulk.whileApplied.p99 <= 50,
    load: bulk.loadAverage,
  });
  const { sourceSyncs } = result;
  if (sourceSyncs)
    rows.push({
      figure: `${name}: a sync of a ${sourceSyncs.jobs.toLocaleString('en-GB')}-job ATS source whose every job changed (${sourceSyncs.syncs} syncs, during its phase above)`,
      target: '≤ 10 s',
      measured: `p50 ${ms(sourceSyncs.p50)}, max ${ms(sourceSyncs.max)}`,
      met: sourceSyncs.syncs > 0 && sourceSyncs.max <= 10_000,
      load: bulk.loadAverage,
    });
  rows.push(...portfolioRows(name, result));
  return rows;
}

/**
 * The portfolio writer's applies (during its phase above): the first of each phase creates, the
 * later ones update; and how soon after each the investor filter found the round's new investor.
 */
function portfolioRows(name: string, result: LiveEngineResult): Row[] {
  const { portfolio } = result;
  if (!portfolio) return [];
  const load = result.bulk.loadAverage;
  const how = portfolio.byCommand ? '`pnpm portfolio apply` (its own process)' : "the API's portfolio apply";
  const timed = (times: Timing) => `p50 ${ms(times.p50)}, max ${ms(times.max)}`;
  return [
    ...(['creates', 'updates'] as const).map((kind) => ({
      figure: `${name}: ${how} of ${portfolio.companies} companies, every one ${kind === 'creates' ? 'created' : 'updated'} (${portfolio[kind].count} applies, during its phase above)`,
      target: '≤ 10 s',
      measured: timed(portfolio[kind]),
      met: portfolio[kind].count > 0 && portfolio[kind].max <= 10_000,
      load,
    })),
    {
      figure: `${name}: each apply's new investor found by the investor filter on its companies' jobs, after the apply ends (${portfolio.found.count} applies)`,
      target: '≤ 5 s',
      measured: timed(portfolio.found),
      met: portfolio.found.count > 0 && portfolio.found.max <= 5_000,
      load,
    },
  ];
}

/**
 * The targets are PostgreSQL's (decision 041): PGlite runs the work, the database and the searches
 * on one thread, for local runs only, so its rows are documented as figures without a verdict.
 */
const asFigure = (row: Row): Row => ({ ...row, target: 'a figure, not a target', met: null });

export function liveMarkdown(result: LiveResult, info: RunInfo): string {
  const engines: [string, LiveEngineResult][] = [['PGlite', result.pglite]];
  if (result.postgres) engines.push(['PostgreSQL', result.postgres]);
  const lines = [
    `${result.jobs.toLocaleString('en-GB')} jobs (${result.pglite.publicJobs.toLocaleString('en-GB')} public), in-process, ` +
      `searches one after another, ${result.pglite.seconds} s a phase; ${runLine(info)}`,
    '',
    ...verdictTable(
      engines.flatMap(([name, engine]) =>
        name === 'PostgreSQL' ? engineRows(name, engine) : engineRows(name, engine).map(asFigure),
      ),
    ),
  ];
  return `${lines.join('\n')}\n`;
}

export const writeLiveMarkdown = (markdown: string) => writeMarkdownBlock('live', markdown);
