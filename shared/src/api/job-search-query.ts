import { type JobSearch, jobSorts, postedWithinPeriods, same, workplaceTypes } from '@board/shared/api/job-search';
import {
  jobSearchParams,
  jobSearchQuery,
  maxCrawlPageSize,
  maxFilterLength,
  maxIds,
  maxPageSize,
} from '@board/shared/api/job-search-params';
import { oneLineTextPattern } from '@board/shared/lib/typeable';
import { isCountryCode } from '@board/shared/places/country-codes';
import * as v from 'valibot';

export { jobSearchParams, jobSearchQuery, maxCrawlPageSize, maxFilterLength, maxIds, maxPageSize };

export type JobSearchParse =
  | { ok: true; search: JobSearch; limit: number | undefined; cursor: string | null }
  | { ok: false; message: string };

/**
 * Each parameter's text is checked on the wire with lengths, patterns and lists (the API's
 * OpenAPI document states exactly these), before it is turned into a value: what comes after a
 * transformation (an id's range, a country's code) is a rule the document says in words.
 */

/** A filter text: at most `maxFilterLength` characters, one line (no control characters or line breaks). */
export const filterText = (name: string) =>
  v.pipe(
    v.string(),
    v.maxLength(maxFilterLength, `${name} must be at most ${maxFilterLength} characters`),
    v.regex(oneLineTextPattern, `${name} must not contain control characters or line breaks`),
  );

/**
 * The longest number text a parameter takes: every finite number's own spelling fits
 * (`String(-Number.MIN_VALUE)` is 7 characters, `String(-Number.MAX_VALUE)` 24).
 */
export const maxNumberLength = 32;

/**
 * A decimal number, with an optional sign, point and exponent. Each character has one place in
 * it (the digits before the point, after it, or of the exponent, kept apart by the point and the
 * `e` they must cross), so a text that is not a number is refused in one pass, never by trying
 * the ways a run of digits could be split. Its length is checked first (`maxNumberLength`), so
 * what the pattern costs is bounded whatever a client sends.
 */
export const numberPattern = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;

const salaryBound = (name: string) =>
  v.pipe(
    v.string(),
    v.maxLength(maxNumberLength, `${name} must be a number (thousands)`),
    v.regex(numberPattern, `${name} must be a number (thousands)`),
    v.transform(Number),
    v.finite(`${name} must be a number (thousands)`),
  );

/** The whole numbers from 1 to `max` as text (leading zeros too): a page size's exact range as a pattern. */
function wholeNumberPattern(max: number): RegExp {
  const digits = String(max);
  const shorter = digits.length > 1 ? [`[1-9]\\d{0,${digits.length - 2}}`] : [];
  const below = [...digits].flatMap((digit, at) => {
    const low = at === 0 ? 1 : 0;
    const rest = digits.length - at - 1;
    return Number(digit) > low
      ? [`${digits.slice(0, at)}[${low}-${Number(digit) - 1}]${rest ? `\\d{${rest}}` : ''}`]
      : [];
  });
  return new RegExp(`^0*(?:${[...shorter, ...below, digits].join('|')})$`);
}

export const pageSize = (max: number) =>
  v.pipe(
    v.string(),
    v.maxLength(6, `limit must be a whole number from 1 to ${max}`),
    v.regex(wholeNumberPattern(max), `limit must be a whole number from 1 to ${max}`),
    v.transform(Number),
  );

/** Opaque to clients; the API checks what it holds. */
export const cursorText = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,400}$/, 'cursor is not one this API gave'));

/** `maxIds` ids of at most 10 digits and their commas: a longer text is refused before it is read. */
const maxIdListLength = maxIds * 11 - 1;

const idList = v.pipe(
  v.string(),
  v.maxLength(maxIdListLength, 'ids must be job ids separated by commas'),
  v.regex(/^\d{1,10}(?:,\d{1,10})*$/, 'ids must be job ids separated by commas'),
  v.transform((value) => [...new Set(value.split(',').map(Number))]),
  v.check((ids) => ids.every((id) => id >= 1 && id <= 2_147_483_647), 'ids must be job ids separated by commas'),
  v.maxLength(maxIds, `ids takes at most ${maxIds} ids`),
);

/** Each workplace type in any case ('remote', 'REMOTE'), spaces around it, empty entries between commas. */
const anyCase = (text: string) =>
  text.replace(/[a-z]/gi, (letter) => `[${letter.toUpperCase()}${letter.toLowerCase()}]`);
const workplaceEntry = `\\s*(?:(?:${workplaceTypes.map(anyCase).join('|')})\\s*)?`;

