import { keepFacets } from '../search/index-facets';
import {
  bySalaryOrder,
  codeOf,
  type Dictionary,
  type DictionaryName,
  dictionaryNames,
  dictionaryValues,
  type IndexRow,
  numericColumnsOf,
  placementCodes,
  type SearchIndex,
  setRow,
} from '../search/search-index';
import { insertionPoint, mergedSalaryOrder, positionsOf, resortedSalaryOrder, rowBefore, splice } from './index-order';
import type { IndexChanges } from './read-changes';

/**
 * The next search index made from the previous one and the rows a change read (read-changes.ts):
 * the search index kept up to date without reading it whole (docs/decisions/022-live-reads.md).
 */

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
