import { Worker } from 'node:worker_threads';
import type { Company, Portfolio } from './model';
import { readPortfolioCsv } from './read-csv';
import { readPortfolioYaml } from './read-yaml';
import { type Locate, type PortfolioRead, pathText } from './validate';

export type FileFormat = 'yaml' | 'csv';

/** A file read as its name says: `.csv` is the spreadsheet form, anything else YAML. */
export const formatOfPath = (path: string): FileFormat => (/\.csv$/i.test(path) ? 'csv' : 'yaml');

/**
 * Files larger than this are read in a worker thread: a 500-company file (400 KB) takes 0.4–0.9 s
 * to read, which on the API's thread would hold every request for that long. A small file is read
 * at once (a thread costs about as much to start as the file to read).
 */
export const inThreadBytes = 64 * 1024;

/** A file's text read in its form. */
export function readPortfolio(input: string | Uint8Array, format: FileFormat): PortfolioRead {
  return format === 'csv' ? readPortfolioCsv(input) : readPortfolioYaml(input);
}

/**
 * What a worker sends back: a read whose `locate` is a table (a function cannot cross threads). It
 * holds the place of each company and of each of its fields, the paths an apply's problems name.
 */
type Place = ReturnType<Locate>;
export type SentRead =
  | { ok: true; portfolio: Portfolio; places: [string, Place][] }
  | Extract<PortfolioRead, { ok: false }>;

export function sentRead(read: PortfolioRead): SentRead {
  if (!read.ok) return read;
  const places = read.portfolio.companies.flatMap((company, index) =>
    [[], ...Object.keys(company).map((key) => [key as keyof Company])].map((rest): [string, Place] => {
      const path = ['companies', index, ...rest];
      return [pathText(path), read.locate(path)];
    }),
  );
  return { ok: true, portfolio: read.portfolio, places };
}

export function receivedRead(sent: SentRead): PortfolioRead {
  if (!sent.ok) return sent;
  const places = new Map(sent.places);
  const locate: Locate = (path) => {
    for (let length = Math.min(path.length, 3); length > 0; length--) {
      const place = places.get(pathText(path.slice(0, length)));
      if (place) return length === path.length ? place : { line: place.line, at: pathText(path) };
    }
    return { line: 1, at: path.length > 0 ? pathText(path) : 'the file' };
  };
  return { ok: true, portfolio: sent.portfolio, locate };
}

/**
 * The longest a thread may read a file: far more than the largest file takes (10,000 companies,
 * about 10 s on a busy machine), and then the thread is ended, so a read nobody waits for any more
 * does not go on using a core.
 */
export const readTimeLimitMs = 60_000;

/** The reader threads running now (each ends with its read, or at its time limit). */
const running = new Set<Worker>();
export const readerThreadsRunning = () => running.size;

/** Reads a portfolio file, a large one in a worker thread (`read-worker.ts`) with a time limit. */
export function readPortfolioFile(
  input: string | Uint8Array,
  format: FileFormat,
  { timeLimitMs = readTimeLimitMs } = {},
): Promise<PortfolioRead> {
  const size = typeof input === 'string' ? input.length : input.byteLength;
  if (size <= inThreadBytes) return Promise.resolve(readPortfolio(input, format));
  return new Promise((resolve, reject) => {
    // The API runs its TypeScript through tsx: the thread registers it before it loads the reader.
    const reader = JSON.stringify(new URL('./read-worker.ts', import.meta.url).href);
    const start = `import('tsx/esm/api').then(({ register }) => { register(); return import(${reader}); })`;
    const worker = new Worker(start, { eval: true, workerData: { input, format } });
    running.add(worker);
    let givenUp = false;
    const timer = setTimeout(() => {
      givenUp = true;
      // Answered once the thread has ended.
      worker.terminate().catch(() => {});
    }, timeLimitMs);
    worker.once('message', (sent: SentRead) => {
      clearTimeout(timer);
      resolve(receivedRead(sent));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      clearTimeout(timer);
      running.delete(worker);
      if (givenUp) resolve(tooLong(timeLimitMs));
      else reject(new Error(`the portfolio file's reader stopped (exit code ${code})`));
    });
  });
}

function tooLong(limitMs: number): PortfolioRead {
  const seconds = (limitMs / 1000).toLocaleString('en');
  return {
    ok: false,
    errors: [{ line: 1, at: 'the file', message: `reading the file took over ${seconds} s, so it was given up` }],
  };
}
