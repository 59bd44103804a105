import { sql } from 'drizzle-orm';
import type { OrganizationRow } from '../db/board-rows';
import type { Database } from '../db/database';
import { jobPostings } from '../db/job-board-tables';
import { selectRows } from '../db/select-rows';
import { keepFacets } from '../search/index-facets';
import {
  bySalaryOrder,
  codeOf,
  companiesJson,
  companyFromJson,
  type Dictionary,
  type DictionaryName,
  dictionaryNames,
  dictionaryValues,
  type IndexRow,
  indexedJobs,
  indexRowColumns,
  numericColumnsOf,
  placementCodes,
  type SearchIndex,
  setRow,
} from '../search/search-index';
import { type Pace, statementsOnThisThread } from './background-pace';
import { readTheLog } from './board-changes';

/**
 * The rows changed since an index's version, read from the change log the database keeps
 * (migration 0005), and the next index made from the previous one and those rows: the search
 * index kept up to date without reading it whole (docs/decisions/022-live-reads.md).
 */

/** The changes of the versions after the index's, up to `version`. */
export interface IndexChanges {
  version: number;
  /** Every job whose row changed; its new row is in `jobs` if the index holds it (published). */
  jobIds: number[];
  jobs: IndexRow[];
  /** Every company whose row changed; its new row is in `companies` unless it was deleted. */
  companyIds: number[];
  companies: OrganizationRow[];
  /** Whether only jobs changed: no company, no workspace. */
  onlyJobs: boolean;
}

export type ChangesRead =
  /** Nothing committed after the version asked about. */
  | { kind: 'none'; version: number }
  | { kind: 'rows'; changes: IndexChanges }
  /**
   * The index must be read whole: more rows changed than `upTo`, a table was truncated, or the
   * log no longer holds every change since that version (pruned).
   */
  | { kind: 'everything'; version: number; reason: 'many' | 'truncated' | 'pruned' };

/** Changed jobs read per statement: a large change is read in pieces, paced (`readChangesSince`). */
const rowsPerRead = 250;

/**
 * What changed after version `since`: first, in one statement (one snapshot), the latest version
 * and the keys changed since (at most `upTo` + 1 looked at); then, when there are at most `upTo`,
 * the indexed columns of the changed jobs and the rows of the changed companies, by primary key,
 * `rowsPerRead` jobs a statement. Those rows may be newer than that version (a commit in between,
 * or between two of those statements): never older, and the next change read holds them again.
 * With `pause` (a change applied in the background), it is called between the statements, so a
 * large change read on PGlite, whose statements run on this thread, does not hold it throughout.
 */
export async function readChangesSince(db: Database, since: number, upTo: number, pause?: Pace): Promise<ChangesRead> {
  const onThread = statementsOnThisThread(db);
  const statement = <T>(work: Promise<T>): Promise<T> => (pause && !onThread ? pause.untimed(work) : work);
  // Through each commit after `since`, its rows (a lateral index scan, kept apart by `offset 0` so
  // the planner cannot make it a join over the whole log, which PGlite never analyses; readTheLog
  // keeps it an index scan whatever the statistics say).
  const [row] = await statement(
    readTheLog(db, (tx) =>
      selectRows<{ version: string; pruned: string; keys: string | null }>(
        tx,
        sql`select (select coalesce(max(version), 0) from board_commits)::text as version,
      (select pruned_through from board_change_log)::text as pruned,
      (select json_agg(json_build_array(table_name, row_key)) from (
        select distinct c.table_name, c.row_key from board_commits m
        cross join lateral (select table_name, row_key from board_changes c where c.txid = m.txid offset 0) c
        where m.version > ${since} limit ${upTo + 1}
      ) as changed)::text as keys`,
      ),
    ),
  );
  const version = Number(row?.version ?? 0);
  if (version <= since) return { kind: 'none', version };
  if (Number(row?.pruned ?? 0) > since) return { kind: 'everything', version, reason: 'pruned' };
  const keys = JSON.parse(row?.keys ?? '[]') as [string, string][];
  if (keys.length > upTo) return { kind: 'everything', version, reason: 'many' };
  if (keys.some(([table]) => table === '*')) return { kind: 'everything', version, reason: 'truncated' };
  const idsOf = (table: string) => keys.filter(([name]) => name === table).map(([, key]) => Number(key));
  const jobIds = idsOf('job_postings');
  const companyIds = idsOf('organizations');
  const byKey = (ids: number[]) =>
    sql`any(array(select value::integer from json_array_elements_text(${JSON.stringify(ids)}::json)))`;
  const jobs: IndexRow[] = [];
  let companies: OrganizationRow[] = [];
  // The companies with the first piece of jobs (most changes are a few jobs: one statement).
  for (let start = 0; start === 0 || start < jobIds.length; start += rowsPerRead) {
    const piece = jobIds.slice(start, start + rowsPerRead);
    const withCompanies = start === 0 && companyIds.length > 0;
    if (piece.length === 0 && !withCompanies) break;
    if (start > 0) await pause?.();
    const [rows] = await statement(
      selectRows<{ jobs: string | null; companies: string | null }>(
        db,
        sql`select (select json_agg(${indexRowColumns}) from ${jobPostings} where ${jobPostings.id} = ${byKey(piece)} and ${indexedJobs})::text as jobs,
            ${withCompanies ? companiesJson(sql`id = ${byKey(companyIds)}`) : sql`null`} as companies`,
      ),
    );
    for (const job of JSON.parse(rows?.jobs ?? '[]') as IndexRow[]) jobs.push(job);
    if (withCompanies) companies = (JSON.parse(rows?.companies ?? '[]') as unknown[][]).map(companyFromJson);
  }
  return {
    kind: 'rows',
    changes: {
      version,
      jobIds,
      jobs,
      companyIds,
      companies,
      onlyJobs: keys.every(([table]) => table === 'job_postings'),
    },
  };
}

