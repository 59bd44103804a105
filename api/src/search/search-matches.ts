import { type Dictionary, placementCodes, type SearchIndex } from './search-index';
import type { SearchRules } from './search-index-page';
import { scopeKey } from './visible';

/** Which of a dictionary's values pass a test (1) or not (0): each distinct value tested once. */
export function passing(dictionary: Dictionary, test: (value: string) => boolean): Uint8Array {
  return byteOf(dictionary.values, (value) => (test(value) ? 1 : 0));
}

/** Each value's byte (`Uint8Array.from` with a map function is several times slower in V8). */
export function byteOf<T>(values: readonly T[], byte: (value: T) => number): Uint8Array {
  const bytes = new Uint8Array(values.length);
  for (let at = 0; at < values.length; at++) bytes[at] = byte(values[at] as T);
  return bytes;
}

/**
 * The rules over the index: each job's match, column by column (a tight loop per rule in use, each
 * distinct value of a text column tested once). 0: no match; 1: a match; 2: a match in the sort's
 * second part (with a country to work from, a remote job that does not say from where: listed after
 * the others).
 */
export function searchMatches(index: SearchIndex, rules: SearchRules): Uint8Array {
  const matches = new Uint8Array(scopeMatches(index, rules));
  const { investor } = rules;
  if (investor !== null)
    narrow(
      matches,
      index.company,
      byteOf(index.companies, (company) => (investor(company) ? 1 : 0)),
    );
  const dictionaryRules = [
    [index.title, rules.title],
    [index.location, rules.location],
    [index.workplace, rules.workplace],
    [index.jobType, rules.jobType],
    [index.level, rules.level],
    [index.visa, rules.visa],
  ] as const;
  for (const [dictionary, test] of dictionaryRules)
    if (test !== null) narrow(matches, dictionary.codes, passing(dictionary, test));
  const { workFrom } = rules;
  if (workFrom !== null) {
    const parts = { yes: 1, unknown: 2, no: 0 } as const;
    narrow(
      matches,
      index.workFrom.codes,
      byteOf(index.workFrom.values, (tokens) => parts[workFrom(tokens)]),
    );
  }
  if (rules.salaryFirstK !== null) narrowBy(matches, index.salaryFirstK, rules.salaryFirstK);
  if (rules.postedUs !== null) narrowBy(matches, index.postedUs, rules.postedUs);
  if (rules.id !== null) narrowBy(matches, index.ids, rules.id);
  return matches;
}

// The loops take their arrays as arguments (not from a closure's context): V8 keeps them in registers.

/** The jobs in the rules' scope (1) or not (0), worked out once per index and scope. */
const scopes = new WeakMap<SearchIndex, Map<string, Uint8Array>>();

function scopeMatches(index: SearchIndex, rules: SearchRules): Uint8Array {
  let byScope = scopes.get(index);
  if (!byScope) {
    byScope = new Map();
    scopes.set(index, byScope);
  }
  const key = scopeKey(rules.scope);
  let matches = byScope.get(key);
  if (!matches) {
    matches = new Uint8Array(index.size);
    const placementOk = byteOf(placementCodes, (code) => (rules.placement(code) ? 1 : 0));
    const companyOk = byteOf(index.companies, (company) => (rules.workspace(company) ? 1 : 0));
    inScope(matches, index.placement, placementOk, index.company, companyOk);
    byScope.set(key, matches);
  }
  return matches;
}

function inScope(
  matches: Uint8Array,
  placement: Uint8Array,
  placementOk: Uint8Array,
  company: Int32Array,
  companyOk: Uint8Array,
) {
  for (let at = 0; at < matches.length; at++)
    matches[at] = (placementOk[placement[at] ?? 0] ?? 0) & (companyOk[company[at] ?? 0] ?? 0);
}

/** Multiplies each match by its value's (0, 1 or 2): a job keeps its part, or drops out. */
function narrow(matches: Uint8Array, codes: Int32Array, ok: Uint8Array) {
  for (let at = 0; at < matches.length; at++) {
    const match = matches[at] ?? 0;
    if (match !== 0) matches[at] = match * (ok[codes[at] ?? 0] ?? 0);
  }
}

function narrowBy(matches: Uint8Array, values: Float64Array | Int32Array, test: (value: number) => boolean) {
  for (let at = 0; at < matches.length; at++) if (matches[at] !== 0 && !test(values[at] ?? 0)) matches[at] = 0;
}
