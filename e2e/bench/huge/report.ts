/**
 * The huge section's figures against the 100,000-job board's targets: a Markdown table the bench prints and
 * writes into docs/performance.md between its markers (the rest of the note is written by hand).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { rootDir } from '../processes';
import type { RunInfo } from '../run-info';
import type { HugeResult } from './huge-board';

/** A figure against its target, as the bench's tables show it. */
export interface Row {
  figure: string;
  target: string;
  measured: string;
  /** null: no target, reported for reading the others. */
  met: boolean | null;
  load: number[];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;

function searchRows(result: HugeResult): Row[] {
  const rows: Row[] = [];
  const databases: [string, HugeResult['search']['pglite'], number][] = [['PGlite', result.search.pglite, 20]];
  if (result.search.postgres) databases.push(['PostgreSQL', result.search.postgres, 10]);
  for (const [name, search, target] of databases) {
    for (const [how, time] of [
      ['in-process', search.inProcess],
      ['over HTTP', search.http],
    ] as const) {
      rows.push({
        figure: `call 1, filters, limit=25, facets: p95 ${how}, ${name}`,
        target: `≤ ${target} ms`,
        measured:
          `${time.p95.toFixed(1)} ms (p50 ${time.p50.toFixed(1)})` +
          (time.repeated ? `; repeated at once, answer kept: p95 ${time.repeated.p95.toFixed(1)} ms` : '') +
          (time.rowsAfresh ? `; every page's rows read afresh: p95 ${time.rowsAfresh.p95.toFixed(1)} ms` : ''),
        met: time.p95 <= target,
        load: time.loadAverage,
      });
    }
  }
  return rows;
}

function rows(result: HugeResult): Row[] {
  const page = (route: string, target: number): Row => {
    const size = result.pages[route];
    return {
      figure: `\`${route}\` HTML, gzip`,
      target: `≤ ${target} KB`,
      measured: `${kb(size?.gzipBytes ?? Number.NaN)} (${kb(size?.rawBytes ?? Number.NaN)} raw, ${size?.articles} cards)`,
      met: (size?.gzipBytes ?? Number.POSITIVE_INFINITY) <= target * 1024,
      load: size?.loadAverage ?? [],
    };
  };
  const { lighthouse, render, typing, memory } = result;
  const home = render['/'];
  return [
    {
      figure: "a fresh server's first `/`",
      target: '—',
      measured: `${ms(result.firstPage.ms)}, ${result.firstPage.rendered ? 'rendered' : 'sent unrendered (over its render budget)'}`,
      met: null,
      load: result.pages['/']?.loadAverage ?? [],
    },
    page('/', 60),
    page('/?q=engineer', 60),
    page('/companies', 100),
    {
      figure: 'Lighthouse mobile `/`: performance, TBT',
      target: '≥ 95, ≤ 200 ms',
      measured: `${lighthouse.score} (runs ${lighthouse.scores.join(', ')}), TBT ${ms(lighthouse.tbtMs)}`,
      met: lighthouse.score >= 95 && lighthouse.tbtMs <= 200,
      load: lighthouse.loadAverage,
    },
    ...searchRows(result),
    {
      figure: 'server renders `/` (10 connections, 10 s)',
      target: '≥ 200 pages/s, p99 ≤ 100 ms',
      measured:
        `${Math.round(home.rps)} pages/s, p50 ${home.p50} ms, p99 ${home.p99} ms; CPU per page: ` +
        `shell ${home.cpuPerPage.shellMs.toFixed(1)} ms, API ${home.cpuPerPage.apiMs.toFixed(1)} ms`,
      met: home.rendered && home.rps >= 200 && home.p99 <= 100,
      load: home.loadAverage,
    },
    {
      figure: `a filtered URL, median of ${render.filtered.urls} new ones`,
      target: '≤ 80 ms',
      measured: `${ms(render.filtered.medianMs)} (p95 ${ms(render.filtered.p95Ms)}; ${render.filtered.withoutCards} without cards)`,
      met: render.filtered.medianMs <= 80 && render.filtered.withoutCards === 0,
      load: render.filtered.loadAverage,
    },
    {
      figure: 'typing "engineer": last key → count updated',
      target: '≤ 300 ms',
      measured: `${ms(typing.medianMs)} median, worst ${ms(typing.maxMs)} (${typing.samplesMs.join(', ')})`,
      met: typing.maxMs <= 300,
      load: typing.loadAverage,
    },
    {
      figure: "shell server's RSS after the load",
      target: '≤ 500 MB',
      measured: `${Math.round(memory.shellRssMb)} MB`,
      met: memory.shellRssMb <= 500,
      load: memory.loadAverage,
    },
    {
      // The API's process holds the index, the caches and, on PGlite, the database's own memory.
      figure: "the API's process RSS after the load (PGlite)",
      target: '≤ 500 MB',
      measured: `${Math.round(memory.apiRssMb)} MB`,
      met: memory.apiRssMb <= 500,
      load: memory.loadAverage,
    },
    {
      figure: "the page's JS heap (after typing)",
      target: '≤ 50 MB',
      measured: `${typing.heapAfterTypingMb.toFixed(1)} MB (after load ${typing.heapAfterLoadMb.toFixed(1)} MB)`,
      met: typing.heapAfterTypingMb <= 50,
      load: typing.loadAverage,
    },
  ];
}

/** A Markdown table with its columns padded, as the repository's formatter writes it. */
function markdownTable(header: string[], body: string[][]): string[] {
  const widths = header.map((cell, column) => Math.max(cell.length, ...body.map((row) => row[column]?.length ?? 0)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...body.map(line)];
}

export const writeHugeMarkdown = (markdown: string) => writeMarkdownBlock('huge', markdown);

/** When and where: the date, the commit and the machine, as the tables' first line says them. */
export function runLine(info: RunInfo): string {
  const { machine } = info;
  return (
    `${info.date.slice(0, 16).replace('T', ' ')} UTC, commit \`${info.commit}\`; ${machine.cores} cores, ` +
    `${machine.memoryGb} GiB, ${machine.platform}, Node ${machine.node.slice(1)}. Load average: 1, 5, 15 min when the figure was taken.`
  );
}

/** The figures' table: each against its target, with its verdict and the load when it was taken. */
export function verdictTable(figures: Row[]): string[] {
  return markdownTable(
    ['figure', 'target', 'measured', 'verdict', 'load average'],
    figures.map((row) => [
      row.figure,
      row.target,
      row.measured,
      row.met === null ? '—' : row.met ? 'met' : 'missed',
      row.load.join(', '),
    ]),
  );
}

export function hugeMarkdown(result: HugeResult, info: RunInfo): string {
  const lines = [
    `${result.jobs.toLocaleString('en-GB')} jobs (${result.publicJobs.toLocaleString('en-GB')} public); ${runLine(info)}`,
    '',
    ...verdictTable(rows(result)),
  ];
  return `${lines.join('\n')}\n`;
}

/** Replaces the table between the section's markers in docs/performance.md (added at the end when missing). */
export function writeMarkdownBlock(section: string, markdown: string) {
  const start = `<!-- bench:${section} -->`;
  const end = `<!-- /bench:${section} -->`;
  const file = path.join(rootDir, 'docs/performance.md');
  const note = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const block = `${start}\n\n${markdown}\n${end}`;
  const from = note.indexOf(start);
  const to = note.indexOf(end);
  writeFileSync(
    file,
    from >= 0 && to > from ? `${note.slice(0, from)}${block}${note.slice(to + end.length)}` : `${note}\n${block}\n`,
  );
}
