import type { PlaceInput } from '@board/shared/places/types';
import type { SourceKind } from '../db/job-board-tables';
import { oneLine } from '../lib/clean-text';
import { timeSlice } from '../lib/time-slice';
import type { ImportedDescription } from './description';
import type { Salary } from './salary';
import { VendorFailure, type VendorHttp } from './vendor-http';

/** A job as an ATS's answer gives it, read into the board's terms (the SPEC's job, section 3). */
export interface ImportedJob {
  /** The job's id at the ATS: with the source, it names the job for good. */
  atsId: string;
  title: string;
  location: string | null;
  workplaceType: 'Remote' | 'Hybrid' | 'On-site' | null;
  /** The ATS's structured fields of where the job is, beside the text (db/job-places.ts reads both). */
  placeFields?: Omit<PlaceInput, 'text' | 'workplaceType'>;
  jobType: string | null;
  level: string | null;
  salary: Salary | null;
  description: ImportedDescription;
  /** The ATS's date for the job (publication or creation); null: the board's first sighting stands in. */
  postedAt: Date | null;
  /** The last day to apply, when the ATS gives one. */
  validThrough: Date | null;
  /** The ATS's own page to apply on. */
  applicationUrl: string | null;
  /** The ATS's last-update stamp, when it has one (Greenhouse's `updated_at`). */
  atsUpdatedAt: string | null;
}

/** What the board already holds of a job, for an answer that is read in two steps (Greenhouse's pay). */
export interface KnownJob {
  atsUpdatedAt: string | null;
  salary: Salary | null;
}

export interface VendorContext {
  http: VendorHttp;
  /** The vendor's API base URL (GREENHOUSE_API_URL, LEVER_API_URL, ASHBY_API_URL). */
  baseUrl: string;
  /** The source's jobs the board holds, by ATS id. */
  known: Map<string, KnownJob>;
}

/**
 * One ATS: reads a board's whole list of open jobs. It returns only a complete, successful answer:
 * an error, a timeout, a cut-off or malformed body, a list that changed while it was read page by
 * page, is a VendorFailure, so that an incomplete answer never closes a job.
 */
export interface Vendor {
  kind: SourceKind;
  /** Where a person sees the board (for `sources list`). */
  boardUrl(board: string): string;
  jobs(board: string, context: VendorContext): Promise<ImportedJob[]>;
  /**
   * Whether the vendor knows the board (a VendorFailure with `notFound` when it does not), with its
   * number of open jobs when one cheap request tells it.
   */
  probe(board: string, context: Omit<VendorContext, 'known'>): Promise<{ openJobs: number | null }>;
}

/** At most this many jobs from one source: a longer answer is refused before any job is read. */
const maxJobs = 20_000;

/** The answer's count, refused before anything is read per job when it is over `maxJobs`. */
export function requireCount(count: number): void {
  if (count > maxJobs) throw new VendorFailure(`more than ${maxJobs.toLocaleString('en')} jobs in the answer`);
}

/** Largest list answer read (a 1,000-job Greenhouse board with descriptions is about 10 MB). */
export const maxListBytes = 40 * 1024 * 1024;
/** Largest answer about one job. */
export const maxJobBytes = 4 * 1024 * 1024;

/**
 * Maps every item, giving way to the API's requests on a time slice between two items (on PGlite
 * a sync shares the API's thread; the descriptions themselves are sanitized on their own thread:
 * description-pool.ts). The maps run side by side (each description waits for its thread, and the
 * thread takes the next at once); the results keep the items' order, and the first failure is the
 * answer's.
 */
export async function mapYielding<T, R>(items: T[], map: (item: T, index: number) => R | Promise<R>): Promise<R[]> {
  const slice = timeSlice();
  const out: Promise<R>[] = [];
  for (const [index, item] of items.entries()) {
    await slice();
    try {
      out.push(Promise.resolve(map(item, index)));
    } catch (error) {
      out.push(Promise.reject(error));
    }
  }
  return Promise.all(out);
}

/**
 * What an id must not hold: control characters (C0 and C1: U+009B starts a terminal's control
 * sequence where a sync's line is printed), direction controls and marks, and the noncharacters.
 */
const unusableInId =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: an id holds no control character
  /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069\uFEFF\uFFFE\uFFFF]/;

