import { type JobSearch, postedWithinMs, same } from '@board/shared/api/job-search';
import type { FacetCount, JobFacets } from '@board/shared/api/page-bodies';
import { notStated, tokensOpenTo } from '@board/shared/places/work-from';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { jobPostings, organizations } from '../db/job-board-tables';
import { inScope, type Scope } from './visible';

/**
 * The SPEC's filter rules (section 5) and the board's extra filters, as SQL over the generated
 * columns of migration 0002 (docs/search.md), for the job alerts' digests. Call 1 runs the same
 * rules over the same columns held in memory (`searchMatches` in search-index-page.ts); the property test
 * (search.property.test.ts) holds both to the board's own rules.
 */

/** A LIKE pattern that matches `text` anywhere, its wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

/** The column holds one of the scope's values that equal a wanted one, case-insensitively. */
function oneOf(column: AnyPgColumn, values: FacetCount[], wanted: string[]): SQL {
  const matching = values.map(({ value }) => value).filter((value) => wanted.some((want) => same(value, want)));
  if (matching.length === 0) return sql`false`;
  return sql`${column} in (${sql.join(
    matching.map((value) => sql`${value}`),
    sql`, `,
  )})`;
}

/** The search's filters (everything but the scope and the page), or null when none is on. */
export function searchFilters(search: JobSearch, now: number, facets: JobFacets): SQL | null {
  const conditions: SQL[] = [];
  // Title and location: 'contains', case-insensitive (the search is trimmed when parsed).
  // Both sides in lower case and a LIKE: the same as ILIKE, several times cheaper per row.
  if (search.title !== '') conditions.push(sql`${jobPostings.titleLower} like lower(${containsPattern(search.title)})`);
  if (search.location !== '')
    conditions.push(sql`${jobPostings.locationLower} like lower(${containsPattern(search.location)})`);
  if (search.investor !== '')
    conditions.push(
      sql`${jobPostings.organizationId} in (select ${organizations.id} from ${organizations} where ${organizations.investorNames} @> array[${search.investor}::text])`,
    );
  // A job whose salary text has no number is never excluded.
  if (search.salaryMinK !== undefined)
    conditions.push(
      sql`(${jobPostings.salaryFirstK} is null or ${jobPostings.salaryFirstK} >= ${String(search.salaryMinK)}::float8)`,
    );
  if (search.salaryMaxK !== undefined)
    conditions.push(
      sql`(${jobPostings.salaryFirstK} is null or ${jobPostings.salaryFirstK} <= ${String(search.salaryMaxK)}::float8)`,
    );
  // Case-insensitive equality, written as equality with the scope's values that match (from its
  // facets, counted at the same data version): the planner knows how common each value is, and
  // no row is lowered.
  if (search.workplaces.length > 0)
    conditions.push(oneOf(jobPostings.workplaceShown, facets.workplace_types, search.workplaces));
  if (search.jobType !== '') conditions.push(oneOf(jobPostings.jobTypeShown, facets.job_types, [search.jobType]));
  if (search.level !== '') conditions.push(oneOf(jobPostings.levelShown, facets.levels, [search.level]));
  // Undated jobs hold the lowest posted_us: never within a period. A future date counts as just posted.
  if (search.postedWithin !== '')
    conditions.push(
      sql`${jobPostings.postedUs} >= ${String(BigInt(now - postedWithinMs[search.postedWithin]) * 1000n)}::bigint`,
    );
  // "I can work from": open to the country (its own, its region's or anywhere's token), or remote
  // without saying from where (db/job-places.ts). A job whose readings are not stored is left out.
  if (search.from !== '')
    conditions.push(
      sql`${jobPostings.workFrom} && array[${sql.join(
        [...tokensOpenTo(search.from), notStated].map((token) => sql`${token}`),
        sql`, `,
      )}]::text[]`,
    );
  if (search.visa) conditions.push(sql`${jobPostings.visaSponsorship} = 'yes'`);
  if (search.ids !== undefined)
    conditions.push(
      sql`${jobPostings.id} in (${sql.join(
        search.ids.map((id) => sql`${id}::integer`),
        sql`, `,
      )})`,
    );
  return conditions.length === 0 ? null : sql.join(conditions, sql` and `);
}

/** The jobs a search finds in its scope; `filtered` is false when no filter is on (the whole scope). */
export function searchWhere(
  scope: Scope,
  search: JobSearch,
  now: number,
  facets: JobFacets,
): { where: SQL; filtered: boolean } {
  const filter = searchFilters(search, now, facets);
  return filter
    ? { where: sql`${inScope(scope)} and ${filter}`, filtered: true }
    : { where: inScope(scope), filtered: false };
}
