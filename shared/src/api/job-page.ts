import { type Job, parseJobList } from '@board/shared/api/job';
import { type FacetCount, JobPageWire } from '@board/shared/api/page-bodies';
import { objectReadingOf, readingOf } from '@board/shared/api/wire-reading';
import * as v from 'valibot';

/**
 * The facets of call 1's page as the board reads them (`JobFacets` of page-bodies.ts is the body):
 * what the whole board (the workspace, or all) offers the filters, whatever they are set to: the
 * investor select's names, the salary fields' initial bounds (thousands), and the values of the
 * location, job type, level and workplace fields.
 */
export interface BoardFacets {
  investors: FacetCount[];
  salaryK: { min: number; max: number } | null;
  jobTypes: FacetCount[];
  levels: FacetCount[];
  workplaceTypes: FacetCount[];
  locations: FacetCount[];
}

/** One page of a paged list: its items, how many match in all, and the cursor of the next page (null: the last). */
export interface Page<T> {
  items: T[];
  total: number;
  nextCursor: string | null;
}

export interface JobPage extends Page<Job> {
  facets: BoardFacets;
  /** At least `total` jobs match: the API stopped counting there ("10,000+ jobs"). Absent: exact. */
  totalIsLowerBound?: boolean;
  /** The board searched the API's whole list itself (search-executor.ts: `local`). Absent: the API did. */
  local?: boolean;
}

const FacetsReading = readingOf(JobPageWire.entries.facets);
const PageReading = objectReadingOf({
  total: JobPageWire.entries.total,
  next_cursor: JobPageWire.entries.next_cursor,
  total_is_lower_bound: JobPageWire.entries.total_is_lower_bound,
});

/** A facet's values as the filters offer them: named, trimmed, counted (a count that is not one: 0). */
function facetList(entries: { value?: string | null; name?: string | null; count: number | null }[]): FacetCount[] {
  return entries.flatMap((entry) => {
    const value = (entry.value ?? entry.name ?? '').trim();
    return value === '' ? [] : [{ value, count: entry.count ?? 0 }];
  });
}

/** The paging fields of a paged answer; a missing total counts what came, a missing cursor ends the list. */
export function parsePageFields(body: unknown, received: number): Omit<Page<unknown>, 'items'> {
  const page = v.parse(PageReading, typeof body === 'object' && body !== null ? body : {});
  return { total: page.total ?? received, nextCursor: page.next_cursor || null };
}

/**
 * Call 1 with `limit` (and call 5, which has no facets): a page of jobs parsed as `parseJobList`
 * parses the whole list, the match count, the next page's cursor and the board's facets.
 */
export function parseJobPage(body: unknown): JobPage {
  const items = parseJobList(body);
  const page = v.parse(PageReading, body);
  const facets = v.parse(FacetsReading, (body as { facets?: unknown }).facets);
  const salary = facets?.salary_k;
  return {
    items,
    total: page.total ?? items.length,
    nextCursor: page.next_cursor || null,
    totalIsLowerBound: page.total_is_lower_bound ?? false,
    facets: {
      investors: facetList(facets?.investors ?? []),
      salaryK: salary && salary.min !== null && salary.max !== null ? { min: salary.min, max: salary.max } : null,
      jobTypes: facetList(facets?.job_types ?? []),
      levels: facetList(facets?.levels ?? []),
      workplaceTypes: facetList(facets?.workplace_types ?? []),
      locations: facetList(facets?.locations ?? []),
    },
  };
}
