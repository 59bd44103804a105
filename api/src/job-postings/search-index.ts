import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { jobPostings, organizations } from '../db/job-board-tables';
import { selectRows } from './queries';
import type { OrganizationRow } from './serialize';
import { visibleJobs } from './visible';

/**
 * The board's search keys held in memory, one column per rule (docs/search.md, "The search
 * index"): the generated columns the SQL filters read (`filters.ts`), for every published job,
 * read once per change of the data from the covering index `job_postings_search_idx`. A search
 * tests each job with a few array reads, so it costs about the same whatever it matches: counting
 * 5,000 matches among 100,000 jobs in SQL tested every entry of the index (30+ ms on PGlite).
 *
 * Text columns are dictionaries: each distinct title, location, job type… is tested once per
 * search, and a job holds its value's number.
 */
export interface SearchIndex {
  size: number;
  /** Per job, in the `newest` order (posted_us desc, id desc): */
  ids: Int32Array;
  /**
   * posted_us as a Number: exact within ±2^53 µs (1685 to 2255) and for the undated jobs' -2^63;
   * beyond, two dates may round to one Number, and a comparison that ties reads `postedText`.
   */
  postedUs: Float64Array;
  /** posted_us exactly, as the database writes it (the cursors carry it). */
  postedText: string[];
  salaryTop: Float64Array;
  /** NaN when the salary shows no number (never excluded by the bounds). */
  salaryFirstK: Float64Array;
  /** Where the job is shown, as its position in `placementCodes` (board, LinkedIn, both). */
  placement: Uint8Array;
  /** Position of the job's company in `companies`. */
  company: Int32Array;
  title: Dictionary;
  location: Dictionary;
  workplace: Dictionary;
  jobType: Dictionary;
  level: Dictionary;
  /** Positions in `ids` in the `salary` order (salary_top desc, posted_us desc, id desc). */
  bySalary: Int32Array;
  /** Every company, as the answers send it (a page's jobs are read by id, their companies from here). */
  companies: OrganizationRow[];
  companyById: Map<number, OrganizationRow>;
}

export interface Dictionary {
  values: string[];
  codes: Int32Array;
}

export const placementCodes = ['job_board', 'linkedin', 'both'] as const;

function dictionary(size: number): { add(row: number, value: string): void; done(): Dictionary } {
  const values: string[] = [];
  const seen = new Map<string, number>();
  const codes = new Int32Array(size);
  return {
    add(row, value) {
      let code = seen.get(value);
      if (code === undefined) {
        code = values.length;
        values.push(value);
        seen.set(value, code);
      }
      codes[row] = code;
    },
    done: () => ({ values, codes }),
  };
}

type IndexRow = [number, number, string, string, string, string, string, string, number | null, number, string];

/**
 * Reads the index: one JSON text for all jobs (PGlite's cost is per value returned, so 100,000
 * rows of 11 columns as values took seconds), in the order of the newest sort, and the companies,
 * both from one snapshot of the data (a read-only repeatable-read transaction).
 */
export async function readSearchIndex(db: Database): Promise<SearchIndex> {
  const [jobs, companies] = await db.transaction(
    (tx) => Promise.all([selectRows<{ rows: string | null }>(tx, jobsQuery), tx.select().from(organizations)]),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return indexOf(JSON.parse(jobs[0]?.rows ?? '[]') as IndexRow[], companies);
}

const jobsQuery = sql`select json_agg(json_build_array(${jobPostings.id}, ${jobPostings.organizationId}, ${jobPostings.shownOn}, ${jobPostings.titleLower}, ${jobPostings.locationLower}, ${jobPostings.workplaceShown}, ${jobPostings.jobTypeShown}, ${jobPostings.levelShown}, ${jobPostings.salaryFirstK}, ${jobPostings.salaryTop}, ${jobPostings.postedUs}::text) order by ${jobPostings.postedUs} desc, ${jobPostings.id} desc)::text as rows from ${jobPostings} where ${visibleJobs('linkedin_or_job_board')}`;

function indexOf(rows: IndexRow[], companies: OrganizationRow[]): SearchIndex {
  const size = rows.length;
  const companyAt = new Map(companies.map((company, position) => [company.id, position]));
  const index = {
    size,
    ids: new Int32Array(size),
    postedUs: new Float64Array(size),
    salaryTop: new Float64Array(size),
    salaryFirstK: new Float64Array(size),
    placement: new Uint8Array(size),
    company: new Int32Array(size),
  };
  const postedText: string[] = new Array(size);
  const title = dictionary(size);
  const location = dictionary(size);
  const workplace = dictionary(size);
  const jobType = dictionary(size);
  const level = dictionary(size);
  rows.forEach((row, at) => {
    const [
      id,
      companyId,
      shownOn,
      titleLower,
      locationLower,
      workplaceShown,
      jobTypeShown,
      levelShown,
      first,
      top,
      posted,
    ] = row;
    index.ids[at] = id;
    index.company[at] = companyAt.get(companyId) ?? -1;
    index.placement[at] = placementCodes.indexOf(shownOn as (typeof placementCodes)[number]);
    title.add(at, titleLower);
    location.add(at, locationLower);
    workplace.add(at, workplaceShown);
    jobType.add(at, jobTypeShown);
    level.add(at, levelShown);
    index.salaryFirstK[at] = first ?? Number.NaN;
    index.salaryTop[at] = top;
    index.postedUs[at] = Number(posted);
    postedText[at] = posted;
  });
  const bySalary = Int32Array.from({ length: size }, (_, at) => at).sort(
    (a, b) => (index.salaryTop[b] ?? 0) - (index.salaryTop[a] ?? 0) || a - b,
  );
  return {
    ...index,
    postedText,
    title: title.done(),
    location: location.done(),
    workplace: workplace.done(),
    jobType: jobType.done(),
    level: level.done(),
    bySalary,
    companies,
    companyById: new Map(companies.map((company) => [company.id, company])),
  };
}