/**
 * The positions in `ids` (the first `size`) of the jobs `wanted`, ascending: one pass over a typed
 * array, testing each id in a bitmap of the wanted ones (a Set or Map lookup per position cost
 * tens of milliseconds over a 100,000-job index).
 */
export function positionsOf(ids: Int32Array, size: number, wanted: readonly number[]): number[] {
  const positions: number[] = [];
  if (wanted.length === 0) return positions;
  let highest = 0;
  for (const id of wanted) if (id > highest) highest = id;
  const marked = new Uint8Array(highest + 1);
  for (const id of wanted) if (id >= 0) marked[id] = 1;
  for (let at = 0; at < size; at++) {
    const id = ids[at] ?? 0;
    if (id >= 0 && id <= highest && marked[id] === 1) positions.push(at);
  }
  return positions;
}

/**
 * Walks an ordered sequence of `length` items from which the items at `removed` are taken out and
 * into which added item _j_ goes before the item at `insertAt[j]` (both ascending): `copy` is given
 * each run of kept items (from, stop, where they go), `put` each added item and where it goes.
 */
function splice(
  length: number,
  removed: number[],
  insertAt: number[],
  copy: (from: number, stop: number, to: number) => void,
  put: (added: number, to: number) => void,
): void {
  let from = 0;
  let to = 0;
  let r = 0;
  let j = 0;
  for (;;) {
    const nextRemoved = removed[r] ?? length;
    const nextInsert = insertAt[j] ?? length;
    const stop = Math.min(nextRemoved, nextInsert);
    if (stop > from) {
      copy(from, stop, to);
      to += stop - from;
      from = stop;
    }
    // The items added here come before the item at `from`.
    while (j < insertAt.length && insertAt[j] === from) put(j++, to++);
    if (from >= length) return;
    if (nextRemoved === from) {
      r++;
      from++;
    }
  }
}

/** Whether job `a` comes before job `b` in the `newest` order (posted_us desc, id desc). */
function before(aPosted: number, aExact: bigint, aId: number, bPosted: number, bExact: bigint, bId: number): boolean {
  if (aPosted !== bPosted) return aPosted > bPosted;
  if (aExact !== bExact) return aExact > bExact;
  return aId > bId;
}

const rowBefore = (a: IndexRow, b: IndexRow) =>
  before(Number(a[11]), BigInt(a[11]), a[0], Number(b[11]), BigInt(b[11]), b[0]);

/** The first position of `index` whose job does not come before `row`: where `row` goes. */
function insertionPoint(index: SearchIndex, row: IndexRow): number {
  const posted = Number(row[11]);
  const exact = BigInt(row[11]);
  let low = 0;
  let high = index.size;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const comesBefore = before(
      index.postedUs[middle] ?? 0,
      index.postedExact[middle] ?? 0n,
      index.ids[middle] ?? 0,
      posted,
      exact,
      row[0],
    );
    if (comesBefore) low = middle + 1;
    else high = middle;
  }
  return low;
}

const numericColumns = ['ids', 'postedUs', 'postedExact', 'salaryTop', 'salaryFirstK', 'placement', 'company'] as const;

/**
 * The index after `changes`: every changed job taken out, the still-published ones put back at
 * their place in the `newest` order, the `salary` order merged, the changed companies replaced.
 * The runs of unchanged jobs between the changed ones are copied as blocks, so a few changes among
 * 100,000 jobs cost a few block copies and one pass over the `salary` order. `previous` is not
 * changed (a search under way may hold it).
 */