/**
 * An ATS id: a number or a string of at most 200 characters, printable on one line, and not a
 * path's dot segment (`.`, `..`, encoded or not), which would move a request about the job
 * (Greenhouse's `/jobs/{id}`) to another path.
 */
export function atsIdOf(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value !== 'string') return null;
  const id = value.trim();
  return id && id.length <= 200 && !unusableInId.test(id) && !isDotSegment(id) ? id : null;
}

/** `.` or `..`, as a URL parser reads a path segment (`%2e` is a dot to it too). */
function isDotSegment(segment: string): boolean {
  return /^(?:\.|%2e){1,2}$/i.test(segment);
}

/**
 * A value as one segment of a vendor's path: escaped, and refused when it is a dot segment, which
 * no escaping keeps in place (a URL parser reads `%2e%2e` as `..` too).
 */
export function pathSegment(value: string): string {
  const segment = encodeURIComponent(value);
  if (isDotSegment(segment))
    throw new VendorFailure('malformed answer: a dot segment where a name belongs in the path');
  return segment;
}

/** A date the ATS gives (ISO text, or milliseconds since 1970), if it is one. */
export function dateOf(value: unknown): Date | null {
  const date = typeof value === 'number' || typeof value === 'string' ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return null;
  // Outside these years it is not a job's date (and would not fit the board's microsecond columns).
  return date.getUTCFullYear() >= 1990 && date.getUTCFullYear() <= 2200 ? date : null;
}

/** An absolute http(s) URL, or null. */
export function urlOf(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2000) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Several places as one location text, each once, in order: "London · Paris · Remote". */
export function locationOf(places: unknown[]): string | null {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const place of places) {
    const name = oneLine(place, 200);
    if (name && !seen.has(name.toLowerCase())) {
      seen.add(name.toLowerCase());
      names.push(name);
    }
  }
  return names.length > 0 ? oneLine(names.join(' · '), 300) : null;
}

/** A workplace said in words ("Remote - US", "Hybrid (London)"): where a vendor only has text. */
export function workplaceInText(text: string | null): ImportedJob['workplaceType'] {
  if (!text) return null;
  if (/\bhybrid\b/i.test(text)) return 'Hybrid';
  if (/\bremote\b/i.test(text)) return 'Remote';
  return null;
}

/** An object's field, or undefined when `value` is not an object. */
export const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)[key]
    : undefined;

export const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** An employment type in the board's words (the cards' and JSON-LD's: 'Full-time', 'Part-time'…). */
export function jobTypeOf(value: unknown): string | null {
  const text = oneLine(value, 60);
  if (!text) return null;
  const key = text.replace(/[\s_-]+/g, '').toLowerCase();
  const known: Record<string, string> = {
    fulltime: 'Full-time',
    permanent: 'Full-time',
    parttime: 'Part-time',
    intern: 'Internship',
    internship: 'Internship',
    contract: 'Contract',
    contractor: 'Contract',
    temporary: 'Temporary',
    temp: 'Temporary',
    volunteer: 'Volunteer',
  };
  return known[key] ?? text;
}

/**
 * An error the board did not expect (not the vendor's answer: a bug, a description that breaks the
 * reader) while reading one job: it names the job, so the sync's line and log can.
 */
export class JobError extends Error {
  override name = 'JobError';
  constructor(
    readonly atsId: string,
    override readonly cause: unknown,
  ) {
    super(`job ${atsId}: ${cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause)}`);
  }
}

/** `work` for the job `atsId`; an unexpected failure in it becomes a JobError that names the job. */
export async function aboutJob<T>(atsId: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof VendorFailure || error instanceof JobError) throw error;
    throw new JobError(atsId, error);
  }
}

/** A job without an id or a title is not a job the board can list: the whole answer is not what the vendor documents. */
export function requireJob(
  item: unknown,
  index: number,
  idKey: string,
  titleKey: string,
): { id: string; title: string } {
  const raw = field(item, idKey);
  const id = atsIdOf(raw);
  if (id === null)
    throw new VendorFailure(
      raw === undefined || raw === null || raw === ''
        ? `malformed answer: job ${index + 1} of the list has no ${idKey}`
        : `malformed answer: job ${index + 1} of the list has an ${idKey} the board cannot use`,
    );
  const title = oneLine(field(item, titleKey), 300);
  if (!title) throw new VendorFailure(`malformed answer: job ${id} has no ${titleKey}`);
  return { id, title };
}