const workplaceList = v.pipe(
  v.string(),
  v.regex(
    new RegExp(`^${workplaceEntry}(?:,${workplaceEntry})*$`),
    `workplace must be any of ${workplaceTypes.join(', ')}, separated by commas`,
  ),
  v.transform((value) => workplaceTypes.filter((type) => value.split(',').some((entry) => same(type, entry)))),
);

/** "I can work from": a country's ISO 3166-1 alpha-2 code, in any case ('de' is 'DE'). */
const countryMessage = 'from must be a country’s ISO 3166-1 alpha-2 code (e.g. DE)';
const countryCode = v.pipe(
  v.string(),
  v.regex(/^(?:[A-Za-z]{2})?$/, countryMessage),
  v.transform((value) => value.toUpperCase()),
  v.check((code) => code === '' || isCountryCode(code), countryMessage),
);

/** Call 1's search parameters, each with its default (the API adds its scope and page to them). */
export const searchEntries = {
  title: v.optional(filterText('title'), ''),
  investor: v.optional(filterText('investor'), ''),
  salary_min_k: v.optional(salaryBound('salary_min_k')),
  salary_max_k: v.optional(salaryBound('salary_max_k')),
  location: v.optional(filterText('location'), ''),
  workplace: v.optional(workplaceList, ''),
  job_type: v.optional(filterText('job_type'), ''),
  level: v.optional(filterText('level'), ''),
  posted_within: v.optional(v.picklist(['', ...postedWithinPeriods], 'posted_within must be 24h, 7d or 30d'), ''),
  from: v.optional(countryCode, ''),
  visa: v.optional(v.picklist(['0', '1'], 'visa must be 1 (only jobs that sponsor a visa) or 0'), '0'),
  sort: v.optional(v.picklist(jobSorts, 'sort must be newest or salary'), 'newest'),
  ids: v.optional(idList),
} satisfies Record<(typeof jobSearchParams)[number], v.GenericSchema>;

/** A paged call's `limit` (1 to `max`) and `cursor`. */
export const pageEntries = (max: number) => ({ limit: v.optional(pageSize(max)), cursor: v.optional(cursorText) });

const searchSchema = v.object({ ...searchEntries, ...pageEntries(maxPageSize) });

/** Every check of a parameter's text ends its pipe: a 10,000-character value stops at its length. */
export const queryParse = { abortPipeEarly: true } as const;

/** The value of each named parameter; an empty value counts as absent (the default). */
export function present(params: URLSearchParams, names: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = params.get(name);
    if (value !== null && value !== '') values[name] = value;
  }
  return values;
}

/** The search of a parsed parameter set (trimmed, workplaces in their canonical order). */
export function searchOf(out: v.InferOutput<v.ObjectSchema<typeof searchEntries, undefined>>): JobSearch {
  return {
    title: out.title.trim(),
    investor: out.investor,
    ...(out.salary_min_k === undefined ? {} : { salaryMinK: out.salary_min_k }),
    ...(out.salary_max_k === undefined ? {} : { salaryMaxK: out.salary_max_k }),
    location: out.location.trim(),
    workplaces: out.workplace,
    jobType: out.job_type.trim(),
    level: out.level.trim(),
    postedWithin: out.posted_within,
    from: out.from,
    visa: out.visa === '1',
    sort: out.sort,
    ...(out.ids === undefined ? {} : { ids: out.ids }),
  };
}

/**
 * Call 1's search parameters, as the API reads them. Without `limit` none of them may be given
 * (call 1 then answers the SPEC's whole list); a bad value is an error with a message for a 400.
 */
export function parseJobSearchParams(params: URLSearchParams): JobSearchParse {
  const values = present(params, [...jobSearchParams, 'limit', 'cursor']);
  const result = v.safeParse(searchSchema, values, queryParse);
  if (!result.success) return { ok: false, message: result.issues[0].message };
  const out = result.output;
  if (out.limit === undefined && Object.keys(values).length > 0)
    return { ok: false, message: 'limit is required with search parameters (and with cursor)' };
  return { ok: true, search: searchOf(out), limit: out.limit, cursor: out.cursor ?? null };
}

/**
 * The search alone (a saved search: a job alert), from the same parameters and rules as call 1's
 * (`limit` and `cursor` are not read).
 */
export function parseJobSearch(
  params: URLSearchParams,
): { ok: true; search: JobSearch } | { ok: false; message: string } {
  const result = v.safeParse(v.object(searchEntries), present(params, jobSearchParams), queryParse);
  if (!result.success) return { ok: false, message: result.issues[0].message };
  return { ok: true, search: searchOf(result.output) };
}