export function withChanges(previous: SearchIndex, changes: IndexChanges): SearchIndex {
  const companies = nextCompanies(previous, changes);
  const inPlace = samePlaces(previous, changes);
  if (inPlace) return patched(previous, inPlace, companies);
  const removed = positionsOf(previous.ids, previous.size, changes.jobIds);
  const rows = [...changes.jobs].sort((a, b) => (rowBefore(a, b) ? -1 : 1));
  const insertAt = rows.map((row) => insertionPoint(previous, row));

  const size = previous.size - removed.length + rows.length;
  const next = numericColumnsOf(size);
  const dictionaries = Object.fromEntries(
    dictionaryNames.map((name) => [name, { ...previous[name], codes: new Int32Array(size) }]),
  ) as Record<DictionaryName, Dictionary>;
  const oldToNew = new Int32Array(previous.size).fill(-1);
  const addedAt = new Int32Array(rows.length);

  splice(
    previous.size,
    removed,
    insertAt,
    (from, stop, to) => {
      for (const name of numericColumns) {
        (next[name] as Int32Array).set((previous[name] as Int32Array).subarray(from, stop), to);
      }
      for (const name of dictionaryNames) dictionaries[name].codes.set(previous[name].codes.subarray(from, stop), to);
      for (let at = from; at < stop; at++) oldToNew[at] = to + at - from;
    },
    (added, to) => {
      const row = rows[added] as IndexRow;
      setRow(next, to, row, companies.companyAt);
      const values = dictionaryValues(row);
      for (const name of dictionaryNames) dictionaries[name].codes[to] = codeOf(dictionaries[name], values[name]);
      addedAt[added] = to;
    },
  );

  for (const name of dictionaryNames) dictionaries[name] = compacted(dictionaries[name]);
  return {
    size,
    ...next,
    ...dictionaries,
    bySalary: mergedSalaryOrder(previous.bySalary, oldToNew, bySalaryOrder(next.salaryTop, addedAt), next.salaryTop),
    ...companies,
  };
}

/**
 * Where each changed job is, when every one is still indexed at the same place (its date and id,
 * the `newest` order's keys, unchanged): the common change, an edit of a published job. Null
 * otherwise.
 */
function samePlaces(previous: SearchIndex, changes: IndexChanges): Map<number, IndexRow> | null {
  if (changes.jobs.length !== changes.jobIds.length) return null;
  const places = new Map<number, IndexRow>();
  for (const row of changes.jobs) {
    const at = insertionPoint(previous, row);
    if (previous.ids[at] !== row[0] || previous.postedExact[at] !== BigInt(row[11])) return null;
    places.set(at, row);
  }
  return places;
}

/** The columns the facets count: a change to none of them keeps the previous index's facets. */
const facetColumns = new Set<string>([
  'salaryFirstK',
  'placement',
  'company',
  'locationShown',
  'workplace',
  'jobType',
  'level',
]);

/**
 * The index with the changed jobs rewritten where they are: only the columns that differ are
 * copied; the `salary` order is merged again only when a job's salary top moved; and the facets
 * counted over the previous index are kept when no column they count changed.
 */
function patched(
  previous: SearchIndex,
  places: Map<number, IndexRow>,
  companies: Pick<SearchIndex, 'companies' | 'companyById' | 'companyAt'>,
): SearchIndex {
  const copies: Partial<Pick<SearchIndex, 'salaryTop' | 'salaryFirstK' | 'placement' | 'company'>> = {};
  const codes: Partial<Record<DictionaryName, Int32Array>> = {};
  const written = { salaryTop: false, facets: companies.companies !== previous.companies };
  const column = <Name extends keyof typeof copies>(name: Name) => {
    copies[name] ??= previous[name].slice() as (typeof copies)[Name];
    if (facetColumns.has(name)) written.facets = true;
    return copies[name] as NonNullable<(typeof copies)[Name]>;
  };
  for (const [at, row] of places) {
    const [, companyId, shownOn, , , , , , , first, top] = row;
    const company = companies.companyAt.get(companyId) ?? -1;
    if (previous.company[at] !== company) column('company')[at] = company;
    const placement = placementCodes.indexOf(shownOn as (typeof placementCodes)[number]);
    if (previous.placement[at] !== placement) column('placement')[at] = placement;
    const firstK = first ?? Number.NaN;
    if (!Object.is(previous.salaryFirstK[at], firstK)) column('salaryFirstK')[at] = firstK;
    if (previous.salaryTop[at] !== top) {
      column('salaryTop')[at] = top;
      written.salaryTop = true;
    }
    const values = dictionaryValues(row);
    for (const name of dictionaryNames) {
      const code = codeOf(previous[name], values[name]);
      if (previous[name].codes[at] === code) continue;
      codes[name] ??= previous[name].codes.slice();
      codes[name][at] = code;
      if (facetColumns.has(name)) written.facets = true;
    }
  }
  const dictionaries = Object.fromEntries(
    dictionaryNames.map((name) => {
      const changed = codes[name];
      return [name, changed ? compacted({ ...previous[name], codes: changed }) : previous[name]];
    }),
  ) as Record<DictionaryName, Dictionary>;
  const next: SearchIndex = {
    ...previous,
    ...copies,
    ...dictionaries,
    ...companies,
    bySalary: written.salaryTop
      ? resortedSalaryOrder(
          previous.bySalary,
          [...places.keys()],
          previous.salaryTop,
          copies.salaryTop ?? previous.salaryTop,
        )
      : previous.bySalary,
  };
  if (!written.facets) keepFacets(previous, next);
  return next;
}

