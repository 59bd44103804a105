import Piscina from 'piscina';
import { descriptionFromHtml, type ImportedDescription } from './description';

/**
 * An ATS's descriptions sanitized on a thread of their own (docs/decisions/023): sanitize-html and
 * the walk into blocks take 1–3 ms a description, a second or more for a 1,000-job source, which on
 * the API's thread is a second its searches wait for (they were answered only between slices of
 * the mapping). One thread: the API keeps its own, on the two cores the board is sized for. It
 * starts at a sync's first description and stops when idle, so a command or a test that is done
 * exits.
 */
let pool: Piscina | null = null;
/** Run from a command's bundle (cli/run-bundled.mjs), whose task sits beside this code, not from source. */
const bundled = !import.meta.url.endsWith('.ts');

function poolOf(): Piscina {
  pool ??= new Piscina({
    filename: new URL(bundled ? './description-task.mjs' : './description-worker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 5_000,
    // From source the worker registers tsx itself (description-worker.mjs), whatever the parent was
    // started with; a bundle's task is JavaScript already.
    execArgv: [],
  });
  return pool;
}

/** `descriptionFromHtml`, off the API's thread: the same result. */
export function describeHtml(html: unknown, options: { entityEscaped?: boolean } = {}): Promise<ImportedDescription> {
  if (typeof html !== 'string' || html.trim() === '') return Promise.resolve(descriptionFromHtml(html, options));
  return poolOf().run({ html, entityEscaped: options.entityEscaped === true }) as Promise<ImportedDescription>;
}
