import { type Job, parseJobList } from '@board/shared/api/job';
import type { FacetCount } from '@board/shared/api/page-bodies';
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
}

const count = v.fallback(v.pipe(v.number(), v.integer(), v.minValue(0)), 0);
const facetList = (key: 'name' | 'value') =>
  v.pipe(
    v.fallback(v.array(v.unknown()), []),
    v.transform((items) =>
      items.flatMap((item): FacetCount[] => {
        const entry = item as Record<string, unknown> | null;
        const value = entry?.[key];
        if (typeof value !== 'string' || value.trim() === '') return [];
        const parsed = v.parse(count, entry?.count);
        return [{ value: value.trim(), count: parsed }];
      }),
    ),
  );
const FacetsSchema = v.object({
  investors: facetList('name'),
  salary_k: v.fallback(
    v.nullable(v.object({ min: v.pipe(v.number(), v.finite()), max: v.pipe(v.number(), v.finite()) })),
    null,
  ),
  job_types: facetList('value'),
  levels: facetList('value'),
  workplace_types: facetList('value'),
  locations: facetList('value'),
});
const PageSchema = v.object({
  total: v.fallback(v.nullish(count), null),
  next_cursor: v.fallback(v.nullish(v.string()), null),
});

/** The paging fields of a paged answer; a missing total counts what came, a missing cursor ends the list. */
export function parsePageFields(body: unknown, received: number): Omit<Page<unknown>, 'items'> {
  const page = v.parse(PageSchema, typeof body === 'object' && body !== null ? body : {});
  return { total: page.total ?? received, nextCursor: page.next_cursor || null };
}

/**
 * Call 1 with `limit` (and call 5, which has no facets): a page of jobs parsed as `parseJobList`
 * parses the whole list, the match count, the next page's cursor and the board's facets.
 */
export function parseJobPage(body: unknown): JobPage {
  const items = parseJobList(body);
  const raw = (body as { facets?: unknown }).facets;
  const facets = v.parse(FacetsSchema, typeof raw === 'object' && raw !== null ? raw : {});
  const lowerBound = v.parse(
    v.fallback(v.boolean(), false),
    (body as { total_is_lower_bound?: unknown }).total_is_lower_bound,
  );
  return {
    items,
    ...parsePageFields(body, items.length),
    totalIsLowerBound: lowerBound,
    facets: {
      investors: facets.investors,
      salaryK: facets.salary_k,
      jobTypes: facets.job_types,
      levels: facets.levels,
      workplaceTypes: facets.workplace_types,
      locations: facets.locations,
    },
  };
}