/**
 * The `salary` order with the jobs at `moved` (same positions, new salary tops) taken out where
 * their old tops put them and put back where their new ones do: binary searches, and the runs
 * between copied as blocks.
 */
function resortedSalaryOrder(
  previous: Int32Array,
  moved: number[],
  oldTop: Float64Array,
  newTop: Float64Array,
): Int32Array {
  // The first place in `previous` (ordered by the old tops) whose job does not come before (top, at).
  const placeOf = (top: number, at: number) => {
    let low = 0;
    let high = previous.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const other = previous[middle] ?? 0;
      const otherTop = oldTop[other] ?? 0;
      if (otherTop > top || (otherTop === top && other < at)) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  const removed = moved.map((at) => placeOf(oldTop[at] ?? 0, at)).sort((a, b) => a - b);
  const added = bySalaryOrder(newTop, Int32Array.from(moved));
  const insertAt = Array.from(added, (at) => placeOf(newTop[at] ?? 0, at));
  const next = new Int32Array(previous.length);
  splice(
    previous.length,
    removed,
    insertAt,
    (from, stop, to) => next.set(previous.subarray(from, stop), to),
    (at, to) => {
      next[to] = added[at] ?? 0;
    },
  );
  return next;
}

/** The kept jobs in their `salary` order at their new positions, merged with the added ones. */
function mergedSalaryOrder(
  previous: Int32Array,
  oldToNew: Int32Array,
  added: Int32Array,
  salaryTop: Float64Array,
): Int32Array {
  const kept = new Int32Array(previous.length);
  let count = 0;
  for (let step = 0; step < previous.length; step++) {
    const moved = oldToNew[previous[step] ?? 0] ?? -1;
    if (moved >= 0) kept[count++] = moved;
  }
  const merged = new Int32Array(count + added.length);
  let k = 0;
  let a = 0;
  let out = 0;
  while (k < count || a < added.length) {
    const fromKept = kept[k] ?? 0;
    const fromAdded = added[a] ?? 0;
    const takeKept =
      a >= added.length ||
      (k < count &&
        ((salaryTop[fromKept] ?? 0) > (salaryTop[fromAdded] ?? 0) ||
          ((salaryTop[fromKept] ?? 0) === (salaryTop[fromAdded] ?? 0) && fromKept < fromAdded)));
    merged[out++] = takeKept ? fromKept : fromAdded;
    if (takeKept) k++;
    else a++;
  }
  return merged;
}

/** The companies after the changed ones: replaced in place, new ones added at the end. */
function nextCompanies(
  previous: SearchIndex,
  changes: IndexChanges,
): Pick<SearchIndex, 'companies' | 'companyById' | 'companyAt'> {
  if (changes.companyIds.length === 0)
    return { companies: previous.companies, companyById: previous.companyById, companyAt: previous.companyAt };
  const companies = [...previous.companies];
  const companyById = new Map(previous.companyById);
  const companyAt = new Map(previous.companyAt);
  const present = new Map(changes.companies.map((company) => [company.id, company]));
  for (const id of changes.companyIds) {
    const company = present.get(id);
    // Deleted: no job can refer to it (the foreign key), so its position stays, unused.
    if (!company) {
      companyById.delete(id);
      continue;
    }
    const at = companyAt.get(id);
    if (at === undefined) {
      companyAt.set(id, companies.length);
      companies.push(company);
    } else companies[at] = company;
    companyById.set(id, company);
  }
  return { companies, companyById, companyAt };
}

/**
 * The dictionary made afresh once it holds twice the values it was built with (values no job
 * holds any more, after many changes), so a search never tests many dead values.
 */
function compacted(dictionary: Dictionary): Dictionary {
  if (dictionary.values.length <= 2 * dictionary.built + 1024) return dictionary;
  const fresh: Dictionary = { values: [], lookup: new Map(), codes: new Int32Array(dictionary.codes.length), built: 0 };
  dictionary.codes.forEach((code, at) => {
    fresh.codes[at] = codeOf(fresh, dictionary.values[code] ?? '');
  });
  fresh.built = fresh.values.length;
  return fresh;
}
