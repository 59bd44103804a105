import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { rootDir } from './processes';

/**
 * BENCH_ONLY=large,api runs only the named sections (pages, single, lighthouse, large, ssr, api,
 * huge, firstpaint, live); docs/performance.json then keeps the other sections' figures of the last run.
 */
export const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
export type Section = 'pages' | 'single' | 'lighthouse' | 'large' | 'ssr' | 'api' | 'huge' | 'firstpaint' | 'live';
export const section = (name: Section) => !only || only.includes(name);
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
  live: ['live'],
};

/** Writes the sections that ran into docs/performance.json, keeping the others' figures. */
export function writeResults(results: Record<string, unknown>) {
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
