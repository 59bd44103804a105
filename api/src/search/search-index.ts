import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { OrganizationRow } from '../db/board-rows';
import { jobPostings, organizations } from '../db/job-board-tables';
import { unreadWorkFrom } from '../db/job-places';
import { visibleJobs } from './visible';

/**
 * The board's search keys held in memory, one column per rule (docs/search.md, "The search
 * index"): the generated columns the SQL filters read (`filters.ts`), for every published job,
 * read once when the API starts from the covering index `job_postings_search_idx`, then kept up
 * to date row by row as the data changes (board-changes/apply-changes.ts, live-index.ts). A search tests
 * each job with a few array reads, so it costs about the same whatever it matches: counting 5,000
 * matches among 100,000 jobs in SQL tested every entry of the index (30+ ms on PGlite).
 *
 * Text columns are dictionaries: each distinct value is tested once per search, and a job holds its number.
 *
 * An index is never changed once built: a change of the data makes the next one, and a search
 * under way keeps the one it started with.
 */
export interface SearchIndex {
  size: number;
  /** Per job, in the `newest` order (posted_us desc, id desc): */
  ids: Int32Array;
  /**
   * posted_us as a Number: exact within ±2^53 µs (1685 to 2255) and for the undated jobs' -2^63;
   * beyond, two dates may round to one Number, and a comparison that ties reads `postedExact`.
   */
  postedUs: Float64Array;
  /** posted_us exactly, as the database holds it (the cursors carry it). */
  postedExact: BigInt64Array;
  salaryTop: Float64Array;
  /** NaN when the salary shows no number (never excluded by the bounds). */
  salaryFirstK: Float64Array;
  /** Where the job is shown, as its position in `placementCodes` (board, LinkedIn, both). */
  placement: Uint8Array;
  /** Position of the job's company in `companies`. */
  company: Int32Array;
  /** title_lower, location_lower: what 'contains' reads. */
  title: Dictionary;
  location: Dictionary;
  /** The values the cards show, which the facets count and the equality filters compare. */
  locationShown: Dictionary;
  workplace: Dictionary;
  jobType: Dictionary;
  level: Dictionary;
  /** `work_from`'s tokens, comma-separated (db/job-places.ts); 'yes', 'no' or 'not-stated'. */
  workFrom: Dictionary;
  visa: Dictionary;
  /** Positions in `ids` in the `salary` order (salary_top desc, posted_us desc, id desc). */
  bySalary: Int32Array;
  /**
   * Every company, as the answers send it (a page's jobs are read by id, their companies from
   * here). A company keeps its position for the life of the process (a deleted one stays, with no job).
   */
  companies: OrganizationRow[];
  companyById: Map<number, OrganizationRow>;
  companyAt: Map<number, number>;
}

/**
 * Distinct values and each job's value as a number. `values` and `lookup` only grow, and are
 * shared by the indexes built from one another: an older index never holds the newer codes, and
 * testing a few values no job of it holds costs nothing. `built` is how many values were in use
 * when the dictionary was last made afresh (board-changes/apply-changes.ts remakes it once it doubles).
 */
export interface Dictionary {
  values: string[];
  codes: Int32Array;
  lookup: Map<string, number>;
  built: number;
}

export const placementCodes = ['job_board', 'linkedin', 'both'] as const;

/** The code of `value` in the dictionary, added when new. */
export function codeOf(dictionary: Pick<Dictionary, 'values' | 'lookup'>, value: string): number {
  let code = dictionary.lookup.get(value);
  if (code === undefined) {
    code = dictionary.values.length;
    dictionary.values.push(value);
    dictionary.lookup.set(value, code);
  }
  return code;
}

function dictionary(size: number): Dictionary {
  return { values: [], codes: new Int32Array(size), lookup: new Map(), built: 0 };
}

/** One job of the index as the database sends it (`indexRowColumns`). */
export type IndexRow = [
  id: number,
  organizationId: number,
  shownOn: string,
  titleLower: string,
  locationLower: string,
  locationShown: string,
  workplaceShown: string,
  jobTypeShown: string,
  levelShown: string,
  salaryFirstK: number | null,
  salaryTop: number,
  postedUs: string,
  workFrom: string[] | null,
  visaSponsorship: string,
];

/** The JSON array of one job's index columns (`IndexRow`). */
export const indexRowColumns = sql`json_build_array(${jobPostings.id}, ${jobPostings.organizationId}, ${jobPostings.shownOn}, ${jobPostings.titleLower}, ${jobPostings.locationLower}, ${jobPostings.locationShown}, ${jobPostings.workplaceShown}, ${jobPostings.jobTypeShown}, ${jobPostings.levelShown}, ${jobPostings.salaryFirstK}, ${jobPostings.salaryTop}, ${jobPostings.postedUs}::text, ${jobPostings.workFrom}, ${jobPostings.visaSponsorship})`;

/** The jobs the index holds: every published job, whatever its placement. */
export const indexedJobs = visibleJobs('linkedin_or_job_board');

const companyColumns = Object.entries(getTableColumns(organizations));

/** The JSON array of companies' rows, each as an array of its columns (`companyFromJson` reads one). */
export function companiesJson(where: SQL = sql`true`): SQL {
  return sql`(select json_agg(json_build_array(${sql.join(
    companyColumns.map(([, column]) => column),
    sql`, `,
  )})) from ${organizations} where ${where})::text`;
}

/** A company read by `companiesJson`, mapped as Drizzle maps the driver's values. */
export function companyFromJson(values: unknown[]): OrganizationRow {
  const company: Record<string, unknown> = {};
  companyColumns.forEach(([key, column], at) => {
    const value = values[at] ?? null;
    company[key] = value === null ? null : column.mapFromDriverValue(value);
  });
  return company as OrganizationRow;
}

/** The dictionaries of an index, by name: what a job's row fills. */
// biome-ignore format: one line
export const dictionaryNames = ['title', 'location', 'locationShown', 'workplace', 'jobType', 'level', 'workFrom', 'visa'] as const;
export type DictionaryName = (typeof dictionaryNames)[number];

/** A row's value for each dictionary. */
export function dictionaryValues(row: IndexRow): Record<DictionaryName, string> {
  return {
    title: row[3],
    location: row[4],
    locationShown: row[5],
    workplace: row[6],
    jobType: row[7],
    level: row[8],
    workFrom: (row[12] ?? unreadWorkFrom(row[5], row[6])).join(','),
    visa: row[13],
  };
}

/** Fills position `at` of the index's columns from a job's row (not the dictionaries' codes). */
export function setRow(
  index: Pick<SearchIndex, 'ids' | 'postedUs' | 'postedExact' | 'salaryTop' | 'salaryFirstK' | 'placement' | 'company'>,
  at: number,
  row: IndexRow,
  companyAt: Map<number, number>,
) {
  const [id, companyId, shownOn, , , , , , , first, top, posted] = row;
  index.ids[at] = id;
  index.company[at] = companyAt.get(companyId) ?? -1;
  index.placement[at] = placementCodes.indexOf(shownOn as (typeof placementCodes)[number]);
  index.salaryFirstK[at] = first ?? Number.NaN;
  index.salaryTop[at] = top;
  index.postedUs[at] = Number(posted);
  index.postedExact[at] = BigInt(posted);
}

/**
 * The `salary` order over positions: salary_top desc, then position (the `newest` order). Sorts
 * `positions` in place.
 */
export function bySalaryOrder(salaryTop: Float64Array, positions: Int32Array): Int32Array {
  return positions.sort((a, b) => (salaryTop[b] ?? 0) - (salaryTop[a] ?? 0) || a - b);
}

/** The index's columns other than the dictionaries, for `size` jobs. */
export function numericColumnsOf(size: number) {
  return {
    ids: new Int32Array(size),
    postedUs: new Float64Array(size),
    postedExact: new BigInt64Array(size),
    salaryTop: new Float64Array(size),
    salaryFirstK: new Float64Array(size),
    placement: new Uint8Array(size),
    company: new Int32Array(size),
  };
}

/**
 * Builds an index of `size` jobs from their rows, given one at a time in the `newest` order: the
 * rows need not all be held at once (read-search-index.ts reads them a page at a time).
 */
export function indexBuilder(size: number, companies: OrganizationRow[]) {
  const companyAt = new Map(companies.map((company, position) => [company.id, position]));
  const columns = numericColumnsOf(size);
  const dictionaries = Object.fromEntries(dictionaryNames.map((name) => [name, dictionary(size)])) as Record<
    DictionaryName,
    Dictionary
  >;
  let at = 0;
  return {
    add(row: IndexRow) {
      setRow(columns, at, row, companyAt);
      const values = dictionaryValues(row);
      for (const name of dictionaryNames) {
        const target = dictionaries[name];
        target.codes[at] = codeOf(target, values[name]);
      }
      at++;
    },
    done(): SearchIndex {
      if (at !== size) throw new Error(`search index: ${at} rows read of ${size}`);
      for (const name of dictionaryNames) dictionaries[name].built = dictionaries[name].values.length;
      return {
        size,
        ...columns,
        ...dictionaries,
        bySalary: bySalaryOrder(
          columns.salaryTop,
          Int32Array.from({ length: size }, (_, position) => position),
        ),
        companies,
        companyById: new Map(companies.map((company) => [company.id, company])),
        companyAt,
      };
    },
  };
}
